import { el, type Child } from '../common/dom';
import { relativeTime } from '../../src/shared/relative-time';

export { action, append, custom, el } from '../common/dom';

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

/** A time shown relative ("2 hours ago"), the exact time on hover and for screen readers' time element. */
export function time(iso: string | null | undefined): HTMLElement | string {
  if (!iso) return '';
  return el('time', { datetime: iso, title: iso }, relativeTime(iso, Date.now()));
}
