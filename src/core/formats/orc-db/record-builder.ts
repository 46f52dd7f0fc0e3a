import type { SqlRow, SqlValue } from './engine';
import { text, time, toGate, toPhase, toRunPhase, toTask } from './queries';
import { NO_ITERATION_LIMIT, type DbInitiative, type DbRunPhase, type DbTaskExtras, type DbWorkflow, type DbWorkflowPhase, type OrcDbRecord } from './record';
import type { TableSet } from './table-set';

/**
 * Builds the OrcDbRecord from the rows a TableSet holds. Each part of the record is rebuilt only when a table it comes
 * from changed (the tables' versions), and each row maps to the same object as long as the row is the same object
 * (TableRows keeps unchanged rows): after a commit that changed one task, the record is a new object whose `tasks`
 * array holds 999 of the previous DbTask objects and one new one, and whose untouched parts are the previous arrays.
 */
export class RecordBuilder {
  private readonly parts = new Map<string, { key: string; value: unknown }>();
  private readonly mapped = new WeakMap<SqlRow, unknown>();
  private extras: Record<string, DbTaskExtras> = {};

  build(tables: TableSet, engine: string): OrcDbRecord {
    const schema = tables.schema!;
    const v = (...names: string[]) => names.map((n) => tables.store(n).version).join(',');
    const rows = (name: string) => tables.store(name).values();
    return {
      kind: 'db', engine, hasTasks: !schema.unreadable, schemaVersion: schema.version, readOnlyReason: schema.readOnlyReason,
      tasks: this.part('tasks', v('tasks'), () => sorted(rows('tasks'), ['id']).map((r) => this.map(r, toTask))),
      dependencies: this.part('dependencies', v('task_dependencies'), () => sorted(rows('task_dependencies'), ['task_id', 'depends_on'])
        .map((r) => this.map(r, (x) => [text(x.task_id) ?? '', text(x.depends_on) ?? ''] as const)).filter(([a, b]) => a && b)),
      phases: this.part('phases', v('phases'), () => sorted(rows('phases'), ['task_id', 'started_at', 'phase_id']).map((r) => this.map(r, toPhase))),
      gates: this.part('gates', v('gate_decisions'), () => sorted(rows('gate_decisions'), ['task_id', 'decided_at', 'id']).map((r) => this.map(r, toGate))),
      workflows: this.part('workflows', v('workflows', 'workflow_phases', 'phase_templates'), () => workflowsOf(tables)),
      runPhases: this.part('runPhases', v('workflow_runs', 'workflow_run_phases'), () => this.runPhasesOf(tables)),
      initiatives: this.part('initiatives', v('initiatives', 'initiative_tasks', 'initiative_dependencies', 'initiative_decisions'),
        () => initiativesOf(tables)),
      extras: this.part('extras', `${tables.countsVersion},${tables.specsVersion}`, () => this.extrasOf(tables)),
    };
  }

  private part<T>(name: string, key: string, make: () => T): T {
    const held = this.parts.get(name);
    if (held && held.key === key) return held.value as T;
    const value = make();
    this.parts.set(name, { key, value });
    return value;
  }

  /** The object a row maps to, the same one for as long as the row is the same object. */
  private map<T>(row: SqlRow, make: (row: SqlRow) => T): T {
    if (this.mapped.has(row)) return this.mapped.get(row) as T;
    const value = make(row);
    this.mapped.set(row, value);
    return value;
  }

  /** Per task and phase, that phase in the task's newest run (runs by creation time, then phases by id). */
  private runPhasesOf(tables: TableSet): DbRunPhase[] {
    const runs = new Map(tables.store('workflow_runs').values().map((r) => [text(r.id) ?? '', r]));
    const latest = new Map<string, { row: SqlRow; run: SqlRow; order: [SqlValue, SqlValue] }>();
    for (const row of tables.store('workflow_run_phases').values()) {
      const run = runs.get(text(row.workflow_run_id) ?? '');
      const task = text(run?.task_id);
      if (!run || !task) continue;
      const key = `${task}\u0000${text(row.phase_template_id) ?? ''}`;
      const order: [SqlValue, SqlValue] = [run.created_at ?? null, row.id ?? null];
      const held = latest.get(key);
      if (!held || compare(held.order[0], order[0]) < 0 || (compare(held.order[0], order[0]) === 0 && compare(held.order[1], order[1]) < 0)) {
        latest.set(key, { row, run, order });
      }
    }
    return [...latest.values()].map(({ row, run }) => this.mapPair(row, run))
      .sort((a, b) => cmpText(a.taskId, b.taskId) || cmpText(a.phaseId, b.phaseId));
  }

  /** A run phase depends on its run's row too: kept while both rows are the same objects. */
  private mapPair(row: SqlRow, run: SqlRow): DbRunPhase {
    const held = this.mapped.get(row) as { run: SqlRow; value: DbRunPhase } | undefined;
    if (held && held.run === run) return held.value;
    const value = toRunPhase(row, run);
    this.mapped.set(row, { run, value });
    return value;
  }

