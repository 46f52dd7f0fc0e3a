// Pieces every inbox form (CRP, orc gate, orange) builds the same way.
import { h } from './dom';

/** The ▸/▾ button folding a form in the sidebar list. */
export function foldToggle(collapsed: boolean, onToggle: (collapsed: boolean) => void): HTMLElement {
  const toggle = h('button', { class: 'toggle', 'aria-expanded': String(!collapsed), title: collapsed ? 'Show the form' : 'Fold the form' },
    collapsed ? '▸' : '▾');
  toggle.addEventListener('click', () => onToggle(!collapsed));
  return toggle;
}

export function textArea(name: string, label: string, value: string, onInput: (v: string) => void, placeholder?: string): HTMLElement {
  const area = h('vscode-text-area', { name, placeholder, resize: 'vertical', rows: '3' }, label) as HTMLElement & { value: string };
  area.value = value;
  area.addEventListener('input', () => onInput(area.value));
  return area;
}

/** A link that runs `onClick` instead of navigating. */
export function link(text: string, onClick: () => void, className: string): HTMLElement {
  const a = h('a', { href: '#', class: className }, text);
  a.addEventListener('click', (e) => { e.preventDefault(); onClick(); });
  return a;
}
