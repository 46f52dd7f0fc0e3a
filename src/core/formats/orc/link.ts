import os from 'node:os';
import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import { tokenTotals, type TokenTotals } from '../../model/tokens';
import type { YamlLocator } from '../../yaml/locate';
import { findCycles } from '../common/graph';
import type { GateRecord, OrcInitiative, OrcTask } from './model';
import { checkOrphaned } from './orphan';
import type { OrcRecord } from './records';
import type { StateFields } from './schemas';
import { dependencyChain, initiativeProgressOf } from './initiative-view';
import { buildTimeline } from './timeline';
import { mentionsUi } from './ui-testing';
import { DEFAULT_CATEGORY, DEFAULT_PRIORITY, DEFAULT_QUEUE, DONE_TASK_STATUSES } from './vocabulary';

export interface OrcFileRecord {
  readonly file: string;
  readonly record: OrcRecord;
}

export interface LinkContext {
  readonly root: string;
  readonly now: number;
  /** Position lookup for the (few) files a cross-file problem is reported in. */
  readonly locator: (file: string) => YamlLocator | undefined;
  /** The items of the previous link of the same folder, reused when nothing they are made from changed. */
  readonly memo?: OrcLinkMemo;
}

/**
 * What the previous link built, per task id: the records it read and the item it made. A relink after one file
 * changed rebuilds only the items whose records or computed fields differ, and hands the others back as the
 * same objects, so the index can tell "unchanged" by identity.
 */
export class OrcLinkMemo {
  tasks = new Map<string, MemoTask>();
}

interface MemoTask {
  readonly task: TaskRecord;
  readonly state: OrcRecord | undefined;
  readonly plan: OrcRecord | undefined;
  readonly item: OrcTask;
}

export interface OrcLinkResult {
  readonly tasks: OrcTask[];
  readonly initiatives: OrcInitiative[];
  readonly diagnostics: Diagnostic[];
}

type TaskRecord = Extract<OrcRecord, { kind: 'task' }>;
type InitiativeRecord = Extract<OrcRecord, { kind: 'initiative' }>;

/**
 * Turns per-file records into tasks and initiatives with their computed fields (`blocks`, `referenced_by`,
 * blocked, orphaned, tokens) and checks the dependency rules of spec 000 across files: a missing reference is a
 * warning, a self-block and a cycle are errors naming the tasks.
 */
