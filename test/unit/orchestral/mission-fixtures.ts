/**
 * Dure missions as its MissionManager and PlanningPipeline write them (JSON.stringify(…, null, 2)): mission.json
 * whole, the Planner's drafts in planning/draft-v<N>.json, the Critic's reviews in mission.json's planning.critiques.
 */

export const MISSION_ID = 'mission-20260201093000';

function task(id: string, phase: string, title: string, status: string, dependsOn: string[], extra: Record<string, unknown> = {}) {
  return { task_id: id, phase_id: phase, title, description: `${title}, in detail.`, briefing_path: `.dure/missions/${MISSION_ID}/phases/${phase}/${id}.md`,
    depends_on: dependsOn, status, ...extra };
}

/** A plan the Planner drafted (phases without their execution state). */
export function draftPhases(version: number) {
  return [
    { phase_id: 'phase-001', mission_id: MISSION_ID, number: 1, title: `Core infrastructure v${version}`, description: 'Schema and models',
      tasks: [task('task-001', 'phase-001', 'Set up database schema', 'pending', []), task('task-002', 'phase-001', 'Create user model', 'pending', ['task-001'])] },
    { phase_id: 'phase-002', mission_id: MISSION_ID, number: 2, title: 'Authentication', description: 'Endpoints',
      tasks: [task('task-003', 'phase-002', 'Implement login endpoint', 'pending', [])] },
  ];
}

export const NEEDS_HUMAN_CRITIQUE = {
  version: 2, created_at: '2026-02-01T09:41:00Z', verdict: 'needs_human', summary: 'The plan skips rate limiting.',
  items: [
    { id: 'critique-001', severity: 'critical', category: 'security_concern', target: { type: 'phase', id: 'phase-002' },
      title: 'No rate limiting on login', description: 'Brute force is possible.', suggestion: 'Add a task for it.' },
    { id: 'critique-002', severity: 'minor', category: 'unclear_spec', target: { type: 'task', id: 'task-002' }, title: 'Vague model fields', description: 'Which fields?' },
  ],
  stats: { critical: 1, major: 0, minor: 1, suggestion: 0 },
  rationale: 'A critical issue remains after two iterations.',
};

/** A mission whose plan waits for a person: Dure sets `phases` only on approval, the plan is in the drafts. */
export function planReviewMission(extra: Record<string, unknown> = {}) {
  return {
    mission_id: MISSION_ID, title: '', description: 'Build an authentication system\n\nWith JWT.',
    planning: { stage: 'needs_human', iterations: 2, drafts: [], critiques: [{ ...NEEDS_HUMAN_CRITIQUE, version: 1, verdict: 'needs_revision' }, NEEDS_HUMAN_CRITIQUE] },
    phases: [], status: 'plan_review', created_at: '2026-02-01T09:30:00.000Z', updated_at: '2026-02-01T09:41:05.000Z',
    stats: { total_phases: 0, total_tasks: 0, completed_tasks: 0, failed_tasks: 0 },
    x_dashboard_note: { pinned: true },
    ...extra,
  };
}

/** An approved mission part way through: phase 1 done, phase 2's task running as a Dure run. */
export function runningMission(runId: string, extra: Record<string, unknown> = {}) {
  const [one, two] = draftPhases(1);
  return {
    mission_id: MISSION_ID, title: 'Core infrastructure v1', description: 'Build an authentication system',
    planning: { stage: 'approved', iterations: 1, drafts: [], critiques: [{ ...NEEDS_HUMAN_CRITIQUE, verdict: 'approved', items: [], stats: { critical: 0, major: 0, minor: 0, suggestion: 0 } }] },
    phases: [
      { ...one, status: 'completed', started_at: '2026-02-01T10:00:00.000Z', completed_at: '2026-02-01T11:00:00.000Z',
        tasks: one!.tasks.map((t, i) => ({ ...t, status: 'passed', run_id: `run-2026020110${i}000`, started_at: '2026-02-01T10:00:00.000Z', completed_at: '2026-02-01T10:30:00.000Z' })) },
      { ...two, status: 'in_progress', started_at: '2026-02-01T11:00:00.000Z',
        tasks: [{ ...two!.tasks[0]!, status: 'in_progress', run_id: runId, started_at: '2026-02-01T11:00:01.000Z' },
          task('task-004', 'phase-002', 'Add JWT handling', 'pending', ['task-003'])] },
    ],
    status: 'in_progress', created_at: '2026-02-01T09:30:00.000Z', updated_at: '2026-02-01T11:00:01.000Z',
    stats: { total_phases: 2, total_tasks: 4, completed_tasks: 2, failed_tasks: 0, current_phase: 2 },
    ...extra,
  };
}
