import type { OrchestralCrpDecision, OrchestralDecision, OrchestralMission, OrchestralPlanDecision, OrchestralRun, RunUsage } from './model';

/** The Orchestral/Dure part of `baton scan --json` for a run (CLI.md): file fields are left to the caller. */
export function orchestralRunJson(run: OrchestralRun, rel: (file: string) => string): Record<string, unknown> {
  return {
    folder: rel(run.dir), runId: run.runId, phase: run.phase, iteration: run.iteration, maxIterations: run.maxIterations,
    minorFixAttempts: run.minorFixAttempts, maxMinorFixAttempts: run.maxMinorFixAttempts,
    startedAt: run.startedAt, updatedAt: run.updatedAt,
    agents: run.agents.map((a) => ({ name: a.name, status: a.status, model: a.model, done: a.done !== null, error: a.error,
      stateError: a.stateError, timeoutAt: a.timeoutAt, ...usageJson(a.usage) })),
    pendingCrp: run.pendingCrp,
    // Answered, waiting for Dure to resume the run: it no longer waits on a person.
    awaitingResume: run.awaitingResume,
    crps: run.crps.map((c) => ({ id: c.crpId, status: c.status, createdBy: c.createdBy, answeredBy: c.answeredBy, file: rel(c.file) })),
    vcrs: run.vcrs.map((v) => ({ id: v.vcrId, crp: v.crpId, decision: v.decision, createdAt: v.createdAt, file: rel(v.file) })),
    verdict: run.verdict?.verdict ?? null,
    // After a FAIL, the verdict and the tests of the iteration before, until this one's are written.
    verdictIteration: run.verdict?.iteration ?? null, verdictPrevious: run.verdict?.previous ?? false,
    tests: run.results ? { total: run.results.total, passed: run.results.passed, failed: run.results.failed, coverage: run.results.coverage,
      previous: run.results.previous } : null,
    mrp: run.mrp ? rel(run.mrp.file) : null,
    hasError: run.hasError,
    errors: run.errors,
    modelSelection: run.modelSelection,
    tokens: run.tokens, costUsd: run.costUsd,
  };
}

/** A Dure mission in `baton scan --json` (CLI.md): its plan's phases and tasks, each task with the run it started. */
export function orchestralMissionJson(m: OrchestralMission, rel: (file: string) => string): Record<string, unknown> {
  return {
    folder: rel(m.dir), missionId: m.missionId, description: m.description,
    planningStage: m.planningStage, planningIterations: m.planningIterations, awaitingApproval: m.awaitingApproval,
    createdAt: m.createdAt, updatedAt: m.updatedAt, completedAt: m.completedAt, currentPhase: m.currentPhase,
    tasks: m.taskCounts,
    critique: m.critique,
    drafted: m.drafted, draft: m.draftFile ? rel(m.draftFile) : null,
    phases: m.phases.map((p) => ({
      id: p.phaseId, number: p.number, title: p.title, status: p.status, startedAt: p.startedAt, completedAt: p.completedAt,
      tasks: p.tasks.map((t) => ({
        id: t.taskId, title: t.title, status: t.status, dependsOn: t.dependsOn, waitingOn: t.waitingOn,
        runId: t.runId, run: t.runDir ? rel(t.runDir) : null, startedAt: t.startedAt, completedAt: t.completedAt, error: t.error,
      })),
    })),
  };
}

function usageJson(u: RunUsage | null): { tokens: RunUsage['tokens'] | null; costUsd: number | null } {
  return { tokens: u?.tokens ?? null, costUsd: u?.costUsd ?? null };
}

/**
 * A pending CRP in `baton scan --json` (CLI.md): `{ system, id, run, status, question, options, recommendation }`;
 * a `questions[]` CRP also lists `questions`, each with its own options and recommendation.
 */
export function orchestralDecisionJson(d: OrchestralDecision, rel: (file: string) => string): Record<string, unknown> {
  if (d.kind === 'plan') return planDecisionJson(d, rel);
  const single = d.shape === 'single' ? d.questions[0] : undefined;
  return {
    system: d.system, kind: d.kind, id: d.id, run: d.run, status: d.status, question: d.question,
    context: d.context, type: d.type, createdBy: d.createdBy, createdAt: d.createdAt,
    options: single ? single.options.map(optionJson) : [],
    recommendation: single ? single.recommendation : null,
    ...(d.shape === 'multi' ? { questions: d.questions.map((q) => ({ id: q.id, question: q.question, context: q.context,
      options: q.options.map(optionJson), recommendation: q.recommendation, required: q.required })) } : {}),
    file: rel(d.file),
  };
}

/**
 * A mission's plan waiting for approval in `baton scan --json`: `{ system, kind: "plan", id, mission, status,
 * question, critique, phases }`; answered with `baton answer <mission-id> --option approve`.
 */
function planDecisionJson(d: OrchestralPlanDecision, rel: (file: string) => string): Record<string, unknown> {
  return {
    system: d.system, kind: d.kind, id: d.id, mission: d.mission, status: d.status, question: d.question,
    title: d.missionTitle, critique: d.critique, draft: d.draftFile ? rel(d.draftFile) : null,
    options: [{ id: 'approve', label: 'Approve the plan', description: 'The mission becomes ready; `dure mission run` runs its tasks.' }],
    phases: d.phases.map((p) => ({ id: p.phaseId, title: p.title, tasks: p.tasks.map((t) => ({ id: t.taskId, title: t.title, dependsOn: t.dependsOn })) })),
    file: rel(d.file),
  };
}

function optionJson(o: OrchestralCrpDecision['questions'][number]['options'][number]): Record<string, unknown> {
  return { id: o.id, label: o.label, description: o.description, risk: o.risk, pros: o.pros, cons: o.cons };
}
