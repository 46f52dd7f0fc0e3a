import type { TaskComment } from '../../orc/detail/comments-db';
import type { OrcDbSource, SqlValue } from '../engine';
import { int, text, time } from '../queries';

/*
 * What one task's detail reads from its project database, on demand (the scan never does): comments, transcript
 * summaries, attachment metadata, the spec, the workflow runs. Each query names its columns (a missing one reads as
 * NULL) and never selects a BLOB or a whole transcript into the view.
 */

/** `table.column` when the table has it, else NULL (an older or half-migrated schema). */
function has(src: OrcDbSource, table: string, column: string): boolean {
  return src.columnsOf(table)?.includes(column) ?? false;
}

function col(src: OrcDbSource, table: string, column: string, alias = table): string {
  return has(src, table, column) ? `${alias}."${column}"` : 'NULL';
}

export function dbTaskComments(src: OrcDbSource, taskId: string): TaskComment[] {
  if (!has(src, 'task_comments', 'task_id')) return [];
  const c = (name: string) => col(src, 'task_comments', name, 'c');
  return src.all(`SELECT ${c('id')} AS id, ${c('author')} AS author, ${c('author_type')} AS author_type, ${c('content')} AS content,
      ${c('phase')} AS phase, ${c('created_at')} AS created_at, ${c('updated_at')} AS updated_at
    FROM task_comments c WHERE c.task_id = ? ORDER BY created_at, id`, [taskId]).map((r) => ({
    id: text(r.id) ?? '', taskId, author: text(r.author) ?? 'anonymous', authorType: text(r.author_type) ?? 'human',
    content: text(r.content) ?? '', phase: text(r.phase), createdAt: time(r.created_at) ?? '', updatedAt: time(r.updated_at) ?? '',
  }));
}

/** One Claude session of one phase in `transcripts`: orc stores a row per message (timestamps in Unix ms). */
export interface DbTranscriptGroup {
  readonly phase: string;
  readonly sessionId: string;
  readonly runId: string | null;
  readonly messages: number;
  /** Unix ms of the first and last message. */
  readonly firstMs: number | null;
  readonly lastMs: number | null;
  readonly model: string | null;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheCreationTokens: number;
  readonly cacheReadTokens: number;
  /** Bytes of message content stored (never read into the view). */
  readonly contentBytes: number;
}

export function dbTranscriptGroups(src: OrcDbSource, taskId: string): DbTranscriptGroup[] {
  if (!has(src, 'transcripts', 'task_id')) return [];
  const t = (name: string) => col(src, 'transcripts', name, 't');
  return src.all(`SELECT ${t('phase')} AS phase, ${t('session_id')} AS session_id, MAX(${t('workflow_run_id')}) AS run_id,
      COUNT(*) AS messages, MIN(${t('timestamp')}) AS first_ms, MAX(${t('timestamp')}) AS last_ms, MAX(${t('model')}) AS model,
      COALESCE(SUM(${t('input_tokens')}), 0) AS input, COALESCE(SUM(${t('output_tokens')}), 0) AS output,
      COALESCE(SUM(${t('cache_creation_tokens')}), 0) AS cache_creation, COALESCE(SUM(${t('cache_read_tokens')}), 0) AS cache_read,
      COALESCE(SUM(length(${t('content')})), 0) AS bytes
    FROM transcripts t WHERE t.task_id = ? GROUP BY phase, session_id ORDER BY first_ms, phase, session_id`, [taskId]).map((r) => ({
    phase: text(r.phase) ?? '', sessionId: text(r.session_id) ?? '', runId: text(r.run_id), messages: int(r.messages) ?? 0,
    firstMs: int(r.first_ms), lastMs: int(r.last_ms), model: text(r.model),
    inputTokens: int(r.input) ?? 0, outputTokens: int(r.output) ?? 0, cacheCreationTokens: int(r.cache_creation) ?? 0,
    cacheReadTokens: int(r.cache_read) ?? 0, contentBytes: int(r.bytes) ?? 0,
  }));
}

