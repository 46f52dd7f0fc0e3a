import { tokenTotals, type TokenTotals } from '../../model/tokens';
import type { OrcDbSource, SqlRow, SqlValue } from './engine';
import { int, num, text } from './queries';

/**
 * orc's cost ledger: `cost_log` in the global database, one row per phase run (orc's executor,
 * internal/executor/workflow_state.go recordCostToGlobal) and per AI gate. Its `project_id` is not the registry id but
 * the project's path (the executor's working directory: the project root orc resolved, as given or from the registry),
 * so this folder's rows are those whose project_id is one of the folder's paths. AI gates record no project (their
 * rows have an empty project_id) and are counted for nobody. `timestamp` is SQLite's `datetime('now')`, UTC.
 */

export interface CostFigures {
  readonly costUsd: number;
  readonly tokens: TokenTotals;
  /** cost_log rows (phase runs) counted. */
  readonly entries: number;
  readonly durationMs: number;
}

export interface CostRow extends CostFigures {
  readonly key: string;
}

export interface DayModelCost extends CostFigures {
  /** YYYY-MM-DD (UTC). */
  readonly day: string;
  readonly model: string;
}

export interface ProjectCosts {
  /** The project_id values counted as this folder. */
  readonly projectIds: readonly string[];
  readonly total: CostFigures;
  /** Every day of the window, oldest first, one entry per model that spent that day. */
  readonly days: readonly string[];
  readonly byDayModel: readonly DayModelCost[];
  readonly byModel: readonly CostRow[];
  readonly byTask: readonly (CostRow & { readonly lastAt: string | null })[];
  readonly byInitiative: readonly CostRow[];
  readonly byPhase: readonly CostRow[];
  /** The first and last day of the window. */
  readonly window: { readonly from: string; readonly to: string; readonly days: number };
}

export interface TaskCostRow extends CostFigures {
  readonly phase: string;
  readonly model: string;
  /** The highest iteration count a run of this phase recorded. */
  readonly iterations: number | null;
  readonly lastAt: string | null;
}

export interface TaskCosts {
  readonly total: CostFigures;
  /** Per phase and model, in the order they first ran. */
  readonly rows: readonly TaskCostRow[];
  /** Per phase (all models). */
  readonly byPhase: Readonly<Record<string, CostFigures>>;
}

const SUMS = `COALESCE(SUM(cost_usd), 0) AS cost, COALESCE(SUM(input_tokens), 0) AS input, COALESCE(SUM(output_tokens), 0) AS output,
  COALESCE(SUM(cache_creation_tokens), 0) AS cache_creation, COALESCE(SUM(cache_read_tokens), 0) AS cache_read, COUNT(*) AS entries,
  COALESCE(SUM(duration_ms), 0) AS duration`;

function figures(r: SqlRow | undefined): CostFigures {
  return {
    costUsd: num(r?.cost) ?? 0,
    tokens: tokenTotals(int(r?.input) ?? 0, int(r?.output) ?? 0, int(r?.cache_creation) ?? 0, int(r?.cache_read) ?? 0),
    entries: int(r?.entries) ?? 0, durationMs: int(r?.duration) ?? 0,
  };
}

/** Whether the global database has a cost ledger Baton can read. */
export function hasCostLog(src: OrcDbSource): boolean {
  const columns = src.columnsOf('cost_log');
  return !!columns && ['project_id', 'task_id', 'phase', 'cost_usd', 'timestamp'].every((c) => columns.includes(c));
}

/** A cost_log query restricted to the project's rows; missing optional columns read as 0 or ''. */
function ledger(src: OrcDbSource): string {
  const have = src.columnsOf('cost_log') ?? [];
  const col = (c: string, fallback: string) => (have.includes(c) ? `"${c}"` : `${fallback} AS "${c}"`);
  return `(SELECT project_id, task_id, phase, cost_usd, timestamp, ${col('model', "''")}, ${col('iteration', '0')},
    ${col('input_tokens', '0')}, ${col('output_tokens', '0')}, ${col('cache_creation_tokens', '0')}, ${col('cache_read_tokens', '0')},
    ${col('initiative_id', "''")}, ${col('duration_ms', '0')} FROM cost_log)`;
}

/**
 * One project's spending: in total, per task, initiative and phase (all time), and per day and model over the last
 * `days` days up to `now` (the chart).
 */
