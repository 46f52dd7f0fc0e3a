import path from 'node:path';
import { resolveContained } from '../../io/contained-path';
import { countNewlines, linesFromEnd, type TailLine, type TailScan } from '../../io/tail-lines';
import type { TraceEntry } from './model';
import { normalizeTraceObject } from './trace-entry';

/** Below this size a tail read also counts the newlines before it, so every line gets its absolute number. */
export const SMALL_TRACE_BYTES = 8 * 1024 * 1024;

export interface TraceProblem {
  readonly severity: 'error' | 'warning';
  /** Absolute 1-based line, when known. */
  readonly line: number | null;
  readonly fromEnd: number;
  readonly message: string;
}

export interface TraceTail {
  readonly size: number;
  readonly mtimeMs: number;
  /** Newest first. */
  readonly entries: TraceEntry[];
  readonly problems: TraceProblem[];
  /** The last line is unterminated and not valid JSON yet: a write in progress, not an error. */
  readonly writeInProgress: boolean;
  /** The whole file was read. */
  readonly complete: boolean;
  readonly bytesRead: number;
}

export interface TraceTailOptions {
  /** How many entries to return (matching `intentId` when given). */
  readonly limit: number;
  readonly intentId?: string;
  /** Stop reading after this many bytes however few entries matched (bounds a filter on a huge log). */
  readonly maxBytes?: number;
}

interface Seen { readonly tail: TailLine; readonly entry?: TraceEntry; readonly problem?: Omit<TraceProblem, 'line' | 'fromEnd'> }

/**
 * The newest entries of an agent_trace.jsonl, read backwards from the end of the file: the cost is that of the
 * entries asked for, whatever the file's size. Bad lines in the part read are problems; lines are numbered
 * absolutely when that is cheap (the whole file was read, or it is small enough to count), otherwise problems
 * say "line N from the end".
 */
export async function readTraceTail(file: string, options: TraceTailOptions): Promise<TraceTail> {
  const scan: { value?: TailScan } = {};
  const seen: Seen[] = [];
  let matched = 0;
  let writeInProgress = false;
  const root = path.dirname(path.dirname(file)); // <root>/.orchestration/agent_trace.jsonl
  for await (const tail of linesFromEnd(file, scan, { maxBytes: options.maxBytes, skipBlank: true })) {
    if (!tail.text.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(tail.text);
    } catch (err) {
      if (tail.unterminated) { writeInProgress = true; continue; }
      seen.push({ tail, problem: { severity: 'error', message: `not valid JSON (${(err as Error).message})` } });
      continue;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      seen.push({ tail, problem: { severity: 'error', message: 'a trace line should be a JSON object' } });
      continue;
    }
    const normalized = normalizeTraceObject(value as Record<string, unknown>, tail.fromEnd, null);
    const { entry } = normalized;
    // Files are shown as written; one that leaves the workspace folder is said to, and never opened.
    const issues = [...normalized.issues, ...entry.files.flatMap((f) => {
      const inside = resolveContained(root, f, { what: 'the workspace folder' });
      return inside.ok ? [] : [`target file ${inside.reason}; it will not be opened`];
    })];
    seen.push({ tail, entry, ...(issues.length ? { problem: { severity: 'warning', message: issues.join('; ') } } : {}) });
    if (options.intentId === undefined || entry.intentId === options.intentId) matched++;
    if (matched >= options.limit) break;
  }
  const state = scan.value!;
  const numberOf = await lineNumbering(file, state, seen);
  const entries: TraceEntry[] = [];
  const problems: TraceProblem[] = [];
  for (const s of seen) {
    const line = numberOf(s.tail);
    if (s.entry && (options.intentId === undefined || s.entry.intentId === options.intentId)) entries.push({ ...s.entry, line });
    if (s.problem) problems.push({ ...s.problem, line, fromEnd: s.tail.fromEnd });
  }
  for (const fromEnd of state.oversized) {
    problems.push({ severity: 'error', line: null, fromEnd, message: 'line is too long to read; skipped' });
  }
  return { size: state.size, mtimeMs: state.mtimeMs, entries, problems, writeInProgress, complete: state.reachedStart, bytesRead: state.bytesRead };
}

/**
 * Absolute line numbers when the whole file was seen (free), or when a problem needs one and the skipped start
 * of the file is small enough to count its newlines; otherwise null (entries still have `fromEnd`).
 */
async function lineNumbering(file: string, state: TailScan, seen: readonly Seen[]): Promise<(t: TailLine) => number | null> {
  if (!seen.length) return () => null;
  const oldest = seen[seen.length - 1]!.tail;
  if (oldest.offset === 0) return (t) => oldest.fromEnd - t.fromEnd + 1;
  if (state.size > SMALL_TRACE_BYTES || !seen.some((s) => s.problem)) return () => null;
  const before = await countNewlines(file, oldest.offset);
  return (t) => before + 1 + (oldest.fromEnd - t.fromEnd);
}

/** "line 12" or, when only the tail of a huge file was read, "line 3 from the end". */
export function describeTraceLine(p: { line: number | null; fromEnd: number }): string {
  return p.line !== null ? `line ${p.line}` : `line ${p.fromEnd} from the end`;
}
