import path from 'node:path';
import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import { UNREADABLE_STATUS } from '../../model/items';
import type { MissionCritique, MissionPhase, MissionTask, OrchestralMission, OrchestralPlanDecision, OrchestralRun } from './model';
import type { MissionDraftRecord, MissionRecord } from './mission-record';
import { missionFolder } from './paths';
import type { CritiqueFields, MissionFields, MissionPhaseFields } from './mission-schema';

const TITLE_LIMIT = 120;

/**
 * Dure's missions as items: each mission.json whole, its tasks linked to the runs they started (`run_id` names a
 * folder under the same base's runs/). The same mission in .orchestral/ and .dure/ shows the .dure/ copy.
 */
export function linkMissions(root: string, files: readonly { file: string; record: MissionRecord }[],
  drafts: readonly { file: string; record: MissionDraftRecord }[], runs: readonly OrchestralRun[]):
  { missions: OrchestralMission[]; decisions: OrchestralPlanDecision[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const runDirs = new Set(runs.map((r) => r.dir));
  // The newest readable draft of each mission folder.
  const newest = new Map<string, { file: string; record: MissionDraftRecord }>();
  for (const d of drafts) {
    if (!d.record.fields) continue;
    const key = missionFolder(d.record.base, d.record.mission);
    const seen = newest.get(key);
    if (!seen || d.record.version > seen.record.version) newest.set(key, d);
  }
  const byId = new Map<string, OrchestralMission>();
  for (const f of [...files].sort((a, b) => a.file.localeCompare(b.file))) {
    const mission = missionOf(root, f.file, f.record, newest.get(missionFolder(f.record.base, f.record.mission)), runDirs);
    const other = byId.get(mission.id);
    if (other) {
      const [keep, drop] = mission.base === '.dure' ? [mission, other] : [other, mission];
      diagnostics.push(diagnostic('orchestral', drop.dir, 'info', `mission ${mission.id} exists in both .orchestral/ and .dure/; the .dure/ copy (the one Dure reads) is shown`));
      byId.set(mission.id, keep);
    } else byId.set(mission.id, mission);
  }
  const missions = [...byId.values()];
  return { missions, decisions: missions.filter((m) => m.awaitingApproval).map(planDecision), diagnostics };
}

/** The question a mission's plan under review asks: approve it? (with the Critic's reason for asking). */
function planDecision(m: OrchestralMission): OrchestralPlanDecision {
  const why = m.critique?.summary ? ` The Critic: ${m.critique.summary}` : '';
  return {
    system: 'orchestral', kind: 'plan', id: m.id, ref: `${missionFolder(m.base, m.id)}/plan`, status: 'pending',
    question: `Approve the plan of "${m.title}"?${why}`, file: m.file, root: m.root,
    mission: m.id, missionTitle: m.title, description: m.description, base: m.base, missionDir: m.dir, hash: m.hash,
    draftFile: m.draftFile, critique: m.critique, phases: m.phases,
  };
}

function missionOf(root: string, file: string, record: MissionRecord, draftFile: { file: string; record: MissionDraftRecord } | undefined,
  runDirs: ReadonlySet<string>): OrchestralMission {
  const dir = path.dirname(file);
  const m: MissionFields = record.fields ?? {};
  const runsDir = path.join(root, record.base, 'runs');
  const approved = (m.phases ?? []).length > 0;
  // Dure fills `phases` only when the Critic approves the plan; a plan waiting for review is in the newest
  // planning/draft-v<N>.json (mission.json's planning.drafts, typed for them, stays empty: read it too).
  const inline = m.planning?.drafts ?? [];
  const draft = approved ? undefined : draftFile?.record.fields ?? inline[inline.length - 1];
  const phases = (approved ? m.phases! : draft?.phases ?? []).map((p, i) => phaseOf(p, i, runsDir, runDirs));
  const tasks = phases.flatMap((p) => p.tasks);
  const critiques = m.planning?.critiques ?? [];
  const unreadable = record.fields ? undefined : record.problem ?? { message: 'mission.json cannot be read', line: null, column: null };
  const stage = m.planning?.stage ?? null;
  return {
    system: 'orchestral', kind: 'mission', id: record.mission, root, file, base: record.base, dir,
    title: missionTitle(m, record.mission),
    status: unreadable ? UNREADABLE_STATUS : m.status ?? '',
    ...(unreadable ? { unreadable } : {}),
    missionId: m.mission_id ?? null, description: m.description ?? null,
    planningStage: stage, planningIterations: m.planning?.iterations ?? null,
    phases, drafted: !approved && draft !== undefined,
    critique: critiques.length ? critiqueOf(critiques[critiques.length - 1]!) : null,
    createdAt: m.created_at ?? null, updatedAt: m.updated_at ?? null, completedAt: m.completed_at ?? null,
    currentPhase: m.stats?.current_phase ?? null,
    taskCounts: {
      total: tasks.length,
      passed: tasks.filter((t) => t.status === 'passed').length,
      failed: tasks.filter((t) => t.status === 'failed').length,
      running: tasks.filter((t) => t.status === 'in_progress').length,
      needsHuman: tasks.filter((t) => t.status === 'needs_human').length,
    },
    awaitingApproval: !unreadable && stage === 'needs_human' && m.status !== 'cancelled' && m.status !== 'failed',
    hash: record.hash,
    draftFile: draft && draftFile?.record.fields === draft ? draftFile.file : null,
    files: [file, ...(draftFile ? [draftFile.file] : [])],
  };
}

/** Dure titles a mission after planning (the first phase's title); before, its description is all there is. */
function missionTitle(m: MissionFields, folder: string): string {
  const t = m.title?.trim() || firstLine(m.description ?? '') || folder;
  return t.length > TITLE_LIMIT ? t.slice(0, TITLE_LIMIT - 1) + '…' : t;
}

function firstLine(text: string): string {
  for (const line of text.split(/\r?\n/)) {
    const t = line.replace(/^#+\s*/, '').trim();
    if (t) return t;
  }
  return '';
}

function phaseOf(p: MissionPhaseFields, index: number, runsDir: string, runDirs: ReadonlySet<string>): MissionPhase {
  const tasks = p.tasks ?? [];
  const statusOf = new Map(tasks.map((t) => [t.task_id, t.status ?? 'pending']));
  return {
    phaseId: p.phase_id ?? `phase ${index + 1}`, number: p.number ?? null, title: p.title?.trim() || p.phase_id || `Phase ${p.number ?? index + 1}`,
    description: p.description ?? null, status: p.status ?? 'pending', startedAt: p.started_at ?? null, completedAt: p.completed_at ?? null,
    tasks: tasks.map((t, j): MissionTask => {
      const runDir = t.run_id ? path.join(runsDir, t.run_id) : null;
      const dependsOn = t.depends_on ?? [];
      return {
        taskId: t.task_id ?? `task ${j + 1}`, title: t.title?.trim() || t.task_id || `Task ${j + 1}`, description: t.description ?? null,
        status: t.status ?? 'pending', dependsOn,
        // As Dure's areDependenciesMet: a dependency counts once it passed, and only within the task's own phase.
        waitingOn: dependsOn.filter((d) => statusOf.get(d) !== 'passed'),
        runId: t.run_id ?? null,
        // A run_id that is a path (../x) names no run folder of this mission's base.
        runDir: runDir && path.dirname(runDir) === runsDir && runDirs.has(runDir) ? runDir : null,
        startedAt: t.started_at ?? null, completedAt: t.completed_at ?? null, error: t.error ?? null, briefingPath: t.briefing_path ?? null,
      };
    }),
  };
}

function critiqueOf(c: CritiqueFields): MissionCritique {
  const items = c.items ?? [];
  const count = (s: 'critical' | 'major' | 'minor' | 'suggestion') => c.stats?.[s] ?? items.filter((i) => i.severity === s).length;
  return {
    version: c.version ?? null, verdict: c.verdict ?? null, summary: c.summary ?? null, rationale: c.rationale ?? null,
    counts: { critical: count('critical'), major: count('major'), minor: count('minor'), suggestion: count('suggestion') },
    items: items.map((i) => ({ severity: i.severity ?? null, title: i.title?.trim() || i.id || '(untitled)', description: i.description ?? null, suggestion: i.suggestion ?? null })),
  };
}