export function projectCosts(src: OrcDbSource, projectIds: readonly string[], now: Date, days = 30): ProjectCosts {
  const to = dayOf(now);
  const from = dayOf(new Date(now.getTime() - (days - 1) * 86_400_000));
  const window = { from, to, days };
  const dayList = Array.from({ length: days }, (_, i) => dayOf(new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000)));
  const empty: ProjectCosts = { projectIds, total: figures(undefined), days: dayList, byDayModel: [], byModel: [], byTask: [], byInitiative: [],
    byPhase: [], window };
  if (!projectIds.length || !hasCostLog(src)) return empty;
  const where = `project_id IN (${projectIds.map(() => '?').join(', ')})`;
  const q = (select: string, tail = '', params: SqlValue[] = []) =>
    src.all(`SELECT ${select} FROM ${ledger(src)} WHERE ${where} ${tail}`, [...projectIds, ...params]);
  const rows = (group: string) =>
    q(`${group} AS key, ${SUMS}`, `GROUP BY ${group} ORDER BY cost DESC, key`).map((r) => ({ key: text(r.key) ?? '', ...figures(r) }));
  return {
    projectIds, days: dayList, window,
    total: figures(q(SUMS)[0]),
    byDayModel: q(`substr(timestamp, 1, 10) AS day, COALESCE(NULLIF(model, ''), 'unknown') AS model, ${SUMS}`,
      `AND substr(timestamp, 1, 10) BETWEEN ? AND ? GROUP BY day, model ORDER BY day, model`, [from, to])
      .map((r) => ({ day: text(r.day) ?? '', model: text(r.model) ?? 'unknown', ...figures(r) })),
    byModel: q(`COALESCE(NULLIF(model, ''), 'unknown') AS key, ${SUMS}`,
      `AND substr(timestamp, 1, 10) BETWEEN ? AND ? GROUP BY key ORDER BY cost DESC, key`, [from, to])
      .map((r) => ({ key: text(r.key) ?? 'unknown', ...figures(r) })),
    byTask: q(`task_id AS key, MAX(timestamp) AS last_at, ${SUMS}`, `AND task_id <> '' GROUP BY task_id ORDER BY cost DESC, key`)
      .map((r) => ({ key: text(r.key) ?? '', lastAt: utc(text(r.last_at)), ...figures(r) })),
    byInitiative: rows(`COALESCE(initiative_id, '')`).filter((r) => r.key),
    byPhase: rows('phase'),
  };
}

/** One task's spending per phase and model, and per phase. */
export function taskCosts(src: OrcDbSource, projectIds: readonly string[], taskId: string): TaskCosts | null {
  if (!projectIds.length || !hasCostLog(src)) return null;
  const where = `project_id IN (${projectIds.map(() => '?').join(', ')}) AND task_id = ?`;
  const rows = src.all(`SELECT phase, COALESCE(NULLIF(model, ''), 'unknown') AS model, MAX(iteration) AS iterations,
      MAX(timestamp) AS last_at, MIN(timestamp) AS first_at, ${SUMS} FROM ${ledger(src)} WHERE ${where}
    GROUP BY phase, model ORDER BY first_at, phase, model`, [...projectIds, taskId]);
  if (!rows.length) return null;
  const byPhase: Record<string, CostFigures> = {};
  for (const r of src.all(`SELECT phase, ${SUMS} FROM ${ledger(src)} WHERE ${where} GROUP BY phase`, [...projectIds, taskId])) {
    byPhase[text(r.phase) ?? ''] = figures(r);
  }
  return {
    total: figures(src.all(`SELECT ${SUMS} FROM ${ledger(src)} WHERE ${where}`, [...projectIds, taskId])[0]),
    rows: rows.map((r) => ({ phase: text(r.phase) ?? '', model: text(r.model) ?? 'unknown', iterations: int(r.iterations) || null,
      lastAt: utc(text(r.last_at)), ...figures(r) })),
    byPhase,
  };
}

/** The distinct project_id values of the ledger (to match a folder by its resolved path). */
export function costProjectIds(src: OrcDbSource): string[] {
  if (!hasCostLog(src)) return [];
  return src.all(`SELECT DISTINCT project_id FROM cost_log WHERE project_id IS NOT NULL AND project_id <> ''`)
    .map((r) => text(r.project_id)).filter((p): p is string => !!p);
}

function dayOf(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** SQLite's `YYYY-MM-DD HH:MM:SS` (UTC) as ISO 8601. */
function utc(s: string | null): string | null {
  return s && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/.test(s) ? `${s.replace(' ', 'T')}Z` : s;
}
