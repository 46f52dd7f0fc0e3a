import { MD_TAGS, type MdLink, type MdNode } from '../../src/shared/markdown-nodes';
import { el } from './dom';
import './markdown.css';

/**
 * Markdown from the workspace's files as DOM, for every page. The host parsed it (`src/shared/markdown-tree.ts`, the
 * one reading, with its rules — raw HTML is text, only http(s) and relative links kept, images as their alt text)
 * and checked the tree (`src/shared/markdown-protocol.ts`); the page only builds it, with createElement and text
 * nodes, never innerHTML, and only from the tags it knows (anything else shows as its text). So the parser is not
 * in any page's bundle. A page that can open links passes `links`; without them a kept link shows as its text with
 * the target on hover.
 */
export interface MarkdownLinks {
  readonly openUrl: (url: string) => void;
  readonly openPath: (path: string) => void;
  readonly openTask: (id: string) => void;
}

const KNOWN = new Set<string>(MD_TAGS);

/** A whole document (the host's `pageMarkdown`) in a `<div class="markdown">` (plus `className`, when given). */
export function renderMarkdown(nodes: readonly MdNode[], links?: MarkdownLinks, className?: string): HTMLElement {
  const root = el('div', { class: className ? `markdown ${className}` : 'markdown' });
  for (const node of nodes) root.appendChild(toDom(node, links));
  return root;
}

/** One line (the host's `pageMarkdownInline`: a question, an option's pro, a list item) inside an element of `tag`. */
export function renderMarkdownInline<K extends keyof HTMLElementTagNameMap>(tag: K, nodes: readonly MdNode[], links?: MarkdownLinks, attrs: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const box = el(tag, attrs);
  box.classList.add('md-inline');
  for (const node of nodes) box.appendChild(toDom(node, links));
  return box;
}

function toDom(node: MdNode, links: MarkdownLinks | undefined): Node {
  if (typeof node === 'string') return document.createTextNode(node);
  if (!node || typeof node !== 'object' || !KNOWN.has(node.tag) || !Array.isArray(node.children)) return document.createTextNode(nodeText(node));
  const out = node.tag === 'a' ? anchor(node.link, node.title ?? '', links) : el(node.tag);
  if (node.className === 'muted' || node.className === 'link-disabled') out.classList.add(node.className);
  if (typeof node.title === 'string' && node.tag !== 'a') out.title = node.title;
  for (const child of node.children) out.appendChild(toDom(child, links));
  return out;
}

/** What a node of no known kind shows: its text, never markup. */
function nodeText(node: unknown): string {
  if (typeof node === 'string') return node;
  const children = (node as { children?: unknown } | null)?.children;
  return Array.isArray(children) ? children.map(nodeText).join('') : '';
}

function anchor(link: MdLink | undefined, title: string, links: MarkdownLinks | undefined): HTMLElement {
  if (!links || !link) return el('span', { class: 'link-target', title });
  const a = el('a', { href: '#', title });
  const run = link.kind === 'url' ? () => links.openUrl(link.url) : link.kind === 'path' ? () => links.openPath(link.path) : link.kind === 'task' ? () => links.openTask(link.id) : null;
  if (!run) return el('span', { class: 'link-target', title });
  a.addEventListener('click', (e) => { e.preventDefault(); run(); });
  return a;
}
