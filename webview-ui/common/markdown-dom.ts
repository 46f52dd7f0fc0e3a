import { markdownInline, markdownTree, type MarkdownOptions, type MdLink, type MdNode } from '../../src/shared/markdown-tree';
import { el } from './dom';
import './markdown.css';

/**
 * Markdown from the workspace's files as DOM, for every page: the tree of `src/shared/markdown-tree.ts` (the one
 * parse, with its rules — raw HTML is text, only http(s) and relative links kept, images as their alt text) built
 * with createElement and text nodes, never innerHTML. A page that can open links passes `links`; without them a
 * kept link shows as its text with the target on hover.
 */
export interface MarkdownLinks {
  readonly openUrl: (url: string) => void;
  readonly openPath: (path: string) => void;
  readonly openTask: (id: string) => void;
  readonly knownIds: ReadonlySet<string>;
}

/** A whole document in a `<div class="markdown">` (plus `className`, when given). */
export function renderMarkdown(source: string, links?: MarkdownLinks, className?: string): HTMLElement {
  const root = el('div', { class: className ? `markdown ${className}` : 'markdown' });
  for (const node of markdownTree(source, options(links))) root.appendChild(toDom(node, links));
  return root;
}

/** One line (a question, an option's pro, a list item) inside an element of `tag`. */
export function renderMarkdownInline<K extends keyof HTMLElementTagNameMap>(tag: K, source: string, links?: MarkdownLinks, attrs: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const box = el(tag, attrs);
  box.classList.add('md-inline');
  for (const node of markdownInline(source, options(links))) box.appendChild(toDom(node, links));
  return box;
}

function options(links: MarkdownLinks | undefined): MarkdownOptions {
  return links ? { knownIds: links.knownIds } : {};
}

function toDom(node: MdNode, links: MarkdownLinks | undefined): Node {
  if (typeof node === 'string') return document.createTextNode(node);
  const out = node.tag === 'a' ? anchor(node.link!, node.title ?? '', links) : el(node.tag);
  if (node.className) out.classList.add(node.className);
  if (node.title && node.tag !== 'a') out.title = node.title;
  for (const child of node.children) out.appendChild(toDom(child, links));
  return out;
}

function anchor(link: MdLink, title: string, links: MarkdownLinks | undefined): HTMLElement {
  if (!links) return el('span', { class: 'link-target', title });
  const a = el('a', { href: '#', title });
  const run = link.kind === 'url' ? () => links.openUrl(link.url) : link.kind === 'path' ? () => links.openPath(link.path) : () => links.openTask(link.id);
  a.addEventListener('click', (e) => { e.preventDefault(); run(); });
  return a;
}
