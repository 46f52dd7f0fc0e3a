import type { SqlRow, SqlValue } from './engine';

/** The rowid column every fetched row carries (tables are read as rowid → row). */
export const ROWID = '__rowid';

/**
 * One table's rows as last read, by rowid. A re-read replaces a row object only when one of its values differs, so
 * everything built from an unchanged row (the DbTask, the OrcTask, the tree node) can stay the very same object;
 * `version` moves when any row was added, changed or removed.
 */
export class TableRows {
  readonly rows = new Map<number, SqlRow>();
  version = 0;
  private list: SqlRow[] | undefined;

  /** Every row, in rowid order of insertion into the map (callers sort). */
  values(): readonly SqlRow[] {
    return this.list ??= [...this.rows.values()];
  }

  /** Takes `fresh` as the whole table. Returns whether anything changed. */
  replaceAll(fresh: readonly SqlRow[]): boolean {
    const seen = new Set<number>();
    let changed = false;
    for (const row of fresh) {
      const id = rowidOf(row);
      seen.add(id);
      changed = this.put(id, row) || changed;
    }
    for (const id of [...this.rows.keys()]) {
      if (!seen.has(id)) { this.rows.delete(id); changed = true; }
    }
    return this.changed(changed);
  }

  /** Re-reads only `rowids`: the ones in `fresh` are put, the others are gone. Returns whether anything changed. */
  patch(rowids: Iterable<number>, fresh: readonly SqlRow[]): boolean {
    const found = new Set<number>();
    let changed = false;
    for (const row of fresh) {
      const id = rowidOf(row);
      found.add(id);
      changed = this.put(id, row) || changed;
    }
    for (const id of rowids) {
      if (!found.has(id) && this.rows.delete(id)) changed = true;
    }
    return this.changed(changed);
  }

  private put(id: number, row: SqlRow): boolean {
    const old = this.rows.get(id);
    if (old && sameRow(old, row)) return false;
    this.rows.set(id, row);
    return true;
  }

  private changed(changed: boolean): boolean {
    if (changed) { this.version++; this.list = undefined; }
    return changed;
  }
}

export function rowidOf(row: SqlRow): number {
  return Number(row[ROWID]);
}

function sameRow(a: SqlRow, b: SqlRow): boolean {
  const keys = Object.keys(b);
  if (Object.keys(a).length !== keys.length) return false;
  return keys.every((k) => sameValue(a[k], b[k]));
}

function sameValue(a: SqlValue | undefined, b: SqlValue | undefined): boolean {
  if (a instanceof Uint8Array && b instanceof Uint8Array) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}
