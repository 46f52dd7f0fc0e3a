import { problemOf } from '../../model/item-problem';
import { UNREADABLE_STATUS } from '../../model/items';
import path from 'node:path';
import { resolveContained } from '../../io/contained-path';
import type { Diagnostic } from '../../model/diagnostic';
import type { SourceContext } from '../../model/adapter';
import type { YamlLocator } from '../../yaml/locate';
import { EVIDENCE_SHOWN, type UltraworkContext, type UltraworkDocument, type UltraworkEvidence, type UltraworkItem, type UltraworkSession } from './model';
import { sessionOwner } from './ownership';
import { rootForms } from '../../io/path-forms';
import type { UltraworkRecord } from './records';
import type { ContextFields } from './schemas';
import { linkSessionTasks, type TaskFile } from './tasks-link';

interface SessionGroup {
  readonly id: string;
  session?: { file: string; record: Extract<UltraworkRecord, { kind: 'session' }> };
  context?: { file: string; record: Extract<UltraworkRecord, { kind: 'context' }> };
  evidence?: { file: string; record: Extract<UltraworkRecord, { kind: 'evidence' }> };
  readonly tasks: TaskFile[];
  readonly docs: UltraworkDocument[];
  readonly files: string[];
  readonly problems: Diagnostic[];
}

/**
 * Every session folder's records → session and task items for one workspace folder. Sessions of other projects
 * are left out entirely, their problems too; sessions that name no folder are kept as unassigned.
 */
export function linkUltrawork(ctx: SourceContext, files: ReadonlyMap<string, UltraworkRecord>,
  locator: (file: string) => YamlLocator | undefined): { items: UltraworkItem[]; diagnostics: Diagnostic[] } {
  const groups = new Map<string, SessionGroup>();
  for (const [file, record] of files) {
    let g = groups.get(record.session);
    if (!g) groups.set(record.session, g = { id: record.session, tasks: [], docs: [], files: [], problems: [] });
    g.files.push(file);
    g.problems.push(...record.problems);
    switch (record.kind) {
      case 'session': g.session = { file, record }; break;
      case 'context': g.context = { file, record }; break;
      case 'evidence': g.evidence = { file, record }; break;
      case 'task': g.tasks.push({ file, name: record.name, fields: record.fields, problems: record.problems }); break;
      case 'design': case 'exploration': g.docs.push({ kind: record.kind, name: record.name, title: record.title, file }); break;
    }
  }
  const items: UltraworkItem[] = [];
  const diagnostics: Diagnostic[] = [];
  const forms = rootForms(ctx.root);
  for (const g of groups.values()) {
    const owner = sessionOwner(g.session?.record.fields, ctx.root, forms);
    if (owner === 'other') continue;
    diagnostics.push(...g.problems);
    const dir = path.join(ctx.ultraworkSessions!, g.id);
    const evidence = mergeEvidence(g.session?.record.evidence ?? [], g.evidence?.record.entries ?? []);
    const linked = linkSessionTasks({ root: ctx.root, sessionId: g.id, sessionDir: dir, assignment: owner, tasks: g.tasks, evidence, locator });
    diagnostics.push(...linked.diagnostics);
    items.push(sessionItem(ctx.root, dir, g, owner, evidence, linked.tasks.map((t) => t.taskId)), ...linked.tasks);
  }
  return { items, diagnostics };
}

