/** Small DOM builders: every text goes through textContent, never innerHTML. */

type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  append(node, ...children);
  return node;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  }
}

/** A link that runs `action` instead of navigating (the page has nowhere to navigate to). */
export function action(label: string, run: () => void, attrs: Record<string, string> = {}): HTMLAnchorElement {
  const a = el('a', { href: '#', ...attrs }, label);
  a.addEventListener('click', (e) => { e.preventDefault(); run(); });
  return a;
}

/** A status word as a coloured pill; the class is derived from a known set, the text is the value as written. */
export function pill(text: string, kind: string): HTMLSpanElement {
  return el('span', { class: `pill pill-${kind.replace(/[^a-z0-9_-]/gi, '').toLowerCase() || 'unknown'}` }, text);
}

export function section(id: string, title: string, ...children: Child[]): HTMLElement {
  return el('section', { id, 'aria-label': title }, el('h2', {}, title), ...children);
}

export function num(n: number | null | undefined): string {
  return n === null || n === undefined ? '–' : n.toLocaleString('en-US');
}

export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export function when(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : new Date(t).toISOString().replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC');
}

/** A toolkit component (`vscode-dropdown`, `vscode-button`, …), built like `el`. */
export function custom(tag: `vscode-${string}`, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  append(node, ...children);
  return node;
}