/** One message of a transcript, its content cut at `maxChars` (the file era reads 8 KB of a transcript's head). */
export interface DbTranscriptMessage {
  readonly type: string;
  readonly role: string | null;
  readonly model: string | null;
  readonly atMs: number | null;
  readonly content: string;
  /** The content's whole length in characters (more than `content` when it was cut). */
  readonly length: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** The first `limit` messages of one phase's session, each cut at `maxChars`. */
export function dbTranscriptMessages(src: OrcDbSource, taskId: string, phase: string, sessionId: string, limit: number,
  maxChars: number): DbTranscriptMessage[] {
  if (!has(src, 'transcripts', 'content')) return [];
  const t = (name: string) => col(src, 'transcripts', name, 't');
  return src.all(`SELECT ${t('type')} AS type, ${t('role')} AS role, ${t('model')} AS model, ${t('timestamp')} AS at_ms,
      substr(${t('content')}, 1, ?) AS content, length(${t('content')}) AS length,
      COALESCE(${t('input_tokens')}, 0) AS input, COALESCE(${t('output_tokens')}, 0) AS output
    FROM transcripts t WHERE t.task_id = ? AND t.phase = ? AND ${t('session_id')} = ? ORDER BY at_ms, t.rowid LIMIT ?`,
  [Math.max(1, maxChars), taskId, phase, sessionId, Math.max(1, limit)] as SqlValue[]).map((r) => ({
    type: text(r.type) ?? '', role: text(r.role), model: text(r.model), atMs: int(r.at_ms), content: text(r.content) ?? '',
    length: int(r.length) ?? 0, inputTokens: int(r.input) ?? 0, outputTokens: int(r.output) ?? 0,
  }));
}

/** An attachment as task_attachments describes it; its bytes stay in the database. */
export interface DbAttachmentRow {
  readonly filename: string;
  readonly contentType: string | null;
  readonly size: number;
  readonly isImage: boolean;
  readonly createdAt: string | null;
}

export function dbAttachments(src: OrcDbSource, taskId: string): DbAttachmentRow[] {
  if (!has(src, 'task_attachments', 'filename')) return [];
  const a = (name: string) => col(src, 'task_attachments', name, 'a');
  // length() of a BLOB is its size in bytes without reading it into the result.
  return src.all(`SELECT ${a('filename')} AS filename, ${a('content_type')} AS content_type,
      COALESCE(${a('size_bytes')}, length(${a('data')}), 0) AS size, ${a('is_image')} AS is_image, ${a('created_at')} AS created_at
    FROM task_attachments a WHERE a.task_id = ? ORDER BY created_at DESC, filename`, [taskId]).map((r) => ({
    filename: text(r.filename) ?? '', contentType: text(r.content_type), size: int(r.size) ?? 0,
    isImage: r.is_image === 1 || r.is_image === '1', createdAt: time(r.created_at),
  }));
}

/** One attachment's bytes (for opening it), or null when it is not there or larger than `maxBytes`. */
export function dbAttachmentBytes(src: OrcDbSource, taskId: string, filename: string, maxBytes: number): Uint8Array | null {
  if (!has(src, 'task_attachments', 'data')) return null;
  const size = src.all(`SELECT length(data) AS n FROM task_attachments WHERE task_id = ? AND filename = ?`, [taskId, filename])[0];
  if (!size || (int(size.n) ?? 0) > maxBytes) return null;
  // hex() keeps the result JSON (a BLOB cannot be): twice the bytes, once, for a file the person asked to open.
  const row = src.all(`SELECT hex(data) AS hex FROM task_attachments WHERE task_id = ? AND filename = ?`, [taskId, filename])[0];
  const hex = text(row?.hex) ?? '';
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}

/** The task's newest spec: the phase output named SPEC_CONTENT of one of its runs, cut at `maxChars`. */
export function dbSpec(src: OrcDbSource, taskId: string, maxChars: number): { text: string; length: number; createdAt: string | null;
  runId: string | null } | null {
  if (!has(src, 'phase_outputs', 'output_var_name')) return null;
  const runs = has(src, 'workflow_runs', 'task_id') && has(src, 'phase_outputs', 'workflow_run_id');
  const owner = [runs ? 'wr.task_id = ?' : null, has(src, 'phase_outputs', 'task_id') ? 'po.task_id = ?' : null].filter(Boolean);
  if (!owner.length) return null;
  const row = src.all(`SELECT substr(po.content, 1, ?) AS content, length(po.content) AS length, ${col(src, 'phase_outputs', 'created_at', 'po')} AS created_at,
      ${col(src, 'phase_outputs', 'workflow_run_id', 'po')} AS run_id
    FROM phase_outputs po ${runs ? 'LEFT JOIN workflow_runs wr ON wr.id = po.workflow_run_id' : ''}
    WHERE po.output_var_name = 'SPEC_CONTENT' AND (${owner.join(' OR ')}) ORDER BY created_at DESC, po.rowid DESC LIMIT 1`,
  [Math.max(1, maxChars), ...owner.map(() => taskId)])[0];
  if (!row) return null;
  return { text: text(row.content) ?? '', length: int(row.length) ?? 0, createdAt: time(row.created_at), runId: text(row.run_id) };
}

/** A workflow run of the task, with its phases (iterations, status, commit, error as the run recorded them). */
export interface DbRun {
  readonly id: string;
  readonly workflowId: string | null;
  readonly status: string | null;
  readonly startedAt: string | null;
  readonly completedAt: string | null;
  readonly error: string | null;
  readonly phases: readonly { readonly phase: string; readonly status: string | null; readonly iterations: number | null;
    readonly startedAt: string | null; readonly completedAt: string | null; readonly commitSha: string | null; readonly error: string | null }[];
}

export function dbRuns(src: OrcDbSource, taskId: string): DbRun[] {
  if (!has(src, 'workflow_runs', 'task_id')) return [];
  const w = (name: string) => col(src, 'workflow_runs', name, 'w');
  const runs = src.all(`SELECT w.id AS id, ${w('workflow_id')} AS workflow_id, ${w('status')} AS status, ${w('started_at')} AS started_at,
      ${w('completed_at')} AS completed_at, ${w('error')} AS error, ${w('created_at')} AS created_at
    FROM workflow_runs w WHERE w.task_id = ? ORDER BY created_at, id`, [taskId]);
  if (!runs.length) return [];
  const p = (name: string) => col(src, 'workflow_run_phases', name, 'p');
  const phases = src.columnsOf('workflow_run_phases') ? src.all(`SELECT p.workflow_run_id AS run_id, ${p('phase_template_id')} AS phase,
      ${p('status')} AS status, ${p('iterations')} AS iterations, ${p('started_at')} AS started_at, ${p('completed_at')} AS completed_at,
      ${p('commit_sha')} AS commit_sha, ${p('error')} AS error
    FROM workflow_run_phases p JOIN workflow_runs w ON w.id = p.workflow_run_id WHERE w.task_id = ? ORDER BY p.rowid`, [taskId]) : [];
  return runs.map((r) => {
    const id = text(r.id) ?? '';
    return {
      id, workflowId: text(r.workflow_id), status: text(r.status), startedAt: time(r.started_at), completedAt: time(r.completed_at),
      error: text(r.error),
      phases: phases.filter((x) => text(x.run_id) === id).map((x) => ({
        phase: text(x.phase) ?? '', status: text(x.status), iterations: int(x.iterations), startedAt: time(x.started_at),
        completedAt: time(x.completed_at), commitSha: text(x.commit_sha), error: text(x.error),
      })),
    };
  });
}
