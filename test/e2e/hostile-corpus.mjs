// Hostile text for the UI scenarios of test/e2e/scenarios/xss-hostile-text.mjs: classic XSS payloads that agents
// (or whoever can write to a workspace) could put in any file Baton shows. Each payload that would run script does
// `self.batonXss=N,alert(N)`: the scenario looks for the global in every frame, listens for dialogs, and for
// Chromium's "Ignored call to 'alert()'" (webview frames are sandboxed without allow-modals). The sentinel has no
// underscores, so Markdown never reads it as emphasis, and no spaces or quotes, so it also works as an unquoted
// attribute value.

const run = (n) => `self.batonXss=${n},alert(${n})`;

/** Every payload, by name. Shown verbatim (as characters) wherever Baton shows plain text. */
export const CORPUS = {
  script: `<script>${run(1)}</script>`,
  imgOnerror: `<img src=x onerror=${run(2)}>`,
  svgOnload: `<svg onload=${run(3)}>`,
  iframeSrcdoc: `<iframe srcdoc="<script>parent.batonXss=4,alert(4)</script>"></iframe>`,
  javascriptUrl: `javascript:${run(5)}`,
  attributeBreakout: `"><img src=x onerror=${run(6)}>`,
  singleQuoteBreakout: `'><details open ontoggle=${run(7)}>`,
  templateLiteral: `\${${run(8)}} {{constructor.constructor('${run(8)}')()}}`,
  anchorJavascript: `<a href="javascript:${run(9)}">click</a>`,
  entities: `&lt;img src=x onerror=${run(10)}&gt; &#60;script&#62;${run(10)}&#60;/script&#62;`,
  rtlOverride: '\u202Eexe.\u202Ctxt <b>bold \u2067rtl\u2069',
  styleAndMeta: `<style>*{display:none}</style><meta http-equiv="refresh" content="0;url=javascript:${run(11)}">`,
  mutation: `<math><mtext><table><mglyph><style><img src=x onerror=${run(12)}>`,
  long: `${'A'.repeat(8000)}<img src=x onerror=${run(13)}>${'Z'.repeat(2000)}`,
};

/** Payloads that fit in a file name (no slash, under 255 bytes). */
export const FILE_NAME_SAFE = ['imgOnerror', 'svgOnload', 'attributeBreakout', 'singleQuoteBreakout', 'templateLiteral', 'rtlOverride'];

/** Markdown-only tricks, for fields rendered as Markdown: links and images to javascript:, and raw HTML. */
export const MARKDOWN = {
  link: `[click me](javascript:${run(20)})`,
  image: `![pic](javascript:${run(21)})`,
  imageOnerror: `![pic](x"onerror="${run(22)})`,
  autolink: `<javascript:${run(23)}>`,
  reference: `[ref link][evil]\n\n[evil]: javascript:${run(24)}`,
  dataUrl: `[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgyNSk8L3NjcmlwdD4=)`,
};

/** The corpus as one Markdown document: every plain payload as a paragraph, then the Markdown tricks. */
export function markdownDocument() {
  return [...Object.values(CORPUS).filter((p) => p !== CORPUS.long), ...Object.values(MARKDOWN)].join('\n\n');
}

/** Payloads of the corpus that still need to show, as text, in a Markdown field (raw HTML is text there). */
export const MARKDOWN_VERBATIM = ['script', 'imgOnerror', 'svgOnload', 'iframeSrcdoc', 'attributeBreakout', 'singleQuoteBreakout', 'anchorJavascript', 'styleAndMeta', 'mutation'];
