import type { OrcInitiative, OrcItem, OrcTask } from './model';
import { resolutionOf } from './schemas';

/** The orc part of `baton scan --json` (CLI.md): computed fields included, file fields left to the caller. */
export function orcItemJson(item: OrcItem): Record<string, unknown> {
  if (item.kind === 'task') return taskJson(item);
  return initiativeJson(item);
}

function taskJson(item: OrcTask): Record<string, unknown> {
  const s = item.state;
  const m = item.fields.metadata;
  const db = item.db;
  return {
    era: item.era,
    weight: item.weight, priority: item.priority, queue: item.queue, category: item.category,
    initiative: item.initiativeId, branch: item.branch, currentPhase: item.currentPhase,
    // Where orc runs a database-era task (its git worktree, as written); null in the file era.
    worktreePath: db?.worktreePath ?? null,
    blockedBy: item.blockedBy, blocks: item.blocks, relatedTo: item.relatedTo, referencedBy: item.referencedBy,
    blocked: item.blocked, orphaned: item.orphaned, requiresUiTesting: item.requiresUiTesting, resolved: item.resolved,
    resolvedAt: resolutionOf(m).at, resolutionMessage: resolutionOf(m).message,
    tokens: item.tokens,
    createdAt: item.fields.created_at ?? null, updatedAt: item.fields.updated_at ?? null,
    // state.yaml's times when there is one; orc's task.yaml keeps its own copy (and outlives a removed state.yaml).
    currentIteration: s?.current_iteration ?? db?.currentIteration ?? null,
    startedAt: s?.started_at || item.fields.started_at || null, completedAt: s?.completed_at || item.fields.completed_at || null,
    totalDuration: s?.total_duration ?? null,
    error: s?.error || null,
    retryContext: s?.retry_context ? { fromPhase: s.retry_context.from_phase || null, toPhase: s.retry_context.to_phase || null,
      reason: s.retry_context.reason || null, attempt: s.retry_context.attempt ?? null, timestamp: s.retry_context.timestamp ?? null }
      : db ? dbRetryState(m?._retry_state) : null,
    pr: prJson(item),
    execution: s?.execution ? { pid: s.execution.pid ?? null, hostname: s.execution.hostname ?? null,
      startedAt: s.execution.started_at ?? null, lastHeartbeat: s.execution.last_heartbeat ?? null } : db?.execution ?? null,
    session: s?.session ? { id: s.session.id ?? null, model: s.session.model ?? null, status: s.session.status ?? null,
      createdAt: s.session.created_at ?? null, lastActivity: s.session.last_activity ?? null, turnCount: s.session.turn_count ?? null } : null,
    costUsd: s?.cost?.total_cost_usd ?? db?.costUsd ?? null,
    gates: item.gates,
    plan: item.plan ? { weight: item.plan.weight ?? null, generatedAt: item.plan.generated_at ?? null } : null,
    phases: item.phases,
    // The database era's own facts: its workflow, why it is blocked, and what the task detail can open.
    ...(db ? { workflow: db.workflowId, stateStatus: db.stateStatus, blockedReason: db.blockedReason,
      comments: db.comments, transcripts: db.transcripts, attachments: db.attachments, hasSpec: db.hasSpec,
      readOnly: db.readOnlyReason !== null } : {}),
  };
}

function initiativeJson(item: OrcInitiative): Record<string, unknown> {
  const f = item.fields;
  return {
    era: item.era,
    blockedBy: item.blockedBy, blocks: item.blocks, blocked: item.blocked, tasks: item.taskIds,
    vision: item.vision,
    owner: f.owner ? { initials: f.owner.initials ?? null, displayName: f.owner.display_name ?? null, email: f.owner.email ?? null } : null,
    progress: { completed: item.progress.completed, total: item.progress.total }, dependencyChain: item.dependencyChain,
    decisions: item.decisions,
    contextFiles: f.context_files ?? [],
  };
}

/**
 * The database era's retry state: orc keeps it as JSON text in the task's metadata under `_retry_state`
 * (`{from_phase, to_phase, reason, failure_output, attempt}`; orc a48c6caf internal/task/retry_state.go), set on a
 * review loop back to implement, `orc resume` and a manual retry. Text that is not that JSON gives none.
 */
function dbRetryState(value: unknown): Record<string, unknown> | null {
  if (typeof value !== 'string' || !value) return null;
  let rs: unknown;
  try {
    rs = JSON.parse(value);
  } catch {
    return null;
  }
  if (!rs || typeof rs !== 'object' || Array.isArray(rs)) return null;
  const r = rs as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return { fromPhase: text(r.from_phase), toPhase: text(r.to_phase), reason: text(r.reason),
    attempt: typeof r.attempt === 'number' && Number.isFinite(r.attempt) ? r.attempt : null, timestamp: null };
}

/** task.yaml's `pr` (orc polls the pull request's state into it); older tasks only have `metadata.pr_url`. */
function prJson(item: OrcTask): Record<string, unknown> | null {
  const pr = item.fields.pr;
  const url = pr?.url || item.fields.metadata?.pr_url || null;
  if (!pr && !url) return null;
  // The database era records a merge only as the status `merged` (its pr_merged column stays 0).
  return { url, number: pr?.number ?? null, status: pr?.status || null, merged: pr?.merged ?? pr?.status === 'merged',
    mergedAt: pr?.merged_at ?? null, targetBranch: pr?.target_branch || null };
}
