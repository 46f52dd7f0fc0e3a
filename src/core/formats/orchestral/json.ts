import type { OrchestralCrpDecision, OrchestralRun } from './model';

/** The Orchestral/Dure part of `baton scan --json` for a run (CLI.md): file fields are left to the caller. */
export function orchestralRunJson(run: OrchestralRun, rel: (file: string) => string): Record<string, unknown> {
  return {
    folder: rel(run.dir), phase: run.phase, iteration: run.iteration, maxIterations: run.maxIterations,
    startedAt: run.startedAt, updatedAt: run.updatedAt,
    agents: run.agents.map((a) => ({ name: a.name, status: a.status, done: a.done !== null, error: a.error })),
    pendingCrp: run.pendingCrp,
    crps: run.crps.map((c) => ({ id: c.crpId, status: c.status, file: rel(c.file) })),
    vcrs: run.vcrs.map((v) => ({ id: v.vcrId, crp: v.crpId, decision: v.decision, file: rel(v.file) })),
    verdict: run.verdict?.verdict ?? null,
    tests: run.results ? { total: run.results.total, passed: run.results.passed, failed: run.results.failed, coverage: run.results.coverage } : null,
    mrp: run.mrp ? rel(run.mrp.file) : null,
    hasError: run.hasError,
    tokens: run.tokens, costUsd: run.costUsd,
  };
}

/**
 * A pending CRP in `baton scan --json` (CLI.md): `{ system, id, run, status, question, options, recommendation }`;
 * a `questions[]` CRP also lists `questions`, each with its own options and recommendation.
 */
export function orchestralDecisionJson(d: OrchestralCrpDecision, rel: (file: string) => string): Record<string, unknown> {
  const single = d.shape === 'single' ? d.questions[0] : undefined;
  return {
    system: d.system, kind: d.kind, id: d.id, run: d.run, status: d.status, question: d.question,
    context: d.context, type: d.type, createdBy: d.createdBy, createdAt: d.createdAt,
    options: single ? single.options.map(optionJson) : [],
    recommendation: single ? single.recommendation : null,
    ...(d.shape === 'multi' ? { questions: d.questions.map((q) => ({ id: q.id, question: q.question, context: q.context,
      options: q.options.map(optionJson), recommendation: q.recommendation })) } : {}),
    file: rel(d.file),
  };
}

function optionJson(o: OrchestralCrpDecision['questions'][number]['options'][number]): Record<string, unknown> {
  return { id: o.id, label: o.label, description: o.description, risk: o.risk, pros: o.pros, cons: o.cons };
}