export function linkOrc(files: readonly OrcFileRecord[], ctx: LinkContext): OrcLinkResult {
  const diagnostics: Diagnostic[] = [];
  const taskFiles = files.filter((f): f is OrcFileRecord & { record: TaskRecord } => f.record.kind === 'task');
  const initiativeFiles = files.filter((f): f is OrcFileRecord & { record: InitiativeRecord } => f.record.kind === 'initiative');
  const states = new Map<string, OrcFileRecord>();
  const plans = new Map<string, OrcFileRecord>();
  for (const f of files) {
    if (f.record.kind === 'state') states.set(f.record.dir, f);
    else if (f.record.kind === 'plan') plans.set(f.record.dir, f);
  }

  // Tasks: identity first, so dependency checks can look ids up.
  const byId = new Map<string, { file: string; record: TaskRecord; id: string }>();
  // A task.yaml that could not be read at all is only a diagnostic: listing it would invent its status.
  // orc finds a task by its folder (.orc/tasks/<ID>/), so the folder name is the id; a different `id` in the
  // file is only a warning (see records.ts).
  for (const f of [...taskFiles].filter((t) => t.record.fields).sort(byFile)) {
    byId.set(f.record.dir, { file: f.file, record: f.record, id: f.record.dir });
  }

  const depsById = new Map<string, string[]>();
  for (const { id, record } of byId.values()) depsById.set(id, uniq(record.fields?.blocked_by ?? []));
  const blockedByOf = (id: string): string[] => depsById.get(id) ?? [];
  const blocks = new Map<string, string[]>();
  const referencedBy = new Map<string, string[]>();
  for (const { id, file, record } of byId.values()) {
    const deps = blockedByOf(id);
    deps.forEach((dep, i) => {
      if (dep === id) diagnostics.push(at(ctx, file, ['blocked_by', i], 'error', `task ${id} cannot block itself`));
      else if (!byId.has(dep)) diagnostics.push(at(ctx, file, ['blocked_by', i], 'warning', `blocked_by names ${dep}, which does not exist`));
      else push(blocks, dep, id);
    });
    (record.fields?.related_to ?? []).forEach((rel, i) => {
      if (!byId.has(rel)) diagnostics.push(at(ctx, file, ['related_to', i], 'warning', `related_to names ${rel}, which does not exist`));
    });
    for (const mention of record.mentions) if (mention !== id && byId.has(mention)) push(referencedBy, mention, id);
  }
  const knownDeps = (id: string) => blockedByOf(id).filter((d) => d !== id && byId.has(d));
  for (const cycle of findCycles([...byId.keys()].sort(), knownDeps)) {
    const message = `dependency cycle: ${cycle.join(' → ')}`;
    for (const id of new Set(cycle)) {
      const entry = byId.get(id)!;
      diagnostics.push(at(ctx, entry.file, ['blocked_by'], 'error', message));
    }
  }

  const statusOf = (id: string) => byId.get(id)?.record.fields?.status ?? stateOf(id)?.status ?? 'created';
  const stateOf = (id: string): StateFields | null => {
    const dir = byId.get(id)?.record.dir;
    const s = dir === undefined ? undefined : states.get(dir)?.record;
    return s?.kind === 'state' ? s.fields ?? null : null;
  };

  const tasks: OrcTask[] = [];
  const memo = ctx.memo;
  const nextMemo = new Map<string, MemoTask>();
  const hostname = thisHost();
  for (const { id, file, record } of byId.values()) {
    const f = record.fields ?? {};
    const state = stateOf(id);
    const status = statusOf(id);
    const deps = blockedByOf(id);
    // orc judges orphans from state.yaml (its executor's record), not from task.yaml's status: no readable
    // state means nothing claims to be running it.
    const orphan = checkOrphaned(state?.status ?? null, state, ctx.now, hostname);
    const stateEntry = states.get(record.dir);
    const planEntry = plans.get(record.dir);
    const taskBlocks = (blocks.get(id) ?? []).sort();
    const taskReferencedBy = (referencedBy.get(id) ?? []).sort();
    // A blocker that does not exist is unmet, as in orc: nothing can complete it.
    const blocked = deps.some((d) => d !== id && (!byId.has(d) || !DONE_TASK_STATUSES.has(statusOf(d))));
    const previous = memo?.tasks.get(id);
    if (previous && previous.task === record && previous.state === stateEntry?.record && previous.plan === planEntry?.record
      && previous.item.file === file && previous.item.status === status && previous.item.blocked === blocked
      && previous.item.orphaned === orphan.orphaned && previous.item.orphanReason === orphan.reason
      && previous.item.stateFile === (stateEntry?.file ?? null) && previous.item.planFile === (planEntry?.file ?? null)
      && sameList(previous.item.blocks, taskBlocks) && sameList(previous.item.referencedBy, taskReferencedBy)) {
      tasks.push(previous.item);
      nextMemo.set(id, previous);
      continue;
    }
    const plan = planEntry?.record.kind === 'plan' ? planEntry.record.fields ?? null : null;
    const gates = state ? gatesOf(state) : [];
    const item: OrcTask = {
      system: 'orc', kind: 'task', id, root: ctx.root, file,
      title: f.title ?? id, status, dir: record.dir,
      description: f.description ?? null, weight: f.weight ?? null,
      priority: f.priority ?? DEFAULT_PRIORITY, queue: f.queue ?? DEFAULT_QUEUE, category: f.category ?? DEFAULT_CATEGORY,
      initiativeId: f.initiative_id || null, branch: f.branch ?? null, currentPhase: f.current_phase ?? state?.current_phase ?? null,
      blockedBy: deps, relatedTo: uniq(f.related_to ?? []),
      blocks: taskBlocks, referencedBy: taskReferencedBy, blocked,
      orphaned: orphan.orphaned, orphanReason: orphan.reason,
      requiresUiTesting: f.requires_ui_testing ?? mentionsUi(f.title, f.description),
      resolved: f.metadata?.resolved === true || f.metadata?.resolved === 'true',
      tokens: state ? tokensOf(state) : null, gates,
      stateFile: stateEntry?.file ?? null, stateStatus: state?.status ?? null,
      planFile: planEntry?.file ?? null,
      phases: buildTimeline(plan, state, gates),
      fields: f, state, plan,
    };
    tasks.push(item);
    nextMemo.set(id, { task: record, state: stateEntry?.record, plan: planEntry?.record, item });
  }
  if (memo) memo.tasks = nextMemo;

  const initiatives = linkInitiatives(initiativeFiles, tasks, ctx, diagnostics);
  return { tasks, initiatives, diagnostics };
}

