import os from 'node:os';
import type { TokenTotals } from '../../model/tokens';
import { tokenTotals } from '../../model/tokens';
import type { GateRecord, OrcTask } from '../orc/model';
import { checkOrphaned } from '../orc/orphan';
import { isPidAlive, type Liveness } from '../../model/liveness';
import { mentionsOf } from '../orc/records';
import type { TaskFields } from '../orc/schemas';
import { DEFAULT_CATEGORY, DEFAULT_PRIORITY, DEFAULT_QUEUE, DONE_TASK_STATUSES } from '../orc/vocabulary';
import { dbTimeline } from './map-timeline';
import type { DbGate, DbPhase, DbTask, OrcDbRecord } from './record';

export interface DbMapContext {
  readonly root: string;
  /** The database file the record was read from (every item's `file`). */
  readonly file: string;
  readonly now: number;
  readonly hostname?: string;
  readonly pidAlive?: (pid: number) => boolean;
  /** Asked, and told when a verdict turns by itself, when the link records what its output depends on. */
  readonly liveness?: Liveness;
}

/** metadata.blocked_reason of a task waiting for a person to approve or reject its current phase's gate. */
export const GATE_PENDING = 'gate_pending';

/**
 * What the previous link built, to hand back the very same OrcTask when nothing it is built from changed: its row,
 * its phase, gate and run rows (the same objects while unchanged: see record-builder.ts), its dependencies and their
 * statuses, the tasks that block on or mention it, its workflow, its counts, the orphan verdict. Comparing these by
 * identity costs far less than building and comparing the task (1,000 tasks: about 2 ms against 50).
 */
export class DbTaskMemo {
  readonly tasks = new Map<string, { inputs: readonly unknown[]; task: OrcTask }>();
  readonly mentions = new WeakMap<DbTask, { deps: string; ids: readonly string[] }>();
  /** Tasks built (not reused) by the last call, for tests. */
  built = 0;
}

/**
 * The tasks of one database, with the rules of the file era: a task is blocked while any task it depends on is
 * missing (task_dependencies has no foreign key: a deleted blocker leaves its row) or neither completed nor closed;
 * `blocks` and `referencedBy` are computed; tokens are the sums over the task's `phases` rows; a phase's iterations
 * are its latest workflow run's when orc left the phase row's count at 0.
 */
export function dbTasksOf(record: OrcDbRecord, ctx: DbMapContext, memo = new DbTaskMemo()): OrcTask[] {
  const byId = new Map(record.tasks.map((t) => [t.id, t]));
  const deps = new Map<string, string[]>();
  const blocks = new Map<string, string[]>();
  for (const [task, dep] of record.dependencies) {
    push(deps, task, dep);
    if (dep !== task && byId.has(dep)) push(blocks, dep, task);
  }
  const phases = groupBy(record.phases, (p) => p.taskId);
  const gates = groupBy(record.gates, (g) => g.taskId);
  const runs = groupBy(record.runPhases ?? [], (r) => r.taskId);
  const workflows = new Map([...record.globalWorkflows ?? [], ...record.workflows].map((w) => [w.id, w]));
  const statusOf = (t: DbTask) => t.status || 'created';
  const referencedBy = new Map<string, string[]>();
  for (const t of record.tasks) {
    for (const mention of mentionsOfTask(memo, t, deps.get(t.id) ?? [])) if (mention !== t.id && byId.has(mention)) push(referencedBy, mention, t.id);
  }
  const hostname = ctx.hostname ?? thisHost();
  const previous = memo.tasks;
  const next = new Map<string, { inputs: readonly unknown[]; task: OrcTask }>();
  memo.built = 0;
  const out = record.tasks.map((t): OrcTask => {
    const blockedBy = deps.get(t.id) ?? [];
    const status = statusOf(t);
    const blockerStatuses = blockedBy.map((d) => (byId.has(d) ? statusOf(byId.get(d)!) : '\u0000missing')).join('\u0000');
    const orphan = orphanOf(t, status, ctx, hostname);
    const rows = phases.get(t.id) ?? [];
    const gateRows = gates.get(t.id) ?? [];
    const runRows = runs.get(t.id) ?? [];
    const workflow = t.workflowId ? workflows.get(t.workflowId) : undefined;
    const extras = record.extras[t.id];
    const inputs: unknown[] = [t, blockedBy.join('\u0000'), blockerStatuses, (blocks.get(t.id) ?? []).join('\u0000'),
      (referencedBy.get(t.id) ?? []).join('\u0000'), workflow, extras, record.readOnlyReason, orphan.orphaned, orphan.reason,
      ctx.root, ctx.file, rows.length, gateRows.length, runRows.length, ...rows, ...gateRows, ...runRows];
    const held = previous.get(t.id);
    if (held && sameInputs(held.inputs, inputs)) {
      next.set(t.id, held);
      return held.task;
    }
    memo.built++;
    const blocked = blockedBy.some((d) => d !== t.id && (!byId.has(d) || !DONE_TASK_STATUSES.has(statusOf(byId.get(d)!))));
    const gateRecords = gateRecordsOf(t, gateRows);
    const task = buildTask(t, ctx, { status, blockedBy, blocked, orphan, gateRecords, extras, readOnlyReason: record.readOnlyReason,
      blocks: [...blocks.get(t.id) ?? []].sort(), referencedBy: [...referencedBy.get(t.id) ?? []].sort(),
      tokens: tokensOf(rows), phases: dbTimeline(workflow, rows, gateRecords, t.currentPhase, runRows) });
    next.set(t.id, { inputs, task });
    return task;
  });
  memo.tasks.clear();
  for (const [k, v] of next) memo.tasks.set(k, v);
  return out;
}