function sessionItem(root: string, dir: string, g: SessionGroup, assignment: UltraworkSession['assignment'],
  evidence: UltraworkEvidence[], taskIds: string[]): UltraworkSession {
  const f = g.session?.record.fields;
  const goal = f?.goal?.trim() || null;
  const goalBrief = f?.goal_brief?.trim() || null;
  const context = g.context?.record.fields ? contextOf(g.context.file, dir, g.context.record.fields) : null;
  const workers = f?.workers;
  // A session.json that is there but yields nothing: shown `unreadable` with its problem (no session.json at all
  // stays `unknown`: nothing is broken, the plugin has not written it yet).
  const unreadable = g.session && !f ? problemOf(g.session.record.problems, 'session.json cannot be read') : undefined;
  return {
    system: 'ultrawork', kind: 'session', id: g.id, title: sessionTitle(goal, goalBrief, g.id),
    status: unreadable ? UNREADABLE_STATUS : f?.phase ?? 'unknown', ...(unreadable ? { unreadable } : {}),
    file: g.session?.file ?? dir, root, dir, version: f?.version ?? null, goal, goalBrief, phase: f?.phase ?? null,
    explorationStage: f?.exploration_stage ?? null, iteration: f?.iteration ?? null, planApprovedAt: f?.plan?.approved_at ?? null,
    designDoc: f?.plan?.design_doc ?? null,
    planningTier: f?.planning_tier ?? null, options: f?.options ?? null, workingDir: f?.working_dir ?? null, originalDir: f?.original_dir ?? null,
    worktree: f?.worktree ? { branch: f.worktree.branch ?? null, path: f.worktree.path ?? null } : null,
    verifierPassed: f?.verifier_passed ?? null, documenterCompleted: f?.documenter_completed ?? null, failureReason: f?.failure_reason ?? null,
    activeAgents: (f?.active_agents ?? []).map((a) => ({ agentId: a.agent_id ?? null, agentType: a.agent_type ?? null, role: a.role ?? null,
      taskId: a.task_id || null, startedAt: a.started_at ?? null })),
    workers: Array.isArray(workers) ? workers.map((w) => ({ agentId: w.agent_id ?? null, taskId: w.task_id || null, status: w.status ?? null,
      startedAt: w.started_at ?? null, completedAt: w.completed_at ?? null, failureReason: w.failure_reason ?? null })) : [],
    startedAt: f?.started_at ?? null, updatedAt: f?.updated_at ?? null, cancelledAt: f?.cancelled_at ?? null,
    assignment, context, documents: documentsOf(g.docs, context), recentEvidence: evidence.slice(0, EVIDENCE_SHOWN),
    evidenceCount: evidence.length, evidencePartial: g.evidence ? !g.evidence.record.complete : false, evidenceFile: g.evidence?.file ?? null,
    taskIds, files: [...g.files].sort(),
  };
}

/** Longer goals are kept whole up to here; beyond, the title ends in an ellipsis (the goal itself is kept whole). */
const TITLE_LIMIT = 500;

/**
 * A session is named by its goal, what the plugin's status script prints as the session's name; `goal_brief` is
 * only the slug the plugin derives from it for branch and file names (`session-<id prefix>` when the goal is not
 * ASCII). The goal is made one line; with no goal, the brief, then the folder name.
 */
export function sessionTitle(goal: string | null, goalBrief: string | null, id: string): string {
  const line = goal?.replace(/\s+/g, ' ').trim();
  if (line) return line.length > TITLE_LIMIT ? line.slice(0, TITLE_LIMIT - 1) + '…' : line;
  return goalBrief ?? id;
}

function contextOf(file: string, dir: string, f: ContextFields): UltraworkContext {
  return {
    file,
    explorers: (f.explorers ?? []).map((e) => {
      const inside = e.file ? resolveContained(dir, e.file, { what: 'the session folder' }) : null;
      return { id: e.id ?? '', hint: e.hint ?? null, summary: e.summary ?? null, file: inside?.ok ? inside.absolute : null,
        outside: inside && !inside.ok ? inside.reason : null };
    }),
    expectedExplorers: f.expected_explorers ?? [], explorationComplete: f.exploration_complete ?? null,
    // The bash scripts split "a.ts, b.ts" at the comma without trimming: " b.ts" is the file b.ts.
    keyFiles: (f.key_files ?? []).map((k) => k.trim()).filter(Boolean), patterns: (f.patterns ?? []).map((p) => p.trim()).filter(Boolean),
    constraints: f.constraints ?? [],
  };
}

/** design.md first, then the exploration documents: overview first, then exp-1, exp-2, … in number order. */
function documentsOf(docs: readonly UltraworkDocument[], context: UltraworkContext | null): UltraworkDocument[] {
  const hint = (d: UltraworkDocument) => context?.explorers.find((e) => e.file === d.file || e.id === d.name)?.hint ?? null;
  const rank = (d: UltraworkDocument) => (d.kind === 'design' ? 0 : d.name === 'overview' ? 1 : 2);
  return docs.map((d) => (d.kind === 'exploration' ? { ...d, title: hint(d) ?? d.title } : d))
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'en', { numeric: true }));
}

/**
 * Both logs, newest first (entries without a timestamp keep their place after the dated ones). Plugins 1.0+ write
 * an agent's completion to session.json's `evidence_log` and to `evidence/log.jsonl` alike: the same entry is
 * counted once.
 */
function mergeEvidence(session: readonly UltraworkEvidence[], log: readonly UltraworkEvidence[]): UltraworkEvidence[] {
  const key = (e: UltraworkEvidence) => JSON.stringify([e.timestamp, e.type, e.agentId, e.taskId, e.status, e.summary]);
  const inSession = new Set(session.filter((e) => e.timestamp).map(key));
  return [...session, ...log.filter((e) => !e.timestamp || !inSession.has(key(e)))].map((e, i) => ({ e, i }))
    .sort((a, b) => (b.e.timestamp ?? '').localeCompare(a.e.timestamp ?? '') || a.i - b.i).map((x) => x.e);
}
