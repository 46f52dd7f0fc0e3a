/*
 * The Intent Map panel: intent_map.md as a sortable, filterable table — file, owning intent, last modified by,
 * recorded hash, and drift (the recorded hash against the file's current sha256). Built from data with
 * textContent only, so an intent named `<img src=x onerror=…>` is shown as those characters.
 */
import type { FromIntentMapWebview, IntentMapRowView, ToIntentMapWebview } from '../../src/shared/intent-map-protocol';
import { connectToHost } from '../common/host';
import { COLUMNS, restoreState, visibleRows, type ColumnId, type UiState } from './table-state';
import '../common/page.css';
import './style.css';

const host = connectToHost<UiState, FromIntentMapWebview>();
const state = restoreState(host.getState());
const root = document.getElementById('root')!;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Record<string, string>, text?: string): HTMLElementTagNameMap[K];
function el(tag: string, attrs?: Record<string, string>, text?: string): HTMLElement;
function el(tag: string, attrs: Record<string, string> = {}, text?: string): HTMLElement {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

const heading = el('h1', {}, 'Intent Map');
const subtitle = el('p', { class: 'muted', id: 'subtitle' });
const filter = el('vscode-text-field', { placeholder: 'Filter by file, intent or hash', id: 'filter' });
const drift = el('vscode-dropdown', { id: 'drift-filter', 'aria-label': 'Show drift' });
for (const [value, label] of [['all', 'All files'], ['drifted', 'Drifted'], ['missing', 'Missing'], ['unrecorded', 'No hash recorded'], ['outside', 'Outside the folder'], ['pattern', 'Patterns'], ['same', 'Unchanged']]) {
  drift.append(el('vscode-option', { value: value! }, label));
}
const refresh = el('vscode-button', { appearance: 'secondary', id: 'refresh' }, 'Refresh');
const count = el('span', { class: 'muted', role: 'status', 'aria-live': 'polite' });
const toolbar = el('div', { class: 'toolbar' });
toolbar.append(filter, drift, refresh, count);
const grid = el('vscode-data-grid', { id: 'map', 'aria-label': 'Intent map', 'grid-template-columns': '2fr 2fr 1fr 2fr 1fr' });
const empty = el('p', { class: 'muted empty', hidden: '' });
root.append(heading, subtitle, toolbar, grid, empty);

(filter as HTMLInputElement).value = state.filter;
(drift as HTMLSelectElement).value = state.drift;

let rows: readonly IntentMapRowView[] = [];

function save(): void {
  host.setState(state);
}

function headerRow(): HTMLElement {
  const row = el('vscode-data-grid-row', { 'row-type': 'header' });
  COLUMNS.forEach((c, i) => {
    const cell = el('vscode-data-grid-cell', { 'cell-type': 'columnheader', 'grid-column': String(i + 1), class: 'sortable', 'data-column': c.id });
    const arrow = state.sort === c.id ? (state.descending ? ' ▼' : ' ▲') : '';
    cell.textContent = c.title + arrow;
    cell.setAttribute('aria-sort', state.sort === c.id ? (state.descending ? 'descending' : 'ascending') : 'none');
    cell.addEventListener('click', () => sortBy(c.id));
    cell.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sortBy(c.id); } });
    row.append(cell);
  });
  return row;
}

function dataRow(r: IntentMapRowView): HTMLElement {
  const row = el('vscode-data-grid-row', { class: 'map-row', 'data-file': r.file });
  // A pattern row (`src/auth/**`) names many files: shown as text, there is no one file to open.
  const pattern = r.drift === 'pattern';
  const file = el('vscode-data-grid-cell', { 'grid-column': '1', class: 'file', title: pattern ? `Every file matching ${r.file}` : `Open ${r.file}` });
  if (pattern) {
    file.append(el('span', { class: 'pattern' }, r.file));
  } else {
    const link = el('a', { href: '#', class: 'open-file' }, r.file);
    link.addEventListener('click', (e) => { e.preventDefault(); host.post({ type: 'openFile', file: r.file }); });
    file.append(link);
  }
  const owner = el('vscode-data-grid-cell', { 'grid-column': '2', class: 'owner' });
  owner.append(el('span', { class: 'intent-id' }, r.owner ?? '—'));
  if (r.ownerName) owner.append(el('span', { class: 'intent-name' }, ` ${r.ownerName}`));
  else if (r.owner) owner.append(el('span', { class: 'muted' }, ' (not in active_intents.yaml)'));
  const last = el('vscode-data-grid-cell', { 'grid-column': '3' }, r.lastModifiedBy ?? '—');
  const hash = el('vscode-data-grid-cell', { 'grid-column': '4', class: 'hash', title: r.actualHash ? `now ${r.actualHash}` : '' }, shortHash(r.hash));
  const driftCell = el('vscode-data-grid-cell', { 'grid-column': '5' });
  driftCell.append(el('span', { class: `drift drift-${r.drift}` }, DRIFT_TEXT[r.drift]));
  row.append(file, owner, last, hash, driftCell);
  return row;
}

const DRIFT_TEXT: Record<IntentMapRowView['drift'], string> = {
  same: 'unchanged', drifted: 'drifted', missing: 'missing', unrecorded: 'no hash', outside: 'outside the folder (link not followed)', pattern: 'pattern (many files)',
};

function shortHash(hash: string | null): string {
  if (!hash) return '—';
  return hash.length > 30 ? `${hash.slice(0, 23)}…` : hash;
}

function render(): void {
  const shown = visibleRows(rows, state);
  grid.replaceChildren(headerRow(), ...shown.map(dataRow));
  count.textContent = `${shown.length} of ${rows.length} file${rows.length === 1 ? '' : 's'}`;
  empty.hidden = shown.length > 0;
  empty.textContent = rows.length ? 'No file matches the filter.' : 'intent_map.md lists no files.';
}

function sortBy(column: ColumnId): void {
  if (state.sort === column) state.descending = !state.descending;
  else { state.sort = column; state.descending = false; }
  save();
  render();
}

filter.addEventListener('input', () => { state.filter = (filter as HTMLInputElement).value; save(); render(); });
drift.addEventListener('change', () => { state.drift = (drift as HTMLSelectElement).value as UiState['drift']; save(); render(); });
refresh.addEventListener('click', () => host.post({ type: 'refresh' }));

window.addEventListener('message', (event: MessageEvent<ToIntentMapWebview>) => {
  const message = event.data;
  if (message.type === 'rows') {
    rows = message.rows;
    subtitle.textContent = message.mapFound ? `${message.folder}/.orchestration/intent_map.md` : `${message.folder}: no .orchestration/intent_map.md yet`;
    render();
  } else if (message.type === 'error') {
    subtitle.textContent = message.message;
  }
});

render();
host.post({ type: 'ready' });
