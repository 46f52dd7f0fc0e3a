import type { UltraworkItem } from './model';

/**
 * The Ultrawork part of `baton scan --json` (CLI.md): `file` fields are left to the caller (absolute under HOME).
 * A session's `title` (set by the caller from the item) is its goal; `goalBrief` is the plugin's naming slug.
 * `sessionWorktree` is session.json's `worktree` (`{ branch, path }` or null). A session of the folder's own keeps it
 * as `worktree` too (its JSON is unchanged); one that ran in another worktree of the folder's repository carries
 * CLI.md's place field `worktree` (that worktree's path, set by the caller), which this does not overwrite.
 */
export function ultraworkItemJson(item: UltraworkItem, rel: (file: string) => string): Record<string, unknown> {
  if (item.kind === 'task') {
    return {
      session: item.sessionId, taskId: item.taskId, description: item.description, complexity: item.complexity,
      approach: item.approach, testFile: item.testFile, testScope: item.testScope,
      blockedBy: item.blockedBy, blocked: item.blocked, waitingOn: item.waitingOn,
      criteria: item.criteria.map((c) => ({ text: c.text, met: c.met, evidence: c.evidence })),
      evidence: item.evidence, assigned: item.assignment === 'workspace',
    };
  }
  return {
    folder: rel(item.dir), version: item.version, phase: item.phase, explorationStage: item.explorationStage,
    iteration: item.iteration, goal: item.goal, goalBrief: item.goalBrief, planningTier: item.planningTier,
    workingDir: item.workingDir, originalDir: item.originalDir, ...(item.elsewhere ? {} : { worktree: item.worktree }),
    sessionWorktree: item.worktree, verifierPassed: item.verifierPassed,
    documenterCompleted: item.documenterCompleted, failureReason: item.failureReason, designDoc: item.designDoc,
    activeAgents: item.activeAgents, workers: item.workers,
    options: item.options, startedAt: item.startedAt, updatedAt: item.updatedAt, cancelledAt: item.cancelledAt,
    assigned: item.assignment === 'workspace', tasks: item.taskIds,
    documents: item.documents.map((d) => rel(d.file)),
    evidence: { count: item.evidenceCount, partial: item.evidencePartial },
  };
}
