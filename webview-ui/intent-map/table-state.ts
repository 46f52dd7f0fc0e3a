import type { DriftKind, IntentMapRowView } from '../../src/shared/intent-map-protocol';

/** Columns of the map, in display order; `key` is what sorting compares. */
export const COLUMNS = [
  { id: 'file', title: 'File', key: (r: IntentMapRowView) => r.file },
  { id: 'owner', title: 'Owning intent', key: (r: IntentMapRowView) => `${r.owner ?? ''} ${r.ownerName ?? ''}` },
  { id: 'lastModifiedBy', title: 'Last modified by', key: (r: IntentMapRowView) => r.lastModifiedBy ?? '' },
  { id: 'hash', title: 'Recorded hash', key: (r: IntentMapRowView) => r.hash ?? '' },
  { id: 'drift', title: 'Drift', key: (r: IntentMapRowView) => String(DRIFT_ORDER.indexOf(r.drift)) },
] as const;
export type ColumnId = (typeof COLUMNS)[number]['id'];

/** Drifted files first when sorting by drift: they are what a person looks for. */
const DRIFT_ORDER: readonly DriftKind[] = ['drifted', 'outside', 'missing', 'unrecorded', 'pattern', 'same'];

/** What the page remembers across hide/show (setState): only UI state, never data. */
export interface UiState {
  sort: ColumnId;
  descending: boolean;
  filter: string;
  drift: DriftKind | 'all';
}

export function restoreState(saved: Partial<UiState> | undefined): UiState {
  const sort = COLUMNS.some((c) => c.id === saved?.sort) ? saved!.sort! : 'file';
  return { sort, descending: saved?.descending === true, filter: typeof saved?.filter === 'string' ? saved.filter : '',
    drift: saved?.drift ?? 'all' };
}

/** The rows to show: filtered by text (any column) and drift, then sorted. */
export function visibleRows(rows: readonly IntentMapRowView[], state: UiState): IntentMapRowView[] {
  const needle = state.filter.trim().toLowerCase();
  const column = COLUMNS.find((c) => c.id === state.sort)!;
  return rows
    .filter((r) => state.drift === 'all' || r.drift === state.drift)
    .filter((r) => !needle || [r.file, r.owner, r.ownerName, r.lastModifiedBy, r.hash, r.drift]
      .some((v) => v?.toLowerCase().includes(needle)))
    .sort((a, b) => {
      const order = column.key(a).localeCompare(column.key(b), undefined, { numeric: true }) || a.file.localeCompare(b.file);
      return state.descending ? -order : order;
    });
}
