import type { OrangeDecision, OrangeTask } from './model';

/**
 * The orange part of `baton scan --json` (CLI.md): the frontmatter in camelCase, the gates and the Review's `verdict` as
 * orange's own parser derives them, the newest history events.
 */
export function orangeTaskJson(t: OrangeTask): Record<string, unknown> {
  return {
    verdict: t.verdict, project: t.project, projectPath: t.projectPath, branch: t.branch, harness: t.harness,
    reviewHarness: t.reviewHarness, effort: t.effort, reviewEffort: t.reviewEffort, reviewRound: t.reviewRound, crashCount: t.crashCount,
    summary: t.summary, workspace: t.workspace, tmuxSession: t.tmuxSession, prUrl: t.prUrl, prState: t.prState,
    createdAt: t.createdAt, updatedAt: t.updatedAt, planValid: t.plan, handoffValid: t.handoff, fields: t.fields,
    sections: t.sections.map((s) => s.name), questions: t.questions.map((q) => q.text), extra: t.extra,
    recentHistory: t.recentHistory,
    // The worktree of the project's pool the task runs in (TASK.md's `workspace`, else the pool's binding); null when none.
    runsIn: t.runsIn && { worktree: t.runsIn.path, name: t.runsIn.name, via: t.runsIn.via, here: t.runsIn.here },
  };
}

export function orangeDecisionJson(d: OrangeDecision, rel: (file: string) => string): Record<string, unknown> {
  return {
    system: d.system, kind: d.kind, id: d.id, project: d.project, status: d.status, question: d.question,
    questions: d.questions.map((q) => q.text), verdict: d.verdict, reviewRound: d.reviewRound, moves: d.moves, file: rel(d.file),
  };
}
