import path from 'node:path';
import { containedPath } from '../../io/contained-path';
import { createFileAtomic } from '../../io/create-atomic';
import { readCurrent, replaceCurrent, type CurrentText } from '../../io/read-current';
import { ReplaceConflict } from '../../io/replace-if-unchanged';
import { TargetRefused } from '../../io/target-file';
import { editJsonText, type JsonChange } from '../common/json-edit';
import { loadJsonObject } from '../common/json-file';
import { missionKanban } from './mission-kanban';
import { planDraftSchema } from './mission-schema';
import { parseLenient } from '../common/lenient';

/** Which mission, as it was shown: its folder, the hash of its mission.json then, and the draft its plan came from. */
export interface PlanApprovalTarget {
  readonly missionDir: string;
  readonly shownHash: string;
  readonly draftFile: string | null;
}

export type PlanApprovalOutcome =
  | { readonly ok: true; readonly written: readonly string[]; readonly phases: number; readonly tasks: number }
  | { readonly ok: false; readonly message: string };

type Json = Record<string, unknown>;

/**
 * Approves a mission's plan as Dure's MissionManager.approvePlan does (its dashboard's POST /missions/:id/approve):
 * only at planning stage `needs_human`; stage → `approved`, status → `ready`, `updated_at` now, then kanban.json
 * rebuilt from the mission (KanbanStateManager.syncFromMission). Dure's approvePlan stops there and leaves the
 * mission without phases (its plan stays in planning/draft-v<N>.json), so `dure mission run` would find nothing to
 * run; what the Critic's own approval does besides (applyPlanningResult) is done too when the mission has no phases
 * yet: the approved draft's phases are copied in as `pending` (a task without `depends_on` gets `[]`, which Dure
 * needs to run it), the stats count them, an empty title becomes the first phase's. mission.json changes only in those values (every other byte kept) and only while it is what was shown.
 */