interface Built {
  readonly status: string;
  readonly blockedBy: readonly string[];
  readonly blocked: boolean;
  readonly orphan: { readonly orphaned: boolean; readonly reason: string | null };
  readonly gateRecords: readonly GateRecord[];
  readonly extras: OrcDbRecord['extras'][string] | undefined;
  readonly readOnlyReason: string | null;
  readonly blocks: readonly string[];
  readonly referencedBy: readonly string[];
  readonly tokens: TokenTotals | null;
  readonly phases: OrcTask['phases'];
}

function buildTask(t: DbTask, ctx: DbMapContext, b: Built): OrcTask {
  return {
    system: 'orc', kind: 'task', era: 'db', id: t.id, root: ctx.root, file: ctx.file,
    title: t.title || t.id, status: b.status, dir: t.id,
    description: t.description, weight: t.weight,
    priority: t.priority || DEFAULT_PRIORITY, queue: t.queue || DEFAULT_QUEUE, category: t.category || DEFAULT_CATEGORY,
    initiativeId: t.initiativeId, branch: t.branch, currentPhase: t.currentPhase,
    blockedBy: [...b.blockedBy], relatedTo: [], blocks: b.blocks, referencedBy: b.referencedBy,
    blocked: b.blocked, orphaned: b.orphan.orphaned, orphanReason: b.orphan.reason,
    requiresUiTesting: t.requiresUiTesting,
    resolved: b.status === 'closed' || b.status === 'resolved' || t.metadata?.resolved === 'true',
    tokens: b.tokens, gates: b.gateRecords,
    stateFile: null, stateStatus: t.stateStatus, planFile: null,
    phases: b.phases,
    fields: taskFields(t, b.blockedBy), state: null, plan: null,
    db: {
      workflowId: t.workflowId, costUsd: t.totalCostUsd, stateStatus: t.stateStatus, currentIteration: t.currentIteration,
      execution: t.executorPid || t.lastHeartbeat ? { pid: t.executorPid, hostname: t.executorHostname, startedAt: t.executorStartedAt,
        lastHeartbeat: t.lastHeartbeat } : null,
      blockedReason: t.metadata?.blocked_reason ?? null,
      comments: b.extras?.comments ?? 0, transcripts: b.extras?.transcripts ?? 0, attachments: b.extras?.attachments ?? 0,
      hasSpec: b.extras?.hasSpec ?? false, readOnlyReason: b.readOnlyReason, worktreePath: t.worktreePath,
    },
  };
}

/** The task ids a task's title and description mention (not those it already depends on), kept per row object. */
function mentionsOfTask(memo: DbTaskMemo, t: DbTask, deps: readonly string[]): readonly string[] {
  const key = deps.join('\u0000');
  const held = memo.mentions.get(t);
  if (held && held.deps === key) return held.ids;
  const ids = mentionsOf({ id: t.id, title: t.title, description: t.description, blocked_by: [...deps] } as TaskFields);
  memo.mentions.set(t, { deps: key, ids });
  return ids;
}

