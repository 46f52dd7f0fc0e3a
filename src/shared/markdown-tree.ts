import type MarkdownIt from 'markdown-it';
import { lazyMarkdownIt } from '../core/util/markdown-it';
import type { MdElement, MdNode, MdTag } from './markdown-nodes';

/**
 * The one Markdown reading of Baton: text that agents and people write (task descriptions, comments, review
 * findings, CRP questions and options, orange questions, MRP summaries) parsed by markdown-it into a small tree of
 * plain objects, never into an HTML string. The pages turn the tree into DOM with text nodes
 * (`webview-ui/common/markdown-dom.ts`); the MRP viewer, which runs no script, serialises it with every string
 * escaped (`src/vscode/runs/mrp-html.ts`). So code spans, emphasis, lists and links read the same everywhere.
 *
 * Safety rules, the same for every page: raw HTML is off (`<script>` is those characters); a link is kept only for
 * http(s) (the host opens it, asking the person) and a workspace-relative path; every other scheme (javascript:,
 * data:, file:, command:, vscode:) is a plain span; an image is its alt text, never loaded. Entity references are
 * not decoded: `&lt;` shows as written, as the file holds it (a reader compares what they see with the file; an
 * entity cannot smuggle in an invisible direction override).
 */
const md = lazyMarkdownIt((M) => new M({ html: false, linkify: true, typographer: false }).disable('entity'));
type Token = MarkdownIt.Token;

export type { MdElement, MdLink, MdNode, MdTag } from './markdown-nodes';
export { plainText } from './markdown-nodes';

export interface MarkdownOptions {
  /** Task ids written in the text that become links to their task (only ids the workspace knows). */
  readonly knownIds?: ReadonlySet<string>;
  /** The level `#` and `##` headings take in the page (`###` and deeper take the next one): 2 or 3. */
  readonly headingLevel?: 2 | 3;
}

const BLOCK: Record<string, MdTag> = {
  paragraph: 'p', bullet_list: 'ul', ordered_list: 'ol', list_item: 'li', blockquote: 'blockquote',
  table: 'table', thead: 'thead', tbody: 'tbody', tr: 'tr', th: 'th', td: 'td',
};
const INLINE: Record<string, MdTag> = { strong: 'strong', em: 'em', s: 's' };

const element = (tag: MdTag, extra: Partial<MdElement> = {}): MdElement => ({ tag, children: [], ...extra });

/** A whole Markdown document (paragraphs, lists, headings, code blocks, tables) as block nodes. */
export function markdownTree(source: string, options: MarkdownOptions = {}): MdNode[] {
  const root = element('p');
  const stack: MdElement[] = [root];
  const top = () => stack[stack.length - 1]!;
  const level = options.headingLevel ?? 3;
  for (const token of md().parse(source, {})) {
    if (token.type === 'heading_open') {
      const h = element(token.tag === 'h1' || token.tag === 'h2' ? `h${level}` : `h${level + 1}` as MdTag);
      top().children.push(h); stack.push(h); continue;
    }
    if (token.type === 'heading_close') { stack.pop(); continue; }
    const kind = token.type.replace(/_(open|close)$/, '');
    if (BLOCK[kind]) {
      if (token.nesting === 1) { const node = element(BLOCK[kind]!); top().children.push(node); stack.push(node); } else stack.pop();
      continue;
    }
    if (token.type === 'inline') { inline(token.children ?? [], top(), options); continue; }
    if (token.type === 'fence' || token.type === 'code_block') { top().children.push(element('pre', { children: [element('code', { children: [token.content] })] })); continue; }
    if (token.type === 'hr') top().children.push(element('hr'));
  }
  return root.children;
}

/** One line of Markdown (a question, a list item, a label): code spans, emphasis and links, no blocks. */
export function markdownInline(source: string, options: MarkdownOptions = {}): MdNode[] {
  const holder = element('span');
  for (const token of md().parseInline(source, {})) inline(token.children ?? [], holder, options);
  return holder.children;
}

function inline(tokens: Token[], parent: MdElement, options: MarkdownOptions): void {
  const stack: MdElement[] = [parent];
  const top = () => stack[stack.length - 1]!;
  for (const t of tokens) {
    const kind = t.type.replace(/_(open|close)$/, '');
    if (INLINE[kind]) {
      if (t.nesting === 1) { const node = element(INLINE[kind]!); top().children.push(node); stack.push(node); } else stack.pop();
    } else if (t.type === 'link_open') {
      const node = linkNode(String(t.attrGet('href') ?? ''));
      top().children.push(node); stack.push(node);
    } else if (t.type === 'link_close') {
      stack.pop();
    } else if (t.type === 'text') {
      textWithTaskIds(t.content, top(), options.knownIds);
    } else if (t.type === 'code_inline') {
      top().children.push(element('code', { children: [t.content] }));
    } else if (t.type === 'softbreak' || t.type === 'hardbreak') {
      // A single newline is a line break too: agents and people write CRPs, reviews and comments line by line.
      top().children.push(element('br'));
    } else if (t.type === 'image') {
      top().children.push(element('span', { className: 'muted', children: [`[image: ${t.content || t.attrGet('src') || ''}]`] }));
    } else if (t.content) {
      top().children.push(t.content);
    }
  }
}

/** http(s) → a web link; a relative path → a workspace file; anything else (javascript:, file:, command:, data:) → a plain span. */
function linkNode(href: string): MdElement {
  if (/^https?:\/\//i.test(href)) return element('a', { link: { kind: 'url', url: href }, title: href });
  if (href && !/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('//') && !href.startsWith('#')) {
    return element('a', { link: { kind: 'path', path: decodedPath(href) }, title: href });
  }
  return element('span', { className: 'link-disabled', title: 'link not opened from here' });
}

/** A link's path as written on disk; a malformed escape (`%E0%A4`) is taken literally rather than failing the click. */
function decodedPath(href: string): string {
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}

const TASK_ID = /\b[A-Z][A-Z0-9]*-\d+\b/g;

function textWithTaskIds(text: string, parent: MdElement, knownIds: ReadonlySet<string> | undefined): void {
  let last = 0;
  if (knownIds?.size) {
    for (const m of text.matchAll(TASK_ID)) {
      if (!knownIds.has(m[0])) continue;
      if (m.index! > last) parent.children.push(text.slice(last, m.index));
      parent.children.push(element('a', { link: { kind: 'task', id: m[0] }, title: `Open ${m[0]}`, children: [m[0]] }));
      last = m.index! + m[0].length;
    }
  }
  if (last < text.length) parent.children.push(text.slice(last));
}
