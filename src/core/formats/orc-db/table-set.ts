import type { OrcDbSource } from './engine';
import { countPerTask, selectRows, tasksWithSpec } from './queries';
import { TableRows } from './row-store';
import type { SchemaCheck } from './schema-check';

/** The tables read row by row (by rowid): everything the model is built from. */
export const ROW_TABLES = ['tasks', 'task_dependencies', 'phases', 'gate_decisions', 'workflows', 'workflow_phases', 'phase_templates',
  'initiatives', 'initiative_tasks', 'initiative_dependencies', 'initiative_decisions', 'workflow_runs', 'workflow_run_phases'] as const;

/** Tables only counted per task (their rows can be large: transcripts, attachments with their bytes). */
export const COUNTED_TABLES = ['task_comments', 'transcripts', 'task_attachments'] as const;

/**
 * The b-tree whose pages say that an aggregate may have changed: orc's index on task_id (a fraction of the table's
 * pages, which hold whole messages and files), else the table itself.
 */
export const AGGREGATE_TREES: Readonly<Record<string, string>> = {
  task_comments: 'idx_task_comments_task', transcripts: 'idx_transcripts_task', task_attachments: 'idx_attachments_task',
  phase_outputs: 'idx_phase_outputs_task',
};

/** What a commit changed, as far as the model goes (see changed-tables.ts). */
export interface TableChanges {
  /** Per table, the rowids to read again (rows written, moved or deleted). */
  readonly rowids: ReadonlyMap<string, ReadonlySet<number>>;
  /** Tables to read whole again (too many rows changed to list them). */
  readonly whole: ReadonlySet<string>;
  /** Counted tables (and `phase_outputs` for specs) whose aggregate is to be queried again. */
  readonly aggregates: ReadonlySet<string>;
}

/** Listing more rowids than this in one statement costs more than reading the table. */
const MAX_ROWIDS = 500;

/**
 * Every table the model needs, as last read: rows by rowid for the row tables, counts per task for the others, the
 * specs, and the schema check. Each part has a version that moves only when its content changed, so the record
 * builder rebuilds only the parts a commit touched.
 */
export class TableSet {
  readonly stores = new Map<string, TableRows>(ROW_TABLES.map((t) => [t, new TableRows()]));
  readonly counts = new Map<string, Map<string, number>>();
  countsVersion = 0;
  specs = new Set<string>();
  specsVersion = 0;
  schema: SchemaCheck | null = null;
  /** Rows and aggregate queries read, for tests and the bench. */
  readonly reads = { wholeTables: 0, rowQueries: 0, rows: 0, aggregates: 0 };

  store(table: string): TableRows {
    return this.stores.get(table)!;
  }

  /** Reads everything (a first read, or one after a change that cannot be followed row by row). */
  readAll(src: OrcDbSource, schema: SchemaCheck): void {
    this.schema = schema;
    for (const table of ROW_TABLES) this.readWhole(src, table, schema.unreadable);
    for (const table of COUNTED_TABLES) this.readCount(src, table, schema.unreadable);
    this.readSpecs(src, schema.unreadable);
  }

  /** Reads again only what `changes` names. Returns whether anything the model shows differs. */
  reread(src: OrcDbSource, changes: TableChanges): boolean {
    let changed = false;
    const unreadable = this.schema?.unreadable ?? false;
    for (const table of changes.whole) if (this.stores.has(table)) changed = this.readWhole(src, table, unreadable) || changed;
    for (const [table, ids] of changes.rowids) {
      const store = this.stores.get(table);
      if (!store || changes.whole.has(table) || !ids.size) continue;
      const list = [...ids];
      if (list.length > MAX_ROWIDS) { changed = this.readWhole(src, table, unreadable) || changed; continue; }
      const rows = unreadable ? [] : selectRows(src, table, list);
      this.reads.rowQueries++;
      this.reads.rows += rows.length;
      changed = store.patch(list, rows) || changed;
    }
    for (const table of changes.aggregates) {
      if ((COUNTED_TABLES as readonly string[]).includes(table)) changed = this.readCount(src, table, unreadable) || changed;
      else if (table === 'phase_outputs') changed = this.readSpecs(src, unreadable) || changed;
    }
    return changed;
  }

  private readWhole(src: OrcDbSource, table: string, unreadable: boolean): boolean {
    const rows = unreadable ? [] : selectRows(src, table);
    this.reads.wholeTables++;
    this.reads.rows += rows.length;
    return this.store(table).replaceAll(rows);
  }

  private readCount(src: OrcDbSource, table: string, unreadable: boolean): boolean {
    const counts = unreadable ? new Map<string, number>() : countPerTask(src, table);
    this.reads.aggregates++;
    const before = this.counts.get(table);
    this.counts.set(table, counts);
    if (before && sameMap(before, counts)) return false;
    this.countsVersion++;
    return true;
  }

  private readSpecs(src: OrcDbSource, unreadable: boolean): boolean {
    const specs = unreadable ? new Set<string>() : tasksWithSpec(src);
    this.reads.aggregates++;
    if (specs.size === this.specs.size && [...specs].every((s) => this.specs.has(s))) return false;
    this.specs = specs;
    this.specsVersion++;
    return true;
  }
}

function sameMap(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}
