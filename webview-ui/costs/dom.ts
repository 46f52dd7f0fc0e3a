/** The Cost view's own builders (SVG, figures, tables) over the shared text-only ones. */
import { append, el, type Child } from '../common/dom';

export { el } from '../common/dom';

const SVG = 'http://www.w3.org/2000/svg';

export function svg(tag: string, attrs: Record<string, string | number> = {}, ...children: Child[]): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  append(node, ...children);
  return node;
}

export function money(n: number): string {
  return `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** A table with a caption (its accessible name), column headers and rows of cells (numbers right-aligned). */
export function table(caption: string, head: readonly string[], rows: readonly (readonly (Node | string)[])[], numeric: (i: number) => boolean): HTMLTableElement {
  return el('table', { class: 'grid' },
    el('caption', {}, caption),
    el('thead', {}, el('tr', {}, ...head.map((h, i) => el('th', { scope: 'col', ...(numeric(i) ? { class: 'num' } : {}) }, h)))),
    el('tbody', {}, ...rows.map((cells) => el('tr', {}, ...cells.map((c, i) => el('td', numeric(i) ? { class: 'num' } : {}, c))))));
}
