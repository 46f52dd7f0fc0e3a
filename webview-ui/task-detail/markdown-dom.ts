import MarkdownIt from 'markdown-it';
import { el } from './dom';

/**
 * Markdown from task files rendered as DOM nodes built from markdown-it's tokens — never as an HTML string. Raw
 * HTML is off (it shows as text); links work only for http(s) (opened by the host, which asks the person) and
 * workspace-relative paths (opened in the editor); every other scheme is plain text; images show their alt text.
 * Task ids the workspace knows become links to their detail.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
type Token = ReturnType<typeof md.parse>[number];

export interface MarkdownLinks {
  readonly openUrl: (url: string) => void;
  readonly openPath: (path: string) => void;
  readonly openTask: (id: string) => void;
  readonly knownIds: ReadonlySet<string>;
}

const BLOCK: Record<string, keyof HTMLElementTagNameMap> = {
  paragraph: 'p', bullet_list: 'ul', ordered_list: 'ol', list_item: 'li', blockquote: 'blockquote',
  table: 'table', thead: 'thead', tbody: 'tbody', tr: 'tr', th: 'th', td: 'td',
};
const INLINE: Record<string, keyof HTMLElementTagNameMap> = { strong: 'strong', em: 'em', s: 's' };

export function renderMarkdown(source: string, links: MarkdownLinks): HTMLElement {
  const root = el('div', { class: 'markdown' });
  const stack: HTMLElement[] = [root];
  const top = () => stack[stack.length - 1]!;
  for (const token of md.parse(source, {})) {
    if (token.type === 'heading_open') { const h = el(token.tag === 'h1' || token.tag === 'h2' ? 'h3' : 'h4'); top().appendChild(h); stack.push(h); continue; }
    if (token.type === 'heading_close') { stack.pop(); continue; }
    const kind = token.type.replace(/_(open|close)$/, '');
    if (BLOCK[kind]) {
      if (token.nesting === 1) { const node = el(BLOCK[kind]!); top().appendChild(node); stack.push(node); } else stack.pop();
      continue;
    }
    if (token.type === 'inline') { renderInline(token.children ?? [], top(), links); continue; }
    if (token.type === 'fence' || token.type === 'code_block') { top().appendChild(el('pre', {}, el('code', {}, token.content))); continue; }
    if (token.type === 'hr') top().appendChild(el('hr'));
  }
  return root;
}

function renderInline(tokens: Token[], parent: HTMLElement, links: MarkdownLinks): void {
  const stack: HTMLElement[] = [parent];
  const top = () => stack[stack.length - 1]!;
  for (const t of tokens) {
    const kind = t.type.replace(/_(open|close)$/, '');
    if (INLINE[kind]) {
      if (t.nesting === 1) { const node = el(INLINE[kind]!); top().appendChild(node); stack.push(node); } else stack.pop();
    } else if (t.type === 'link_open') {
      const node = linkNode(String(t.attrGet("href") ?? ""), links);
      top().appendChild(node); stack.push(node);
    } else if (t.type === 'link_close') {
      stack.pop();
    } else if (t.type === 'text') {
      textWithTaskIds(t.content, top(), links);
    } else if (t.type === 'code_inline') {
      top().appendChild(el('code', {}, t.content));
    } else if (t.type === 'softbreak') {
      top().appendChild(document.createTextNode(' '));
    } else if (t.type === 'hardbreak') {
      top().appendChild(el('br'));
    } else if (t.type === 'image') {
      top().appendChild(el('span', { class: 'muted' }, `[image: ${t.content || t.attrGet('src') || ''}]`));
    } else if (t.content) {
      top().appendChild(document.createTextNode(t.content));
    }
  }
}

/** http(s) → host; a relative path → the editor; anything else (javascript:, file:, command:, data:) → a plain span. */
function linkNode(href: string, links: MarkdownLinks): HTMLElement {
  if (/^https?:\/\//i.test(href)) return clickable(href, () => links.openUrl(href));
  if (href && !/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('//') && !href.startsWith('#')) {
    return clickable(href, () => links.openPath(decodedPath(href)));
  }
  return el('span', { class: 'link-disabled', title: 'link not opened from here' });
}

/** A link's path as written on disk; a malformed escape (`%E0%A4`) is taken literally rather than failing the click. */
function decodedPath(href: string): string {
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}

function clickable(title: string, run: () => void): HTMLAnchorElement {
  const a = el('a', { href: '#', title });
  a.addEventListener('click', (e) => { e.preventDefault(); run(); });
  return a;
}

const TASK_ID = /\b[A-Z][A-Z0-9]*-\d+\b/g;

function textWithTaskIds(text: string, parent: HTMLElement, links: MarkdownLinks): void {
  let last = 0;
  for (const m of text.matchAll(TASK_ID)) {
    if (!links.knownIds.has(m[0])) continue;
    parent.appendChild(document.createTextNode(text.slice(last, m.index)));
    const id = m[0];
    const a = clickable(`Open ${id}`, () => links.openTask(id));
    a.textContent = id;
    parent.appendChild(a);
    last = m.index! + id.length;
  }
  parent.appendChild(document.createTextNode(text.slice(last)));
}
