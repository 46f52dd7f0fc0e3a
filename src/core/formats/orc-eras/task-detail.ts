import crypto from 'node:crypto';
import path from 'node:path';
import { containedPath } from '../../io/contained-path';
import { readRegularBytes } from '../../io/open-regular';
import { MAX_STATE_FILE_BYTES } from '../../io/read-text';
import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import { readArtifacts, type FinalizationArtifact, type ReviewArtifact, type SpecArtifact } from '../orc/detail/artifacts';
import { readAttachments, type AttachmentInfo } from '../orc/detail/attachments';
import { commentStats, readTaskComments, type TaskComment } from '../orc/detail/comments-db';
import { readTestReport, type TestReport } from '../orc/detail/test-report';
import { readTranscripts, type TranscriptInfo } from '../orc/detail/transcripts';
import type { OrcTask } from '../orc/model';
import { readDbTaskDetail, type DbTaskDetail } from '../orc-db/detail/db-task-detail';

/**
 * Everything about one task that the scan does not read: transcripts, attachments, test results, artifacts and
 * comments. Read on demand, for one task at a time (the detail view, `baton task show`), so the scan of a
 * repository with thousands of tasks never opens these files.
 */
export interface TaskDetailFiles {
  /** `file`: read from the task's folder; `db`: from orc's database (transcripts, attachments and the spec are rows). */
  readonly era: 'file' | 'db';
  readonly id: string;
  readonly dir: string;
  /** sha256 of task.yaml as read now: an edit made from this view is refused if the file changed since. */
  readonly taskFileSha256: string | null;
  readonly transcripts: readonly TranscriptInfo[];
  readonly attachments: readonly AttachmentInfo[];
  readonly testReport: TestReport | null;
  readonly spec: SpecArtifact | null;
  readonly review: ReviewArtifact | null;
  readonly finalization: FinalizationArtifact | null;
  readonly comments: readonly TaskComment[];
  readonly commentStats: { readonly total: number; readonly human: number; readonly agent: number; readonly system: number };
  readonly database: string | null;
  readonly diagnostics: readonly Diagnostic[];
  /** The database era's own part (runs, costs); null in the file era. */
  readonly db: DbTaskDetail | null;
}

export interface TaskDetailOptions {
  /** The task as the scan linked it: a database-era task's detail is read from its database. */
  readonly task?: OrcTask;
  /** orc's home, for the global cost ledger. */
  readonly orcHome?: string;
}

/** The folder of a task id, refusing ids that are not a plain folder name. */
export function taskDir(root: string, id: string): string {
  if (!id || /[/\\]/.test(id) || id === '.' || id === '..' || id.includes('\0')) throw new Error(`not a task id: ${JSON.stringify(id)}`);
  return path.join(root, '.orc', 'tasks', id);
}

export async function taskDetail(root: string, id: string, options: TaskDetailOptions = {}): Promise<TaskDetailFiles> {
  if (options.task?.era === 'db' && options.task.id === id) return dbDetail(options.task, options.orcHome);
  const dir = taskDir(root, id);
  // A task folder that is a symbolic link out of the workspace shows nothing of what it points at.
  const inside = await containedPath(root, dir, { what: 'the workspace folder' });
  if (!inside.ok) return emptyDetail(id, dir, [diagnostic('orc', dir, 'info', `task folder not read: ${inside.reason}`)]);
  const [taskBytes, transcripts, attachments, report, artifacts, comments] = await Promise.all([
    readRegularBytes(path.join(dir, 'task.yaml'), MAX_STATE_FILE_BYTES).then((r) => r.bytes, () => null),
    readTranscripts(dir), readAttachments(dir), readTestReport(dir), readArtifacts(dir), readTaskComments(root, id),
  ]);
  return {
    era: 'file', id, dir, db: null,
    taskFileSha256: taskBytes ? crypto.createHash('sha256').update(taskBytes).digest('hex') : null,
    transcripts: transcripts.transcripts,
    attachments: attachments.attachments,
    testReport: report.report,
    spec: artifacts.spec, review: artifacts.review, finalization: artifacts.finalization,
    comments: comments.comments, commentStats: commentStats(comments.comments), database: comments.db,
    diagnostics: [...transcripts.diagnostics, ...attachments.diagnostics, ...report.diagnostics, ...artifacts.diagnostics, ...comments.diagnostics],
  };
}

/** A database-era task: everything from its database (see orc-db/detail), nothing from a task folder. */
async function dbDetail(task: OrcTask, orcHome: string | undefined): Promise<TaskDetailFiles> {
  const d = await readDbTaskDetail(task, orcHome);
  return {
    era: 'db', id: task.id, dir: '', taskFileSha256: null, transcripts: d.transcripts, attachments: d.attachments, testReport: null,
    spec: d.spec, review: null, finalization: null, comments: d.comments, commentStats: commentStats(d.comments), database: task.file,
    diagnostics: d.diagnostics, db: d.db,
  };
}

/** A task's detail with nothing read (a task folder that is not read, or a task on a ref: nothing of it is on disk). */
export function emptyDetail(id: string, dir: string, diagnostics: Diagnostic[] = []): TaskDetailFiles {
  return { era: 'file', db: null, id, dir, taskFileSha256: null, transcripts: [], attachments: [], testReport: null, spec: null, review: null,
    finalization: null, comments: [], commentStats: { total: 0, human: 0, agent: 0, system: 0 }, database: null, diagnostics };
}
