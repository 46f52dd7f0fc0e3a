/*
 * A tile that opens one of the task's files (an attachment, a test screenshot): a button, so Tab reaches it and
 * Enter or Space opens it as a click does. Its accessible name is its visible text — the file type shown in place of
 * a picture, the file name, its size — read in that order; the picture is decorative (alt="") since the caption
 * beside it already names the file, and the longer facts are the hover title, which screen readers read as the
 * description. A button holds only phrasing content, so the parts are spans laid out as blocks by style.css.
 */
import { el } from './dom';

export interface ThumbTile {
  /** The image's webview URI, or null for a file shown by its type. */
  readonly picture: string | null;
  /** Shown in place of a picture (the content type). */
  readonly kind?: string;
  readonly name: string;
  /** After the name, muted (the size). */
  readonly note?: string;
  readonly hover: string;
  readonly open: () => void;
  readonly attrs?: Record<string, string>;
}

export function thumbTile(t: ThumbTile): HTMLButtonElement {
  const button = el('button', { type: 'button', class: 'thumb', title: t.hover, ...t.attrs },
    t.picture ? el('img', { src: t.picture, alt: '' }) : el('span', { class: 'file-icon' }, t.kind ?? ''),
    // Spaces between the parts: the name read aloud is the words as shown, never run together.
    ' ',
    el('span', { class: 'caption' }, t.name, t.note ? el('span', { class: 'muted' }, ` ${t.note}`) : null));
  button.addEventListener('click', () => t.open());
  return button;
}
