import { UNREADABLE_STATUS } from '../../model/items';
import type { OrcTask } from './model';
import type { FileRecord, TaskRecord } from './link-graph';
import { DEFAULT_CATEGORY, DEFAULT_PRIORITY, DEFAULT_QUEUE } from './vocabulary';

/**
 * The item of a task whose task.yaml is there but yields no fields (not valid YAML, not a mapping, not readable).
 * The task exists — orc names it by its folder — so it stays listed: id from the folder, status `unreadable`, the
 * file's problem attached, and nothing guessed (no dependencies, tokens or phases: those would need the file).
 */
export function placeholderTask(root: string, { file, record }: FileRecord<TaskRecord>): OrcTask {
  const problem = record.problem ?? { message: 'task.yaml could not be read', line: null, column: null };
  return {
    system: 'orc', kind: 'task', era: 'file', id: record.dir, root, file,
    title: record.dir, status: UNREADABLE_STATUS, dir: record.dir, unreadable: problem,
    description: null, weight: null, priority: DEFAULT_PRIORITY, queue: DEFAULT_QUEUE, category: DEFAULT_CATEGORY,
    initiativeId: null, branch: null, currentPhase: null,
    blockedBy: [], relatedTo: [], blocks: [], referencedBy: [], blocked: false,
    orphaned: false, orphanReason: null, requiresUiTesting: false, resolved: false,
    tokens: null, gates: [], stateFile: null, stateStatus: null, planFile: null, phases: [],
    fields: {}, state: null, plan: null, db: null,
  };
}