function linkInitiatives(files: readonly (OrcFileRecord & { record: InitiativeRecord })[], tasks: readonly OrcTask[],
  ctx: LinkContext, diagnostics: Diagnostic[]): OrcInitiative[] {
  const byId = new Map<string, { file: string; record: InitiativeRecord; id: string }>();
  for (const f of [...files].filter((i) => i.record.fields).sort(byFile)) {
    byId.set(f.record.dir, { file: f.file, record: f.record, id: f.record.dir });
  }
  const depsOf = (id: string) => uniq(byId.get(id)?.record.fields?.blocked_by ?? []);
  const blocks = new Map<string, string[]>();
  for (const { id, file } of byId.values()) {
    depsOf(id).forEach((dep, i) => {
      if (dep === id) diagnostics.push(at(ctx, file, ['blocked_by', i], 'error', `initiative ${id} cannot block itself`));
      else if (!byId.has(dep)) diagnostics.push(at(ctx, file, ['blocked_by', i], 'warning', `blocked_by names ${dep}, which does not exist`));
      else push(blocks, dep, id);
    });
  }
  for (const cycle of findCycles([...byId.keys()].sort(), (id) => depsOf(id).filter((d) => d !== id && byId.has(d)))) {
    for (const id of new Set(cycle)) {
      diagnostics.push(at(ctx, byId.get(id)!.file, ['blocked_by'], 'error', `initiative dependency cycle: ${cycle.join(' → ')}`));
    }
  }
  const tasksOf = new Map<string, string[]>();
  const taskById = new Map<string, OrcTask>();
  const membersOf = new Map<string, OrcTask[]>();
  for (const t of tasks) {
    taskById.set(t.id, t);
    if (t.initiativeId) {
      push(tasksOf, t.initiativeId, t.id);
      const members = membersOf.get(t.initiativeId);
      if (members) members.push(t); else membersOf.set(t.initiativeId, [t]);
    }
  }
  const statusOf = (id: string) => byId.get(id)?.record.fields?.status ?? 'draft';

  return [...byId.values()].map(({ id, file, record }) => {
    const f = record.fields ?? {};
    const deps = depsOf(id);
    const listed = (f.tasks ?? []).map((t) => t.id);
    return {
      system: 'orc', kind: 'initiative', id, root: ctx.root, file, dir: record.dir,
      title: f.title ?? id, status: statusOf(id), vision: f.vision ?? null,
      blockedBy: deps, blocks: (blocks.get(id) ?? []).sort(),
      blocked: deps.some((d) => d !== id && (!byId.has(d) || statusOf(d) !== 'completed')),
      taskIds: uniq([...listed, ...(tasksOf.get(id) ?? [])]),
      progress: initiativeProgressOf(id, f.tasks ?? [], membersOf.get(id) ?? [], taskById),
      dependencyChain: dependencyChain(id, (i) => depsOf(i).filter((d) => d !== i)),
      fields: f,
    } satisfies OrcInitiative;
  });
}

export function tokensOf(state: StateFields): TokenTotals | null {
  const t = state.tokens;
  if (!t) return null;
  return tokenTotals(t.input_tokens ?? 0, t.output_tokens ?? 0, t.cache_creation_input_tokens ?? 0,
    t.cache_read_input_tokens ?? 0, t.total_tokens ?? undefined);
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

function at(ctx: LinkContext, file: string, path: (string | number)[], severity: 'error' | 'warning', message: string): Diagnostic {
  return diagnostic('orc', file, severity, message, ctx.locator(file)?.locate(path) ?? null);
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) { if (!list.includes(value)) list.push(value); } else map.set(key, [value]);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Files in a stable order; plain comparison, not localeCompare, which costs a lot over 10,000 files. */
function byFile(a: { file: string }, b: { file: string }): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : 0;
}

let host: string | undefined;
/** os.hostname() is a system call; it is asked once, not once per running task per relink. */
function thisHost(): string {
  return host ??= os.hostname();
}

function uniq(list: readonly string[]): string[] {
  return [...new Set(list)];
}
