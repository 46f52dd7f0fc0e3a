import { diagnostic, type Diagnostic } from '../../../model/diagnostic';
import { parseSpec, type SpecArtifact } from '../../orc/detail/artifacts';
import type { AttachmentInfo } from '../../orc/detail/attachments';
import { contentTypeOf } from '../../orc/detail/attachments';
import type { TaskComment } from '../../orc/detail/comments-db';
import type { TranscriptInfo } from '../../orc/detail/transcripts';
import type { OrcTask } from '../../orc/model';
import { formatDuration } from '../../orc/timeline';
import { readTaskCosts } from '../cost-report';
import type { TaskCosts } from '../costs';
import { orcDbFollower } from '../db-follower';
import { locateOrcGlobalDb } from '../locate';
import { dbAttachments, dbRuns, dbSpec, dbTaskComments, dbTranscriptGroups, type DbRun, type DbTranscriptGroup } from './detail-queries';

/** The spec is shown and opened whole up to this many characters (orc's specs are a few KB). */
export const SPEC_MAX_CHARS = 1024 * 1024;

/** What only a database-era task's detail has. */
export interface DbTaskDetail {
  /** The project database read. */
  readonly database: string;
  /** The task's workflow runs, oldest first, each with its phases as the run recorded them. */
  readonly runs: readonly DbRun[];
  /** The task's spending from orc's global cost ledger (null without a ledger or rows for it). */
  readonly costs: TaskCosts | null;
  /** The global database the costs came from. */
  readonly costDatabase: string | null;
  /** Each transcript's session, by the transcript's name (what the view sends back to open it). */
  readonly transcriptSessions: Readonly<Record<string, { readonly phase: string; readonly sessionId: string }>>;
  /** The spec's full length, when the text shown was cut. */
  readonly specLength: number | null;
}

export interface DbDetailParts {
  readonly transcripts: TranscriptInfo[];
  readonly attachments: AttachmentInfo[];
  readonly spec: SpecArtifact | null;
  readonly comments: TaskComment[];
  readonly db: DbTaskDetail;
  readonly diagnostics: Diagnostic[];
}

/**
 * A database-era task's detail, read from the same image the index follows (no second read of the file): comments,
 * transcripts per phase session (message counts, times, tokens — never their text), attachment metadata (never their
 * bytes), the newest spec, the workflow runs; and its costs from the global ledger.
 */
export async function readDbTaskDetail(task: OrcTask, orcHome: string | undefined): Promise<DbDetailParts> {
  const file = task.file;
  const diagnostics: Diagnostic[] = [];
  let parts;
  try {
    parts = await orcDbFollower(file).query((src) => ({
      comments: dbTaskComments(src, task.id), groups: dbTranscriptGroups(src, task.id), attachments: dbAttachments(src, task.id),
      spec: dbSpec(src, task.id, SPEC_MAX_CHARS), runs: dbRuns(src, task.id),
    }));
  } catch (err) {
    diagnostics.push(diagnostic('orc', file, 'warning', `the detail of ${task.id} could not be read: ${(err as Error).message}`));
  }
  if (!parts && !diagnostics.length) diagnostics.push(diagnostic('orc', file, 'warning', `the detail of ${task.id} could not be read: orc's database is not readable`));
  const costs = await readTaskCosts({ root: task.root, orcHome }, task.id);
  diagnostics.push(...costs.diagnostics);
  const transcripts = (parts?.groups ?? []).map((g, i) => transcriptInfo(file, g, i));
  return {
    transcripts,
    attachments: (parts?.attachments ?? []).map((a) => {
      const contentType = a.contentType || contentTypeOf(a.filename);
      return { filename: a.filename, file, size: a.size, contentType, createdAt: a.createdAt ?? '', isImage: a.isImage || contentType.startsWith('image/') };
    }),
    spec: parts?.spec ? { ...parseSpec(file, parts.spec.text) } : null,
    comments: parts?.comments ?? [],
    db: {
      database: file, runs: parts?.runs ?? [], costs: costs.costs, costDatabase: locateOrcGlobalDb(orcHome),
      transcriptSessions: Object.fromEntries(transcripts.map((t, i) => [t.name, { phase: parts!.groups[i]!.phase, sessionId: parts!.groups[i]!.sessionId }])),
      specLength: parts?.spec && parts.spec.length > parts.spec.text.length ? parts.spec.length : null,
    },
    diagnostics,
  };
}

/** A phase session as the file era's transcript header: phase, time, duration, tokens, and the fields orc stored. */
function transcriptInfo(file: string, g: DbTranscriptGroup, index: number): TranscriptInfo {
  const tokens = g.inputTokens + g.outputTokens + g.cacheCreationTokens + g.cacheReadTokens;
  const fields: Record<string, string> = { Session: g.sessionId, Messages: String(g.messages) };
  if (g.model) fields.Model = g.model;
  if (g.runId) fields.Run = g.runId;
  return {
    file, name: `${g.phase} · ${g.sessionId || 'no session'}`, sequence: index + 1, phase: g.phase || null, iteration: null,
    title: null, timestamp: g.firstMs !== null ? new Date(g.firstMs).toISOString() : null,
    duration: g.firstMs !== null && g.lastMs !== null && g.lastMs >= g.firstMs ? formatDuration(g.lastMs - g.firstMs) : null,
    tokens: tokens || null, status: null, fields, size: g.contentBytes, mtimeMs: g.lastMs ?? 0,
  };
}
