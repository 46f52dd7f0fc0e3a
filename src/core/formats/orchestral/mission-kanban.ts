/**
 * kanban.json as Dure's KanbanStateManager.syncFromMission builds it from a mission (its missionToKanban, then
 * recalculateBlockedBy and recalculateStats): one column per phase, one card per task; a card is blocked by the
 * dependencies that have not passed or been skipped, and a pending card so blocked shows `blocked`.
 */
export function missionKanban(mission: Record<string, unknown>, now: Date): Record<string, unknown> {
  const phases = list(mission.phases);
  const columns = phases.map((phase) => ({
    phase_id: phase.phase_id, number: phase.number, title: phase.title, status: phase.status,
    cards: list(phase.tasks).map((task) => ({
      task_id: task.task_id, phase_id: phase.phase_id, title: task.title, status: task.status,
      run_id: task.run_id, error: task.error, depends_on: task.depends_on, blocked_by: [] as unknown[],
    })),
  }));
  const statusOf = new Map<unknown, unknown>();
  for (const card of columns.flatMap((c) => c.cards)) statusOf.set(card.task_id, card.status);
  const stats = { total_tasks: 0, pending: 0, blocked: 0, in_progress: 0, passed: 0, failed: 0, needs_human: 0 };
  for (const card of columns.flatMap((c) => c.cards)) {
    card.blocked_by = (Array.isArray(card.depends_on) ? card.depends_on : []).filter((dep) => {
      const s = statusOf.get(dep);
      return s !== undefined && s !== 'passed' && s !== 'skipped';
    });
    if (card.blocked_by.length && card.status === 'pending') card.status = 'blocked';
    else if (!card.blocked_by.length && card.status === 'blocked') card.status = 'pending';
    stats.total_tasks++;
    // Dure counts a skipped task as passed for progress.
    const counted = card.status === 'skipped' ? 'passed' : card.status;
    if (typeof counted === 'string' && counted !== 'total_tasks' && Object.prototype.hasOwnProperty.call(stats, counted)) stats[counted as keyof typeof stats]++;
  }
  const planning = typeof mission.planning === 'object' && mission.planning !== null ? mission.planning as Record<string, unknown> : {};
  return {
    mission_id: mission.mission_id, mission_title: mission.title, planning_stage: planning.stage,
    columns, stats, updated_at: now.toISOString(),
  };
}

function list(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)) : [];
}
