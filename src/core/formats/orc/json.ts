import type { OrcItem } from './model';

/** The orc part of `baton scan --json` (CLI.md): computed fields included, file fields left to the caller. */
export function orcItemJson(item: OrcItem): Record<string, unknown> {
  if (item.kind === 'task') {
    return {
      weight: item.weight, priority: item.priority, queue: item.queue, category: item.category,
      initiative: item.initiativeId, branch: item.branch, currentPhase: item.currentPhase,
      blockedBy: item.blockedBy, blocks: item.blocks, relatedTo: item.relatedTo, referencedBy: item.referencedBy,
      blocked: item.blocked, orphaned: item.orphaned, requiresUiTesting: item.requiresUiTesting, resolved: item.resolved,
      tokens: item.tokens,
    };
  }
  return { blockedBy: item.blockedBy, blocks: item.blocks, blocked: item.blocked, tasks: item.taskIds };
}
