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

/**
 * The second, explicit step before an answer that cannot be taken back (mark done, cancel, reject): it replaces the
 * form's buttons with the question, one button that does it (named after what it does) and one that goes back.
 * No button is focused or styled as the default — focus goes to the question itself, so Enter or Space does nothing
 * until the person moves to a button on purpose.
 */
export function confirmStep(actions: HTMLElement, question: string, confirmLabel: string, onConfirm: () => void, returnTo: HTMLElement): void {
  const before = [...actions.childNodes];
  const text = h('p', { class: 'confirm-question', tabindex: '-1' }, question);
  const yes = h('vscode-button', { class: 'confirm-yes', appearance: 'secondary' }, confirmLabel) as HTMLElement & { disabled: boolean };
  const back = h('vscode-button', { class: 'confirm-back', appearance: 'secondary' }, 'Go back');
  const box = h('div', { class: 'confirm', role: 'group', 'aria-label': 'Confirm' }, text, h('div', { class: 'confirm-buttons' }, yes, ' ', back));
  yes.addEventListener('click', () => { if (!yes.disabled) { yes.disabled = true; onConfirm(); } });
  // Also how the page undoes the step when the write was refused (the error then shows under the form's buttons).
  back.addEventListener('click', () => {
    actions.replaceChildren(...before);
    returnTo.focus();
  });
  actions.replaceChildren(box);
  text.focus();
}
