/*
 * Building DOM from data without ever parsing it as HTML: every string becomes a text node (textContent), so a
 * question that contains `<script>` is shown as those characters.
 */
type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Record<string, string | boolean | undefined>, ...children: Child[]): HTMLElementTagNameMap[K];
export function h(tag: string, attrs?: Record<string, string | boolean | undefined>, ...children: Child[]): HTMLElement;
export function h(tag: string, attrs: Record<string, string | boolean | undefined> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return el;
}
