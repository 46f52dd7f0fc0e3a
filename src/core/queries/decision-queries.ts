import { displayPath, decisionJson } from '../report/scan-report';
import type { OrchestralMission, OrchestralRun } from '../formats/orchestral/model';
import type { OrchestrationService } from '../service/orchestration-service';
import type { Decision } from '../service/work-item';
import { DEFAULT_PAGE, clampJson, pageOf, type Page } from './bounded';
import { QueryError } from './query-error';

export interface DecisionFilter {
  readonly folders: readonly string[];
  readonly system?: string;
  readonly offset?: number;
  readonly limit?: number;
}

export interface DecisionQuery {
  readonly folders: readonly string[];
  /** The id as the system writes it (a CRP's crp_id, an orange task id, `TASK-001:review` for an orc gate), or its ref. */
  readonly id: string;
  readonly system?: string;
  /** Orchestral/Dure: the run folder name, when two runs hold CRPs of the same id. */
  readonly run?: string;
}

/** What waits for a person (CLI.md's `decisions`, each with its folder and `ref`), one page. */
export function listDecisions(service: OrchestrationService, filter: DecisionFilter): Page<Record<string, unknown>> {
  const rows = service.decisions()
    .filter((d) => filter.folders.includes(d.root) && (filter.system === undefined || d.system === filter.system))
    .map((d) => ({ folder: d.root, ref: d.ref, ...decisionJson(d.root, d) }));
  return pageOf(rows, filter.offset ?? 0, filter.limit ?? DEFAULT_PAGE);
}

/**
 * One decision, whether it still waits or not: `state` is `pending` while it waits for a person; once answered, the
 * answer (an Orchestral/Dure CRP's VCR: the choice, rationale and notes as the person wrote them; an orc gate's record)
 * or where the item went (an orange task's status now). An agent waiting on a person polls this; it never answers.
 */
export function decisionState(service: OrchestrationService, query: DecisionQuery): Record<string, unknown> {
  const pending = service.decisions().filter((d) => query.folders.includes(d.root) && matches(d, query));
  if (pending.length > 1) {
    throw new QueryError(`${pending.length} decisions match ${query.id} (${pending.map((d) => `${d.system} ${d.ref} in ${d.root}`).join('; ')}); `
      + 'narrow it with "system", "run" or "folder"');
  }
  if (pending[0]) {
    const d = pending[0];
    return clampJson({ state: 'pending', folder: d.root, ref: d.ref, decision: decisionJson(d.root, d), answer: null });
  }
  return clampJson(answeredCrp(service, query) ?? pastGate(service, query) ?? approvedPlan(service, query) ?? orangeTask(service, query)
    ?? notFound(query));
}

function matches(d: Decision, q: DecisionQuery): boolean {
  if (q.system !== undefined && d.system !== q.system) return false;
  if (q.run !== undefined && !(d.system === 'orchestral' && d.kind === 'crp' && d.run === q.run)) return false;
  return d.id === q.id || d.ref === q.id;
}

/** A CRP no longer pending: its status and the VCR that answered it (the first by time, as Dure picks it). */
function answeredCrp(service: OrchestrationService, q: DecisionQuery): Record<string, unknown> | undefined {
  if (q.system !== undefined && q.system !== 'orchestral') return undefined;
  const runs = service.items().filter((i): i is OrchestralRun => i.system === 'orchestral' && i.kind === 'run'
    && q.folders.includes(i.root) && (q.run === undefined || i.id === q.run || i.runId === q.run));
  const found = runs.flatMap((run) => run.crps.filter((c) => c.crpId === q.id).map((crp) => ({ run, crp })));
  if (found.length > 1) throw new QueryError(`CRP ${q.id} is in ${found.length} runs (${found.map((f) => f.run.id).join(', ')}); name one with "run"`);
  const hit = found[0];
  if (!hit) return undefined;
  const { run, crp } = hit;
  const vcr = run.vcrs.find((v) => v.vcrId === crp.answeredBy) ?? run.vcrs.find((v) => v.crpId === crp.crpId);
  const rel = (f: string) => displayPath(run.root, f);
  return {
    state: vcr ? 'answered' : 'not pending', folder: run.root, system: 'orchestral', kind: 'crp', id: crp.crpId, run: run.id,
    status: crp.status, question: crp.question, file: rel(crp.file), runStatus: run.status,
    awaitingResume: run.awaitingResume !== null,
    answer: vcr ? { vcr: vcr.vcrId, decision: vcr.decision, decisions: vcr.decisions, rationale: vcr.rationale,
      additionalNotes: vcr.additionalNotes, appliesToFuture: vcr.appliesToFuture, createdAt: vcr.createdAt, file: rel(vcr.file) } : null,
  };
}

/** An orc human gate (`TASK-001:review`) no longer pending: the gate records of that phase in the task's state. */
function pastGate(service: OrchestrationService, q: DecisionQuery): Record<string, unknown> | undefined {
  if (q.system !== undefined && q.system !== 'orc') return undefined;
  const at = q.id.lastIndexOf(':');
  if (at <= 0) return undefined;
  const [taskId, phase] = [q.id.slice(0, at), q.id.slice(at + 1)];
  const task = service.items().find((i) => i.system === 'orc' && i.kind === 'task' && i.id === taskId && q.folders.includes(i.root));
  if (!task || task.system !== 'orc' || task.kind !== 'task') return undefined;
  const gates = task.gates.filter((g) => g.phase === phase);
  return { state: gates.length ? 'answered' : 'not pending', folder: task.root, system: 'orc', kind: 'gate', id: q.id, taskId, phase,
    taskStatus: task.status, answer: gates.at(-1) ?? null, gates };
}

/** A Dure mission whose plan no longer waits (approved, or the mission moved on): where the mission is now. */
function approvedPlan(service: OrchestrationService, q: DecisionQuery): Record<string, unknown> | undefined {
  if (q.system !== undefined && q.system !== 'orchestral') return undefined;
  const mission = service.items().find((i): i is OrchestralMission => i.system === 'orchestral' && i.kind === 'mission' && i.id === q.id && q.folders.includes(i.root));
  if (!mission) return undefined;
  const approved = mission.planningStage === 'approved';
  return { state: approved ? 'answered' : 'not pending', folder: mission.root, system: 'orchestral', kind: 'plan', id: mission.id,
    status: mission.status, planningStage: mission.planningStage, title: mission.title, file: displayPath(mission.root, mission.file),
    answer: approved ? { decision: 'approved', updatedAt: mission.updatedAt } : null };
}

/** An orange task that no longer waits (it left clarification, reviewing or stuck): where it is now. */
function orangeTask(service: OrchestrationService, q: DecisionQuery): Record<string, unknown> | undefined {
  if (q.system !== undefined && q.system !== 'orange') return undefined;
  const task = service.items().find((i) => i.system === 'orange' && i.id === q.id && q.folders.includes(i.root));
  if (!task) return undefined;
  return { state: 'not pending', folder: task.root, system: 'orange', kind: task.kind, id: task.id, status: task.status,
    title: task.title, file: displayPath(task.root, task.file), answer: null };
}

function notFound(q: DecisionQuery): never {
  throw new QueryError(`no decision ${q.id}${q.system ? ` of ${q.system}` : ''}${q.run ? ` in run ${q.run}` : ''}; baton_decisions lists those waiting`);
}
