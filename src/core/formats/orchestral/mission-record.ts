import { contentHash } from '../../io/content-hash';
import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import { problemOf, unreadableFileProblem } from '../../model/item-problem';
import type { ItemProblem } from '../../model/items';
import type { EnumCheck } from '../common/enum-check';
import { type JsonLocator, parseJsonFile, unknownJsonValueWarnings } from '../common/json-file';
import { missionSchema, planDraftSchema, type MissionFields, type MissionPhaseFields, type PlanDraftFields } from './mission-schema';
import type { Base } from './paths';
import { MISSION_PHASE_STATUSES, MISSION_STATUSES, MISSION_TASK_STATUSES, PLANNING_STAGES } from './vocabulary';

/** What a mission.json contributes to the index (plain JSON, cached across sessions like every record). */
export interface MissionRecord {
  readonly kind: 'mission';
  readonly base: Base;
  /** The mission folder's name (`mission-YYYYMMDDHHMMSS` as Dure names it). */
  readonly mission: string;
  readonly fields: MissionFields | undefined;
  readonly hash: string;
  /** Why `fields` is missing: the mission is shown `unreadable` with it. */
  readonly problem?: ItemProblem;
}

/** A Planner draft of a mission's plan (`planning/draft-v<N>.json`). */
export interface MissionDraftRecord {
  readonly kind: 'mission-draft';
  readonly base: Base;
  readonly mission: string;
  readonly version: number;
  readonly fields: PlanDraftFields | undefined;
}

const SYSTEM = 'orchestral';

export function parseMissionDraft(file: string, base: Base, mission: string, version: number, text: string): { record: MissionDraftRecord; diagnostics: Diagnostic[] } {
  const { fields, diagnostics, locator } = parseJsonFile(SYSTEM, file, text, `draft-v${version}.json`, planDraftSchema);
  // A draft's task may leave out depends_on (the Planner's schema defaults it to []): an approval writes it.
  if (fields) diagnostics.push(...taskChecks(file, fields.phases ?? [], locator, ['phases'], false));
  return { record: { kind: 'mission-draft', base, mission, version, fields }, diagnostics };
}

export function parseMissionFile(file: string, base: Base, mission: string, text: string): { record: MissionRecord; diagnostics: Diagnostic[] } {
  const { fields, diagnostics, locator } = parseJsonFile(SYSTEM, file, text, 'mission.json', missionSchema);
  if (fields) diagnostics.push(...missionChecks(file, mission, fields, locator));
  const problem = fields ? undefined : problemOf(diagnostics, 'mission.json cannot be read');
  return { record: { kind: 'mission', base, mission, fields, hash: contentHash(text), ...(problem ? { problem } : {}) }, diagnostics };
}

/** A mission.json that is there but cannot be opened: the mission is still shown, `unreadable`. */
export function unreadableMission(file: string, base: Base, mission: string, cause: string): { record: MissionRecord; diagnostics: Diagnostic[] } {
  const problem = unreadableFileProblem('mission.json', cause);
  return { record: { kind: 'mission', base, mission, fields: undefined, hash: '', problem }, diagnostics: [diagnostic(SYSTEM, file, 'error', problem.message)] };
}

/**
 * What Dure's MissionManager would trip on, each at its place. Words Dure does not list are an info only (its enums
 * grow); the rest are what makes Dure look elsewhere or wait for good.
 */
