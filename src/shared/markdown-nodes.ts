/*
 * The shape of parsed Markdown as it crosses into a page: plain objects of a few known tags, with text as strings
 * (always rendered as text nodes). The host parses (`markdown-tree.ts`, markdown-it) and checks the tree against
 * `markdown-protocol.ts` (zod) before sending it; a page only builds DOM from it (`webview-ui/common/markdown-dom.ts`)
 * and imports nothing but this file, so no parser and no zod are bundled into the webviews.
 */

/** Every tag a tree may hold; a page builds nothing else. */
export const MD_TAGS = ['p', 'ul', 'ol', 'li', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  'h2', 'h3', 'h4', 'strong', 'em', 's', 'code', 'pre', 'br', 'hr', 'a', 'span'] as const;
export type MdTag = typeof MD_TAGS[number];

/** Where a kept link goes: a web page, a file of the workspace (relative, decoded), or a task the workspace knows. */
export type MdLink = { readonly kind: 'url'; readonly url: string } | { readonly kind: 'path'; readonly path: string } | { readonly kind: 'task'; readonly id: string };

export interface MdElement {
  readonly tag: MdTag;
  readonly children: MdNode[];
  /** Only on `a`. */
  readonly link?: MdLink;
  /** `muted` (an image's alt text) or `link-disabled` (a link whose target is not followed). */
  readonly className?: 'muted' | 'link-disabled';
  readonly title?: string;
}
export type MdNode = string | MdElement;

/** The text of nodes as a reader sees it (tests, headlines, headings lifted out of a document). */
export function plainText(nodes: readonly MdNode[]): string {
  return nodes.map((n) => (typeof n === 'string' ? n : plainText(n.children))).join('');
}