  /** Counts of what the task detail reads on demand; an unchanged task's entry stays the same object. */
  private extrasOf(tables: TableSet): Record<string, DbTaskExtras> {
    const out: Record<string, { comments: number; transcripts: number; attachments: number; hasSpec: boolean }> = {};
    const entry = (id: string) => (out[id] ??= { comments: 0, transcripts: 0, attachments: 0, hasSpec: false });
    for (const [table, key] of [['task_comments', 'comments'], ['transcripts', 'transcripts'], ['task_attachments', 'attachments']] as const) {
      for (const [id, n] of tables.counts.get(table) ?? []) entry(id)[key] = n;
    }
    for (const id of tables.specs) entry(id).hasSpec = true;
    const previous = this.extras;
    for (const [id, e] of Object.entries(out)) {
      const old = previous[id];
      if (old && old.comments === e.comments && old.transcripts === e.transcripts && old.attachments === e.attachments && old.hasSpec === e.hasSpec) {
        out[id] = old;
      }
    }
    return (this.extras = out);
  }
}

/** Each workflow's phases in order, with the template's values where the workflow does not override them. */
function workflowsOf(tables: TableSet): DbWorkflow[] {
  const templates = new Map(tables.store('phase_templates').values().map((r) => [text(r.id) ?? '', r]));
  const phases = new Map<string, DbWorkflowPhase[]>();
  for (const r of sorted(tables.store('workflow_phases').values(), ['workflow_id', 'sequence'])) {
    const workflow = text(r.workflow_id) ?? '';
    const id = text(r.phase_template_id) ?? '';
    const t = templates.get(id);
    const list = phases.get(workflow) ?? [];
    list.push({ id, name: text(t?.name), type: text(r.type_override) ?? text(t?.type),
      gateType: text(r.gate_type_override) ?? text(t?.gate_type), maxIterations: NO_ITERATION_LIMIT });
    phases.set(workflow, list);
  }
  return sorted(tables.store('workflows').values(), ['id']).map((r) => {
    const id = text(r.id) ?? '';
    return { id, name: text(r.name), phases: phases.get(id) ?? [] };
  });
}

function initiativesOf(tables: TableSet): DbInitiative[] {
  const group = <T>(table: string, order: readonly string[], value: (r: SqlRow) => T | null): Map<string, T[]> => {
    const out = new Map<string, T[]>();
    for (const r of sorted(tables.store(table).values(), order)) {
      const k = text(r.initiative_id);
      const v = value(r);
      if (!k || v === null) continue;
      const list = out.get(k);
      if (list) list.push(v); else out.set(k, [v]);
    }
    return out;
  };
  const tasks = group('initiative_tasks', ['initiative_id', 'sequence', 'task_id'], (r) => text(r.task_id));
  const deps = group('initiative_dependencies', ['initiative_id', 'depends_on'], (r) => text(r.depends_on));
  const decisions = group('initiative_decisions', ['initiative_id', 'decided_at', 'id'], (r) => ({
    id: text(r.id) ?? '', decision: text(r.decision) ?? '', rationale: text(r.rationale), decidedBy: text(r.decided_by), decidedAt: time(r.decided_at),
  }));
  return sorted(tables.store('initiatives').values(), ['id']).map((r) => {
    const id = text(r.id) ?? '';
    const initials = text(r.owner_initials), displayName = text(r.owner_display_name), email = text(r.owner_email);
    return {
      id, title: text(r.title) ?? '', status: text(r.status), vision: text(r.vision),
      owner: initials || displayName || email ? { initials, displayName, email } : null,
      branchBase: text(r.branch_base), branchPrefix: text(r.branch_prefix), createdAt: time(r.created_at), updatedAt: time(r.updated_at),
      taskIds: tasks.get(id) ?? [], dependsOn: deps.get(id) ?? [], decisions: decisions.get(id) ?? [],
    };
  });
}

/** Rows ordered as SQLite's ORDER BY on those columns would (NULLs first, numbers before text). */
function sorted(rows: readonly SqlRow[], columns: readonly string[]): SqlRow[] {
  return [...rows].sort((a, b) => {
    for (const c of columns) {
      const d = compare(a[c] ?? null, b[c] ?? null);
      if (d) return d;
    }
    return 0;
  });
}

function rank(v: SqlValue): number {
  if (v === null) return 0;
  if (typeof v === 'number' || typeof v === 'bigint') return 1;
  if (typeof v === 'string') return 2;
  return 3;
}

function compare(a: SqlValue, b: SqlValue): number {
  const ra = rank(a), rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 1) return Number(a) - Number(b);
  if (ra === 2) return cmpText(a as string, b as string);
  return 0;
}

function cmpText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