function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether a database task waits at a human gate (orc: status blocked, metadata.blocked_reason gate_pending). */
export function isGatePending(task: Pick<OrcTask, 'status' | 'db'>): boolean {
  return task.status === 'blocked' && task.db?.blockedReason === GATE_PENDING;
}

/** The task row in task.yaml's field names: the one shape the views read in either era. */
function taskFields(t: DbTask, blockedBy: readonly string[]): TaskFields {
  const metadata = t.metadata ?? undefined;
  return {
    id: t.id, title: t.title, description: t.description, weight: t.weight, status: t.status, current_phase: t.currentPhase,
    branch: t.branch, queue: t.queue, priority: t.priority, category: t.category, initiative_id: t.initiativeId,
    blocked_by: [...blockedBy], requires_ui_testing: t.requiresUiTesting || undefined,
    created_at: t.createdAt, created_by: t.createdBy, updated_at: t.updatedAt, started_at: t.startedAt, completed_at: t.completedAt,
    ...(t.prUrl || t.prNumber || t.prStatus ? { pr: { url: t.prUrl, number: t.prNumber, status: t.prStatus, target_branch: t.targetBranch } } : {}),
    ...(metadata ? { metadata: { ...metadata } } : {}),
  };
}

/** Decided gates, oldest first, and the pending human gate of a task that waits at one. */
function gateRecordsOf(t: DbTask, gates: readonly DbGate[]): GateRecord[] {
  const out: GateRecord[] = gates.map((g) => ({
    phase: g.phase || null, type: g.gateType, decision: g.approved ? 'approved' : 'rejected', rationale: g.reason, timestamp: g.decidedAt,
  }));
  if (t.status === 'blocked' && t.metadata?.blocked_reason === GATE_PENDING) {
    out.push({ phase: pendingGatePhase(t), type: 'human', decision: 'pending', rationale: t.metadata.blocked_error ?? null, timestamp: t.updatedAt });
  }
  return out;
}

/** The phase a pending gate stops: the task's current phase, else the one orc names in blocked_error "(phase X)". */
export function pendingGatePhase(t: Pick<DbTask, 'currentPhase' | 'metadata'>): string | null {
  return t.currentPhase ?? /\(phase ([^)]+)\)\s*$/.exec(t.metadata?.blocked_error ?? '')?.[1] ?? null;
}

/**
 * orc's rule (task.CheckOrphanedProto): a running task with no executor pid, or whose pid is gone, is orphaned; a
 * live pid is healthy whatever its heartbeat. Baton sees pids of this host only: for another host's executor the
 * heartbeat decides (stale after HEARTBEAT_STALE_MS), as in the file era.
 */
function orphanOf(t: DbTask, status: string, ctx: DbMapContext, hostname: string) {
  if (status !== 'running') return { orphaned: false, reason: null };
  const { liveness } = ctx;
  const pidAlive = ctx.pidAlive ?? (liveness ? (pid: number) => liveness.pidAlive(pid) : isPidAlive);
  if (t.executorPid && t.executorHostname === hostname && pidAlive(t.executorPid)) return { orphaned: false, reason: null };
  const execution = t.executorPid || t.lastHeartbeat
    ? { pid: t.executorPid, hostname: t.executorHostname, started_at: t.executorStartedAt, last_heartbeat: t.lastHeartbeat } : null;
  const check = checkOrphaned(status, execution ? { execution } : null, ctx.now, hostname, pidAlive, liveness && ((at) => liveness.changesAt(at)));
  return check.reason === 'running, but no executor is recorded in state.yaml'
    ? { orphaned: true, reason: 'running, but no executor is recorded in the database' } : check;
}

/** Sums over the task's phases rows; null when no phase has run. */
function tokensOf(rows: readonly DbPhase[]): TokenTotals | null {
  if (!rows.length) return null;
  let input = 0, output = 0, cacheCreation = 0, cacheRead = 0;
  for (const r of rows) {
    input += r.inputTokens; output += r.outputTokens; cacheCreation += r.cacheCreationTokens; cacheRead += r.cacheReadTokens;
  }
  return tokenTotals(input, output, cacheCreation, cacheRead);
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) { if (!list.includes(value)) list.push(value); } else map.set(key, [value]);
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) push2(out, key(r), r);
  return out;
}

function push2<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value); else map.set(key, [value]);
}

let host: string | undefined;
function thisHost(): string {
  return host ??= os.hostname();
}
