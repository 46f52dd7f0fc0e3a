import * as assert from 'node:assert';
import { markdownInline, markdownTree, plainText, type MdElement, type MdNode } from '../../../src/shared/markdown-tree';
import { mdNodes, pageMarkdown, pageMarkdownInline } from '../../../src/shared/markdown-protocol';

/** The tree as compact HTML-like text (strings quoted), so a test reads what a page will build. */
function show(nodes: readonly MdNode[]): string {
  return nodes.map((n) => (typeof n === 'string' ? JSON.stringify(n) : element(n))).join('');
}
function element(n: MdElement): string {
  const link = n.link ? ` ${n.link.kind}=${JSON.stringify(n.link.kind === 'url' ? n.link.url : n.link.kind === 'path' ? n.link.path : n.link.id)}` : '';
  return `<${n.tag}${n.className ? `.${n.className}` : ''}${link}>${show(n.children)}</${n.tag}>`;
}

describe('the shared Markdown reading (src/shared/markdown-tree.ts)', () => {
  it('reads code spans, emphasis and lists in a review finding, a CRP context and a comment alike', () => {
    const context = 'Use `rateLimiter()` in **src/app.ts**:\n\n- keep the *default* of `60`\n- log ~~nothing~~ each hit\n\n1. first\n2. second';
    assert.strictEqual(show(markdownTree(context)),
      '<p>"Use "<code>"rateLimiter()"</code>" in "<strong>"src/app.ts"</strong>":"</p>'
      + '<ul><li><p>"keep the "<em>"default"</em>" of "<code>"60"</code></p></li><li><p>"log "<s>"nothing"</s>" each hit"</p></li></ul>'
      + '<ol><li><p>"first"</p></li><li><p>"second"</p></li></ol>');
    assert.strictEqual(show(markdownInline('The `orc.db` is *stale*')), '"The "<code>"orc.db"</code>" is "<em>"stale"</em>');
  });

  it('keeps raw HTML as its characters, and does not decode entities', () => {
    const hostile = '<script>self.x=1</script>\n\n<img src=x onerror=alert(2)>\n\n&lt;b&gt; &#60;i&#62;';
    const tree = markdownTree(hostile);
    assert.strictEqual(show(tree), '<p>"<script>self.x=1</script>"</p><p>"<img src=x onerror=alert(2)>"</p><p>"&lt;b&gt; &#60;i&#62;"</p>');
    assert.strictEqual(plainText(markdownInline('a <b onclick=alert(1)>bold</b>')), 'a <b onclick=alert(1)>bold</b>');
  });

  it('makes no link of javascript:, data:, command: or file: targets; keeps http(s) and workspace paths', () => {
    const tree = markdownTree('[js](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [cmd](command:workbench.action.terminal.new) '
      + '[file](file:///etc/passwd) [web](https://example.com/a) [src](src/app%20main.ts) ![pic](javascript:alert(2)) <javascript:alert(3)>');
    // markdown-it refuses javascript:, data: and file: targets (they stay their source, as text); other schemes are spans
    assert.strictEqual(show(tree), '<p>'
      + '"[js](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) "'
      + '<span.link-disabled>"cmd"</span>'
      + '" [file](file:///etc/passwd) "'
      + '<a url="https://example.com/a">"web"</a>" "'
      + '<a path="src/app main.ts">"src"</a>'
      + '" ![pic](javascript:alert(2)) <javascript:alert(3)>"'
      + '</p>');
    assert.strictEqual(show(markdownInline('![diagram](https://example.com/d.png)')), '<span.muted>"[image: diagram]"</span>');
  });

  it('links task ids only when the workspace knows them, and demotes headings to the page\'s level', () => {
    assert.strictEqual(show(markdownInline('see TASK-001 and TASK-999', { knownIds: new Set(['TASK-001']) })),
      '"see "<a task="TASK-001">"TASK-001"</a>" and TASK-999"');
    assert.strictEqual(show(markdownTree('# A\n\n### B', { headingLevel: 2 })), '<h2>"A"</h2><h3>"B"</h3>');
    assert.strictEqual(show(markdownTree('## A\n\n#### B')), '<h3>"A"</h3><h4>"B"</h4>');
  });

  it('keeps a single newline inside a paragraph as a line break (agents write CRPs, reviews and notes line by line)', () => {
    const note = 'Checked the retry path.\nThe `backoff` is capped at 30 s.\n\nNext: the webhook.';
    assert.strictEqual(show(markdownTree(note)),
      '<p>"Checked the retry path."<br></br>"The "<code>"backoff"</code>" is capped at 30 s."</p><p>"Next: the webhook."</p>');
    assert.strictEqual(show(markdownInline('first line\nsecond line')), '"first line"<br></br>"second line"');
    // A list item continued on the next line keeps its break too; a blank line still starts a new paragraph.
    assert.strictEqual(show(markdownTree('- one\n  more')), '<ul><li><p>"one"<br></br>"more"</p></li></ul>');
  });
});

describe('parsed Markdown as the host sends it to a page (src/shared/markdown-protocol.ts)', () => {
  it('sends the same tree the reading makes, checked: known tags, strings as text, links of known kinds', () => {
    const text = 'Use `x` in [src](src/a.ts), see TASK-001 and <b>raw</b>\n- [web](https://example.com)';
    const options = { knownIds: new Set(['TASK-001']) };
    assert.deepStrictEqual(pageMarkdown(text, options), markdownTree(text, options));
    assert.deepStrictEqual(pageMarkdownInline('a *b*\nc', options), markdownInline('a *b*\nc', options));
    assert.ok(mdNodes.safeParse(markdownTree('<script>alert(1)</script>\n\n[js](javascript:alert(1)) ![i](x.png)')).success);
  });

  it('refuses a tree with a tag, a link or a field a page does not know', () => {
    for (const bad of [
      [{ tag: 'script', children: ['alert(1)'] }],
      [{ tag: 'img', children: [] }],
      [{ tag: 'a', children: ['x'], link: { kind: 'url', url: 'javascript:alert(1)' } }],
      [{ tag: 'a', children: ['x'], link: { kind: 'command', id: 'workbench.action.terminal.new' } }],
      [{ tag: 'a', children: ['x'] }],
      [{ tag: 'span', children: ['x'], link: { kind: 'url', url: 'https://example.com' } }],
      [{ tag: 'p', children: [{ tag: 'span', children: [], onclick: 'alert(1)' }] }],
      [{ tag: 'p', children: [{ tag: 'span', children: [], className: 'evil' }] }],
      [{ tag: 'p', children: [42] }],
    ]) assert.strictEqual(mdNodes.safeParse(bad).success, false, JSON.stringify(bad));
  });
});
