import { promises as fs } from 'node:fs';
import path from 'node:path';
import { readHead } from '../../../io/read-head';
import { diagnostic, type Diagnostic } from '../../../model/diagnostic';
import { checkInside } from './attachments';

/** One transcript file (`transcripts/NN-phase-iter.md`, or orc's `phase-iter.md`) with the fields of its header. */
export interface TranscriptInfo {
  readonly file: string;
  readonly name: string;
  /** NN: the phase's position in the run. */
  readonly sequence: number | null;
  readonly phase: string | null;
  readonly iteration: number | null;
  readonly title: string | null;
  readonly timestamp: string | null;
  readonly duration: string | null;
  readonly tokens: number | null;
  readonly status: string | null;
  /** Every `**Field**: value` line of the header, as written (unknown ones included). */
  readonly fields: Readonly<Record<string, string>>;
  readonly size: number;
  /** When the file was last written: orc's own names carry no run position, so its transcripts are ordered by it. */
  readonly mtimeMs: number;
}

/** The spec's `NN-phase-iteration.md`. */
const SEQUENCED_NAME = /^(\d+)-(.+)-(\d+)\.md$/;
/** orc's executor: `<phase>-<iteration, 3 digits>.md` (internal/executor saveTranscript). */
const PHASE_NAME = /^(.+)-(\d+)\.md$/;
const FIELD = /^\*\*([^*]+)\*\*:\s*(.*)$/;
/** The header is the top of the file, before the first `---`; a prompt can be megabytes, so only this much is read. */
const HEAD_BYTES = 8 * 1024;

/** Lists a task's transcripts in run order, reading only each file's header. */
export async function readTranscripts(taskDir: string): Promise<{ transcripts: TranscriptInfo[]; diagnostics: Diagnostic[] }> {
  const dir = path.join(taskDir, 'transcripts');
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const diagnostics: Diagnostic[] = [];
  const transcripts: TranscriptInfo[] = [];
  for (const e of entries) {
    if (!(e.isFile() || e.isSymbolicLink()) || !e.name.endsWith('.md')) continue;
    const file = path.join(dir, e.name);
    // transcripts/ itself or one file in it may be a link: only what really lies in the task folder is read.
    const inside = await checkInside(taskDir, file);
    // Baton's own refusal (orc would follow the link): a note, not a problem in the file.
    if (!inside.ok) { diagnostics.push(diagnostic('orc', file, 'info', `transcript not read: ${inside.reason}`)); continue; }
    const head = await readHead(file, HEAD_BYTES);
    if (!head.ok) { diagnostics.push(diagnostic('orc', file, 'warning', `transcript not readable: ${head.reason}`)); continue; }
    const named = nameParts(e.name);
    if (!named) diagnostics.push(diagnostic('orc', file, 'info', `transcript name "${e.name}" is not phase-iteration.md; listed without phase`));
    transcripts.push({ file, name: e.name, size: head.size, mtimeMs: head.mtimeMs, ...parseTranscriptHeader(head.text),
      sequence: named?.sequence ?? null, phase: named?.phase ?? null, iteration: named?.iteration ?? null });
  }
  transcripts.sort(runOrder);
  return { transcripts, diagnostics };
}

function nameParts(name: string): { sequence: number | null; phase: string; iteration: number } | null {
  const s = SEQUENCED_NAME.exec(name);
  if (s) return { sequence: Number(s[1]), phase: s[2]!, iteration: Number(s[3]) };
  const p = PHASE_NAME.exec(name);
  return p ? { sequence: null, phase: p[1]!, iteration: Number(p[2]) } : null;
}

/** Numbered transcripts by number and iteration; the others (orc's own names, odd names) after them, oldest first. */
function runOrder(a: TranscriptInfo, b: TranscriptInfo): number {
  if (a.sequence !== null || b.sequence !== null) {
    return (a.sequence ?? Infinity) - (b.sequence ?? Infinity) || (a.iteration ?? 0) - (b.iteration ?? 0) || a.name.localeCompare(b.name);
  }
  return a.mtimeMs - b.mtimeMs || (a.iteration ?? 0) - (b.iteration ?? 0) || a.name.localeCompare(b.name);
}

export function parseTranscriptHeader(text: string): Pick<TranscriptInfo, 'title' | 'timestamp' | 'duration' | 'tokens' | 'status' | 'fields'> {
  const fields: Record<string, string> = {};
  let title: string | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '---') break;
    if (title === null && line.startsWith('# ')) { title = line.slice(2).trim(); continue; }
    const f = FIELD.exec(line);
    if (f) fields[f[1]!.trim()] = f[2]!.trim();
  }
  const get = (k: string) => fields[k] ?? null;
  const tokens = get('Tokens');
  const n = tokens === null ? NaN : Number(tokens.replace(/[,_\s]/g, ''));
  return { title, fields, timestamp: get('Timestamp'), duration: get('Duration'), status: get('Status'), tokens: Number.isFinite(n) ? n : null };
}
