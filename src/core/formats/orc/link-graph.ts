import os from 'node:os';
import { diagnostic, type Diagnostic, type Severity } from '../../model/diagnostic';
import type { TokenTotals } from '../../model/tokens';
import type { YamlLocator } from '../../yaml/locate';
import { REPORTED_ONE_BY_ONE, someIds } from '../common/id-list';
import { EMPTY_LIST, sharedIfEmpty } from '../../util/empty-list';
import type { GateRecord, OrcInitiative, OrcTask, PhaseRow } from './model';
import type { Liveness } from '../../model/liveness';
import { checkOrphaned } from './orphan';
import type { OrcRecord } from './records';
import type { StateFields } from './schemas';
import { buildTimeline } from './timeline';
import { orcTokenTotals } from './tokens';
import { DEFAULT_CATEGORY, DEFAULT_PRIORITY, DEFAULT_QUEUE, DONE_TASK_STATUSES } from './vocabulary';

export type TaskRecord = Extract<OrcRecord, { kind: 'task' }>;
export type InitiativeRecord = Extract<OrcRecord, { kind: 'initiative' }>;
export interface FileRecord<R> { readonly file: string; readonly record: R }

export interface LinkContext {
  readonly root: string;
  readonly now: number;
  /** Asked whether executors are alive, and told when a verdict turns by itself (see model/liveness.ts). */
  readonly liveness?: Liveness;
  /** Position lookup for the (few) files a cross-file problem is reported in. */
  readonly locator: (file: string) => YamlLocator | undefined;
}

/**
 * Everything a link of one folder's orc files computed across files: tasks by id, their state and plan, both
 * directions of the dependency edges, the cycles, and the items built from them. A full link fills it; a relink
 * after one file changed updates only what that file can change (see link-one-file.ts).
 */
export class OrcGraph {
  readonly byId = new Map<string, FileRecord<TaskRecord>>();
  /**
   * Tasks whose task.yaml is there but could not be read or parsed: listed as placeholders (placeholder-task.ts),
   * never "does not exist", but outside the dependency graph (their edges are unknown).
   */
  readonly unlisted = new Map<string, FileRecord<TaskRecord>>();
  readonly states = new Map<string, FileRecord<OrcRecord>>();
  readonly plans = new Map<string, FileRecord<OrcRecord>>();
  readonly deps = new Map<string, string[]>();
  readonly blocks = new Map<string, string[]>();
  readonly referencedBy = new Map<string, string[]>();
  /** The cycle messages of each task: a cycle is reported once, at its first member. */
  readonly cycles = new Map<string, string[]>();
  readonly initiativeFiles: FileRecord<InitiativeRecord>[] = [];
  tasks: OrcTask[] = [];
  readonly taskIndex = new Map<string, number>();
  initiatives: OrcInitiative[] = [];
  /** Cross-file problems of each task.yaml, and of the initiatives. */
  readonly taskDiagnostics = new Map<string, Diagnostic[]>();
  initiativeDiagnostics: Diagnostic[] = [];

  constructor(public ctx: LinkContext) {}

  depsOf(id: string): readonly string[] {
    return this.deps.get(id) ?? EMPTY_LIST;
  }

  stateOf(id: string): StateFields | null {
    const dir = this.byId.get(id)?.record.dir;
    const s = dir === undefined ? undefined : this.states.get(dir)?.record;
    return s?.kind === 'state' ? s.fields ?? null : null;
  }

  /** task.yaml's status; orc writes every field of a task, so an empty one is a zero value, not a status. */
  statusOf(id: string): string {
    return this.byId.get(id)?.record.fields?.status || this.stateOf(id)?.status || 'created';
  }

  /** A blocker that does not exist is unmet, as in orc: nothing can complete it. */
  isBlocked(id: string): boolean {
    return this.depsOf(id).some((d) => d !== id && (!this.byId.has(d) || !DONE_TASK_STATUSES.has(this.statusOf(d))));
  }

