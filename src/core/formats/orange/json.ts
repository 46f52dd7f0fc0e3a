import type { OrangeDecision, OrangeTask } from './model';

/** The orange part of `baton scan --json` (CLI.md): the frontmatter in camelCase, the Review's `verdict`, the gates. */
export function orangeTaskJson(t: OrangeTask): Record<string, unknown> {
  return {
    verdict: t.verdict, project: t.project, projectPath: t.projectPath, branch: t.branch, harness: t.harness,
    reviewHarness: t.reviewHarness, reviewRound: t.reviewRound, crashCount: t.crashCount, summary: t.summary,
    workspace: t.workspace, tmuxSession: t.tmuxSession, prUrl: t.prUrl, createdAt: t.createdAt, updatedAt: t.updatedAt,
    planValid: t.plan, handoffValid: t.handoff, sections: t.sections.map((s) => s.name),
    questions: t.questions.map((q) => q.text), extra: t.extra,
  };
}

export function orangeDecisionJson(d: OrangeDecision, rel: (file: string) => string): Record<string, unknown> {
  return {
    system: d.system, kind: d.kind, id: d.id, project: d.project, status: d.status, question: d.question,
    questions: d.questions.map((q) => q.text), verdict: d.verdict, reviewRound: d.reviewRound, moves: d.moves, file: rel(d.file),
  };
}
