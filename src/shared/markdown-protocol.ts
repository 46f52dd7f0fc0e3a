import * as z from 'zod';
import { markdownInline, markdownTree, type MarkdownOptions } from './markdown-tree';
import { MD_TAGS, type MdNode } from './markdown-nodes';

/*
 * Parsed Markdown as the host sends it to a page: each tree is checked here, against the few tags and link kinds a
 * page knows how to build, before it leaves the host (`pageMarkdown`, `pageMarkdownInline`). The page itself only
 * renders (`webview-ui/common/markdown-dom.ts`), so the parser stays out of its bundle.
 */

const mdLink = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('url'), url: z.string().regex(/^https?:\/\//i) }).strict(),
  z.object({ kind: z.literal('path'), path: z.string() }).strict(),
  z.object({ kind: z.literal('task'), id: z.string() }).strict(),
]);

export const mdNode: z.ZodType<MdNode> = z.lazy(() => z.union([
  z.string(),
  z.object({
    tag: z.enum(MD_TAGS),
    children: z.array(mdNode),
    link: mdLink.optional(),
    className: z.enum(['muted', 'link-disabled']).optional(),
    title: z.string().optional(),
  }).strict().refine((e) => (e.tag === 'a') === (e.link !== undefined), 'a link is an `a` with a target, and only that'),
]));
export const mdNodes = z.array(mdNode);

/** A tree checked for the page; one that does not pass (never expected) is sent as the source text in one paragraph. */
function checked(nodes: MdNode[], source: string, block: boolean): MdNode[] {
  const parsed = mdNodes.safeParse(nodes);
  if (parsed.success) return parsed.data;
  return block ? [{ tag: 'p', children: [source] }] : [source];
}

/** A whole Markdown document (description, comment, CRP context) for a page. */
export function pageMarkdown(source: string, options: MarkdownOptions = {}): MdNode[] {
  return checked(markdownTree(source, options), source, true);
}

/** One line of Markdown (a question, a finding, an option's pro) for a page. */
export function pageMarkdownInline(source: string, options: MarkdownOptions = {}): MdNode[] {
  return checked(markdownInline(source, options), source, false);
}