export async function approveMissionPlan(target: PlanApprovalTarget, now = new Date()): Promise<PlanApprovalOutcome> {
  const missionFile = path.join(target.missionDir, 'mission.json');
  const kanbanFile = path.join(target.missionDir, 'kanban.json');
  const files = [missionFile, kanbanFile, ...(target.draftFile ? [target.draftFile] : [])];
  for (const file of files) {
    const inside = await containedPath(target.missionDir, file, { what: 'the mission folder' });
    if (!inside.ok) return refused(inside.reason);
  }
  let mission: CurrentText;
  let kanban: CurrentText;
  try {
    [mission, kanban] = await Promise.all([readCurrent(missionFile), readCurrent(kanbanFile)]);
  } catch (err) {
    return refused((err as Error).message);
  }
  if (!mission.exists) return refused('mission.json no longer exists');
  if (mission.hash !== target.shownHash) return refused('mission.json changed since it was shown — look at the mission again, then approve');
  const loaded = loadJsonObject('orchestral', missionFile, mission.text, 'mission.json');
  if (!loaded.ok) return refused(`mission.json cannot be read: ${loaded.diagnostics[0]?.message ?? 'not a JSON object'}`);
  const m = loaded.value;
  const planning = isObject(m.planning) ? m.planning : {};
  if (planning.stage !== 'needs_human') {
    return refused(`the plan is not waiting for approval (planning stage ${JSON.stringify(planning.stage ?? null)}; Dure approves only at needs_human)`);
  }

  const changes: JsonChange[] = [
    { path: ['planning', 'stage'], value: 'approved' },
    { path: ['status'], value: 'ready' },
    { path: ['updated_at'], value: now.toISOString() },
  ];
  const approved: Json = { ...m, planning: { ...planning, stage: 'approved' }, status: 'ready', updated_at: now.toISOString() };
  const ownPhases = Array.isArray(m.phases) ? m.phases : [];
  const inline = Array.isArray(planning.drafts) ? planning.drafts.filter(isObject) : [];
  if (!ownPhases.length && (target.draftFile || inline.length)) {
    // The draft shown: the newest planning/draft-v<N>.json, or else the last of planning.drafts (as the reader picks).
    const raw = target.draftFile ? await draftFilePhases(target.draftFile) : inline[inline.length - 1]!.phases;
    if (typeof raw === 'string') return refused(raw);
    const phases = asMissionPhases(raw, m.mission_id);
    if (!phases.length) return refused('the plan under review has no phases to approve');
    const stats = isObject(m.stats) ? m.stats : {};
    const tasks = phases.reduce((n, p) => n + (Array.isArray(p.tasks) ? p.tasks.length : 0), 0);
    changes.push({ path: ['phases'], value: phases }, { path: ['stats', 'total_phases'], value: phases.length }, { path: ['stats', 'total_tasks'], value: tasks });
    Object.assign(approved, { phases, stats: { ...stats, total_phases: phases.length, total_tasks: tasks } });
    if (typeof m.title !== 'string' || !m.title) {
      const first = phases[0]?.title;
      const title = typeof first === 'string' && first ? first : String(m.description ?? '').slice(0, 50);
      changes.push({ path: ['title'], value: title });
      approved.title = title;
    }
  }
  const missionText = editJsonText(mission.text, changes);
  const kanbanText = JSON.stringify(missionKanban(approved, now), null, 2);
  try {
    await replaceCurrent(missionFile, missionText, mission.hash, target.missionDir);
  } catch (err) {
    if (err instanceof ReplaceConflict) return refused(`mission.json: ${err.message} while it was being approved — look at the mission again`);
    if (err instanceof TargetRefused) return refused(err.message);
    throw err;
  }
  // kanban.json is derived from the mission, and Dure rewrites it whole; it is written only over what was read.
  const written = [missionFile];
  try {
    if (kanban.exists) await replaceCurrent(kanbanFile, kanbanText, kanban.hash, target.missionDir);
    else await createFileAtomic(kanbanFile, kanbanText);
    written.push(kanbanFile);
  } catch (err) {
    if (!(err instanceof ReplaceConflict) && !(err instanceof TargetRefused)) throw err;
    // The mission is approved either way; Dure rebuilds kanban.json from it on its next change.
  }
  const phases = Array.isArray(approved.phases) ? approved.phases as Json[] : [];
  return { ok: true, written, phases: phases.length, tasks: phases.reduce((n, p) => n + (Array.isArray(p.tasks) ? p.tasks.length : 0), 0) };
}

/** The phases of a planning/draft-v<N>.json, or why they cannot be read. */
async function draftFilePhases(draftFile: string): Promise<unknown> {
  let draft: CurrentText;
  try {
    draft = await readCurrent(draftFile);
  } catch (err) {
    return (err as Error).message;
  }
  if (!draft.exists) return `${path.basename(draftFile)} no longer exists`;
  const loaded = loadJsonObject('orchestral', draftFile, draft.text, path.basename(draftFile));
  if (!loaded.ok) return `${path.basename(draftFile)} cannot be read: ${loaded.diagnostics[0]?.message ?? 'not a JSON object'}`;
  if (!parseLenient(planDraftSchema, loaded.value).data || !Array.isArray(loaded.value.phases)) return `${path.basename(draftFile)} has no phases to approve`;
  return loaded.value.phases;
}

/** A draft's phases as the mission's: each with the mission's id and status `pending` (createPhasesFromPlan). */
function asMissionPhases(raw: unknown, missionId: unknown): Json[] {
  return (Array.isArray(raw) ? raw : []).filter(isObject).map((p) => ({ ...p, mission_id: missionId, status: 'pending',
    // Dure reads a task's depends_on before it runs it: one the draft left out (the Planner's default) is written as [].
    ...(Array.isArray(p.tasks) ? { tasks: p.tasks.map((t) => (isObject(t) && !Array.isArray(t.depends_on) ? { ...t, depends_on: [] } : t)) } : {}) }));
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function refused(why: string): PlanApprovalOutcome {
  return { ok: false, message: `Nothing was written: ${why}.` };
}