function missionChecks(file: string, folder: string, m: MissionFields, locator: JsonLocator): Diagnostic[] {
  const found: Diagnostic[] = [];
  const at = (path: (string | number)[]) => locator.locate(path);
  const checks: EnumCheck[] = [
    { path: ['status'], value: m.status, known: MISSION_STATUSES, what: 'mission status' },
    { path: ['planning', 'stage'], value: m.planning?.stage, known: PLANNING_STAGES, what: 'planning stage' },
  ];
  (m.phases ?? []).forEach((p, i) => {
    checks.push({ path: ['phases', i, 'status'], value: p.status, known: MISSION_PHASE_STATUSES, what: 'phase status' });
    (p.tasks ?? []).forEach((t, j) => checks.push({ path: ['phases', i, 'tasks', j, 'status'], value: t.status, known: MISSION_TASK_STATUSES, what: 'task status' }));
  });
  found.push(...unknownJsonValueWarnings(SYSTEM, file, locator, checks).map((d) => ({ ...d, severity: 'info' as const })));
  if (!folder.startsWith('mission-')) {
    found.push(diagnostic(SYSTEM, file, 'info', `mission folder "${folder}" does not start with "mission-": Dure does not list it`, { line: 1, column: 1 }));
  }
  if (m.mission_id && m.mission_id !== folder) {
    found.push(diagnostic(SYSTEM, file, 'warning', `mission_id "${m.mission_id}" differs from the mission folder "${folder}": Dure reads the mission from this folder and saves it to missions/${m.mission_id}/`, at(['mission_id'])));
  }
  if (m.status === 'plan_review' && m.planning?.stage && m.planning.stage !== 'needs_human') {
    found.push(diagnostic(SYSTEM, file, 'warning', `status is plan_review but the planning stage is ${m.planning.stage}: Dure approves a plan only at stage needs_human, so it cannot be approved`, at(['planning', 'stage'])));
  }
  if (m.status === 'ready' && m.planning?.stage === 'approved' && !(m.phases ?? []).length) {
    // What Dure's own approvePlan leaves: the plan stays in planning/, and `dure mission run` reports every phase done.
    found.push(diagnostic(SYSTEM, file, 'warning', 'the plan is approved but the mission has no phases: `dure mission run` finds nothing to run. Dure\'s approve leaves the plan in planning/draft-v<N>.json: copy that draft\'s phases into `phases` here (each `"status": "pending"`, and `"depends_on": []` on a task without it), or approve the next plan with Baton\'s Approve the Mission\'s Plan, which copies them in',
      at(['phases'])));
  }
  found.push(...taskChecks(file, m.phases ?? [], locator, ['phases']));
  return found;
}

/** Dure starts a task once every task of `depends_on` in the task's own phase has passed (areDependenciesMet). */
function taskChecks(file: string, phases: readonly MissionPhaseFields[], locator: JsonLocator, at: readonly string[], needDependsOn = true): Diagnostic[] {
  const found: Diagnostic[] = [];
  const firstAt = new Map<string, [number, number]>();
  phases.forEach((p, i) => (p.tasks ?? []).forEach((t, j) => {
    if (!t.task_id) return;
    const first = firstAt.get(t.task_id);
    if (first) {
      found.push(diagnostic(SYSTEM, file, 'warning', `task_id "${t.task_id}" is also phase ${first[0] + 1}'s task ${first[1] + 1}: Dure retries, skips and runs only the first of them`,
        locator.locate([...at, i, 'tasks', j, 'task_id'])));
    } else firstAt.set(t.task_id, [i, j]);
  }));
  phases.forEach((p, i) => (p.tasks ?? []).forEach((t, j) => {
    const here = [...at, i, 'tasks', j];
    if (t.depends_on == null) {
      if (!needDependsOn) return;
      found.push(diagnostic(SYSTEM, file, 'warning', 'task has no `depends_on` list: Dure reads its length before it runs the task, and stops on this one (write `"depends_on": []`)', locator.locate(here)));
      return;
    }
    const own = new Set((p.tasks ?? []).map((x) => x.task_id));
    t.depends_on.forEach((dep, k) => {
      if (own.has(dep)) return;
      const elsewhere = firstAt.get(dep);
      const why = elsewhere ? `is a task of phase ${elsewhere[0] + 1}, and Dure looks for a task's dependencies only in its own phase`
        : 'is no task of this mission';
      found.push(diagnostic(SYSTEM, file, 'warning', `depends_on "${dep}" ${why}: Dure never finds it passed, so this task stays blocked`,
        locator.locate([...here, 'depends_on', k])));
    });
  }));
  return found;
}
