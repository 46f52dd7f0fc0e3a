/**
 * Small DOM builders shared by the webview pages: every string becomes a text node, never HTML, so text from the
 * user's files (a task title like `<img src=x onerror=alert(1)>`) stays those characters.
 */

export type Child = Node | string | null | undefined | false;

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

/** A toolkit component (`vscode-dropdown`, `vscode-button`, …), built like `el`. */
export function custom(tag: `vscode-${string}`, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  append(node, ...children);
  return node;
}
