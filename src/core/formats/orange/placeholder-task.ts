import { problemOf } from '../../model/item-problem';
import { UNREADABLE_STATUS } from '../../model/items';
import type { BrokenTaskRecord, OrangeTask } from './model';

/**
 * The item of a task whose TASK.md is there but yields no frontmatter (no `---` block, broken YAML, not readable).
 * The task exists — orange keeps it in tasks/<project>/<id>/ — so it stays listed: id and project from its folders,
 * status `unreadable`, the file's first error attached, nothing guessed (no branch, rounds, sections or questions:
 * those would need the file). It is never a decision and no command acts on it.
 */
export function placeholderOrangeTask(file: string, record: BrokenTaskRecord, at: { root: string; orangeRoot: string; projectPath: string; historyFile: string; id: string }): OrangeTask {
  return {
    system: 'orange', kind: 'task', id: at.id, title: record.folderId, status: UNREADABLE_STATUS, file, root: at.root,
    unreadable: problemOf(record.problems, 'TASK.md cannot be read'),
    project: record.folderProject, branch: null, harness: 'claude', reviewHarness: 'claude', effort: null, reviewEffort: null,
    reviewRound: 0, crashCount: 0, summary: '', workspace: null, tmuxSession: null, prUrl: null, prState: null,
    createdAt: null, updatedAt: null, extra: {},
    sections: [], lead: null, plan: null, handoff: null, verdict: null, hasReview: false, fields: {}, questions: [], questionsText: null,
    textHash: '', projectPath: at.projectPath, orangeRoot: at.orangeRoot, historyFile: at.historyFile, poolStatus: null, runsIn: null, recentHistory: [],
  };
}