  /**
   * The problems of one task.yaml that depend on other files. orc counts a blocker that does not exist, the task
   * itself or a cycle as never done, so the task waits forever: those are problems. `related_to` is only a link;
   * one to a task that is gone changes nothing in orc.
   */
  taskProblems(id: string): Diagnostic[] {
    const { file, record } = this.byId.get(id)!;
    const out: Diagnostic[] = [];
    const deps = this.depsOf(id);
    const self = deps.indexOf(id);
    if (self >= 0) out.push(this.at(file, ['blocked_by', self], 'error', `task ${id} cannot block itself`));
    this.missing(out, file, 'blocked_by', deps, 'warning', (d) => d !== id);
    this.missing(out, file, 'related_to', record.fields?.related_to ?? [], 'info', () => true);
    for (const message of this.cycles.get(id) ?? []) out.push(this.at(file, ['blocked_by'], 'error', message));
    return out;
  }

  /** Builds the item of one task from the graph. `reuse` is handed back when nothing it shows changed. */
  buildTask(id: string, reuse?: ReusableTask): OrcTask {
    const { file, record } = this.byId.get(id)!;
    const f = record.fields ?? {};
    const state = this.stateOf(id);
    const status = this.statusOf(id);
    // orc judges orphans from state.yaml (its executor's record), not from task.yaml's status: no readable
    // state means nothing claims to be running it.
    const { liveness } = this.ctx;
    const orphan = checkOrphaned(state?.status ?? null, state, this.ctx.now, thisHost(),
      liveness && ((pid) => liveness.pidAlive(pid)), liveness && ((at) => liveness.changesAt(at)));
    const stateEntry = this.states.get(record.dir);
    const planEntry = this.plans.get(record.dir);
    const blocks = [...this.blocks.get(id) ?? []].sort();
    const referencedBy = [...this.referencedBy.get(id) ?? []].sort();
    const blocked = this.isBlocked(id);
    const old = reuse?.item;
    if (old && reuse.task === record && reuse.state === stateEntry?.record && reuse.plan === planEntry?.record
      && old.file === file && old.status === status && old.blocked === blocked
      && old.orphaned === orphan.orphaned && old.orphanReason === orphan.reason
      && old.stateFile === (stateEntry?.file ?? null) && old.planFile === (planEntry?.file ?? null)
      && sameList(old.blocks, blocks) && sameList(old.referencedBy, referencedBy)) {
      return old;
    }
    const plan = planEntry?.record.kind === 'plan' ? planEntry.record.fields ?? null : null;
    // orc leaves task.yaml's current_phase out until the executor sets it; state.yaml always has one ("" before
    // the first phase).
    const currentPhase = f.current_phase || state?.current_phase || null;
    const task: Omit<OrcTask, 'phases' | 'gates' | 'fields' | 'state' | 'plan' | 'db'> = {
      system: 'orc', kind: 'task', era: 'file', id, root: this.ctx.root, file,
      title: f.title || id, status, dir: record.dir,
      description: f.description ?? null, weight: f.weight || null,
      priority: f.priority || DEFAULT_PRIORITY, queue: f.queue || DEFAULT_QUEUE, category: f.category || DEFAULT_CATEGORY,
      initiativeId: f.initiative_id || null, branch: f.branch || null, currentPhase,
      blockedBy: sharedIfEmpty(this.depsOf(id)), relatedTo: sharedIfEmpty(uniq(f.related_to ?? [])),
      blocks: sharedIfEmpty(blocks), referencedBy: sharedIfEmpty(referencedBy), blocked,
      orphaned: orphan.orphaned, orphanReason: orphan.reason,
      // As stored: orc detects UI work when it creates the task and omits the field when false.
      requiresUiTesting: f.requires_ui_testing === true,
      resolved: f.metadata?.resolved === true || f.metadata?.resolved === 'true',
      tokens: state ? tokensOf(state) : null,
      stateFile: stateEntry?.file ?? null, stateStatus: state?.status ?? null,
      planFile: planEntry?.file ?? null,
    };
    // The timeline is built on first read (see timelineOf), by one getter shared by every task and defined in its
    // place among the fields: a getter written in the literal is a new function per task, and put every item in V8's
    // slow dictionary mode.
    Object.defineProperty(task, 'phases', PHASES);
    Object.defineProperty(task, 'gates', GATES);
    return Object.assign(task, { fields: f, state, plan, db: null }) as OrcTask;
  }

  /** The task item of an id, as linked (a placeholder's too). */
  taskOf(id: string): OrcTask | undefined {
    const index = this.taskIndex.get(id);
    return index === undefined ? undefined : this.tasks[index];
  }

  /** What a task's item was built from, to rebuild it only when one of these changed. */
  reusable(id: string): ReusableTask | undefined {
    const index = this.taskIndex.get(id);
    const item = index === undefined ? undefined : this.tasks[index];
    const entry = this.byId.get(id);
    if (!item || !entry) return undefined;
    return { task: entry.record, state: this.states.get(entry.record.dir)?.record, plan: this.plans.get(entry.record.dir)?.record, item };
  }

  /**
   * The ids of `field` that name no task: one problem each, at its line, when they are few; else one problem at the
   * first, counting them (130,000 unknown blockers must not become 130,000 problems).
   */
  private missing(out: Diagnostic[], file: string, field: 'blocked_by' | 'related_to', ids: readonly string[], severity: Severity,
    counts: (id: string) => boolean): void {
    const unknown: number[] = [];
    ids.forEach((d, i) => { if (counts(d) && !this.byId.has(d) && !this.unlisted.has(d)) unknown.push(i); });
    if (unknown.length <= REPORTED_ONE_BY_ONE) {
      for (const i of unknown) out.push(this.at(file, [field, i], severity, `${field} names ${ids[i]}, which does not exist`));
    } else {
      out.push(this.at(file, [field, unknown[0]!], severity,
        `${field} names ${unknown.length.toLocaleString('en-US')} tasks that do not exist: ${someIds(unknown.map((i) => ids[i]!))}`));
    }
  }

  at(file: string, path: (string | number)[], severity: Severity, message: string): Diagnostic {
    return diagnostic('orc', file, severity, message, this.ctx.locator(file)?.locate(path) ?? null);
  }
}

/**
 * A task's phase timeline, built the first time it is read and kept while the item lives. Only the task detail, the
 * report and a run read it; a scan of 10,000 tasks built every one up front (a fifth of the link, and a heap of rows
 * no list view shows). The item holds every input (plan, state, gates, current phase) and items are immutable, so
 * the timeline built later is the one the link would have built.
 */
const timelines = new WeakMap<OrcTask, readonly PhaseRow[]>();
const PHASES: PropertyDescriptor = { enumerable: true, get(this: OrcTask) { return timelineOf(this); } };
/**
 * A task's gates, read from its state.yaml record each time they are asked for (a few entries, cheap to build):
 * kept on every item they were two objects per gate and an array per task (≈ 0.15 KB per task at 10,000 tasks).
 */
const GATES: PropertyDescriptor = { enumerable: true, get(this: OrcTask) { return this.state ? sharedIfEmpty(gatesOf(this.state)) : EMPTY_LIST; } };
function timelineOf(task: OrcTask): readonly PhaseRow[] {
  let rows = timelines.get(task);
  if (!rows) timelines.set(task, rows = buildTimeline(task.plan, task.state, task.gates, task.currentPhase));
  return rows;
}

export interface ReusableTask {
  readonly task: TaskRecord;
  readonly state: OrcRecord | undefined;
  readonly plan: OrcRecord | undefined;
  readonly item: OrcTask;
}

export function tokensOf(state: StateFields): TokenTotals | null {
  return state.tokens ? orcTokenTotals(state.tokens) : null;
}

/** Both gate shapes: the spec's `{type, decision, rationale}` and orc's `{gate_type, approved, reason}`. */
export function gatesOf(state: StateFields): GateRecord[] {
  return (state.gates ?? []).map((g) => ({
    phase: g.phase ?? null,
    type: g.type ?? g.gate_type ?? null,
    decision: g.decision ?? (g.approved == null ? null : g.approved ? 'approved' : 'rejected'),
    rationale: g.rationale ?? g.reason ?? null,
    timestamp: g.timestamp ?? null,
  }));
}

export function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) { if (!list.includes(value)) list.push(value); } else map.set(key, [value]);
}

export function uniq(list: readonly string[]): string[] {
  return [...new Set(list)];
}

export function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Files in a stable order; plain comparison, not localeCompare, which costs a lot over 10,000 files. */
export function byFile(a: { file: string }, b: { file: string }): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : 0;
}

let host: string | undefined;
/** os.hostname() is a system call; it is asked once, not once per running task per link. */
function thisHost(): string {
  return host ??= os.hostname();
}
