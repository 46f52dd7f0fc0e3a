import { countNewlines, linesFromEnd, type TailLine, type TailScan } from '../../io/tail-lines';
import type { TraceEntry } from './model';
import { chainBreaks, chainLinkOf, type ChainLink } from './trace-chain';
import { normalizeTraceObject } from './trace-entry';
import { TraceTextReader } from './trace-text';

/** Below this size a tail read also counts the newlines before it, so every line gets its absolute number. */
export const SMALL_TRACE_BYTES = 8 * 1024 * 1024;

/** How far back a read filtered by intent goes at most: a rare intent in a huge trace must not cost the whole file. */
export const TRACE_FILTER_BYTES = 32 * 1024 * 1024;

/** Unreadable parts reported one by one; past this many, one more problem counts the rest. */
const MAX_JUNK_PROBLEMS = 20;

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
  /** Number every entry absolutely when that is cheap (a small file), not only when a problem needs it. */
  readonly numberLines?: boolean;
}

type Seen =
  | { readonly entry: TraceEntry; readonly at: TailLine; readonly packed: boolean; readonly chain: ChainLink | undefined }
  | { readonly entry?: undefined; readonly at: TailLine; readonly lastLine: TailLine; readonly message: string };

type Entry = Extract<Seen, { entry: TraceEntry }>;

/** A problem before line numbers are known: where it is, and its message given a way to name lines. */
interface Pending {
  readonly severity: TraceProblem['severity'];
  readonly at: { readonly fromEnd: number };
  readonly message: (name: (at: { fromEnd: number }) => string) => string;
}

/**
 * The newest entries of an agent_trace.jsonl, read backwards from the end of the file: the cost is that of the
 * entries asked for, whatever the file's size. Every shape the forks write is normalised (trace-entry.ts);
 * pretty-printed and glued objects are read as the objects they are (trace-text.ts). Problems are only what a
 * user must know about the part read: unreadable text, entries that one-object-per-line readers skip (once per
 * file), a broken hash chain (once). Lines are numbered absolutely when that is cheap (the whole file was read,
 * or it is small enough to count), otherwise problems say "line N from the end".
 */
export async function readTraceTail(file: string, options: TraceTailOptions): Promise<TraceTail> {
  const scan: { value?: TailScan } = {};
  const reader = new TraceTextReader();
  const seen: Seen[] = [];
  let matched = 0;
  let writeInProgress = false;
  let oldestRead: TailLine | undefined;
  const take = (items: ReturnType<TraceTextReader['push']>): void => {
    for (const item of items) {
      if (item.kind === 'partial') writeInProgress = true;
      else if (item.kind === 'junk') seen.push({ at: item.at, lastLine: item.lastLine, message: item.message });
      else {
        const entry = normalizeTraceObject(item.value, item.at.fromEnd, null);
        seen.push({ entry, at: item.at, packed: item.packed, chain: chainLinkOf(item.value) });
        if (options.intentId === undefined || entry.intentId === options.intentId) matched++;
      }
    }
  };
  for await (const line of linesFromEnd(file, scan, { maxBytes: options.maxBytes, skipBlank: true })) {
    oldestRead = line;
    take(reader.push(line));
    if (matched >= options.limit) break;
  }
  const state = scan.value!;
  if (matched < options.limit) take(reader.finish(state.reachedStart));

  const pending = problemsOf(seen);
  for (const fromEnd of state.oversized) {
    pending.push({ severity: 'error', at: { fromEnd }, message: () => 'line is too long to read; skipped' });
  }
  const numberOf = await lineNumbering(file, state, oldestRead, pending.length > 0 || !!options.numberLines);
  const name = (at: { fromEnd: number }) => describeTraceLine({ line: numberOf(at), fromEnd: at.fromEnd });
  const entries: TraceEntry[] = [];
  for (const s of seen) {
    if (s.entry && (options.intentId === undefined || s.entry.intentId === options.intentId)) entries.push({ ...s.entry, line: numberOf(s.at) });
  }
  const problems = pending.map((p): TraceProblem => ({ severity: p.severity, line: numberOf(p.at), fromEnd: p.at.fromEnd, message: p.message(name) }));
  return { size: state.size, mtimeMs: state.mtimeMs, entries, problems, writeInProgress, complete: state.reachedStart, bytesRead: state.bytesRead };
}

/** The problems of the part read, newest first except the once-per-file ones, which sit at the oldest case. */
function problemsOf(seen: readonly Seen[]): Pending[] {
  const out: Pending[] = [];
  const junk = seen.filter((s): s is Exclude<Seen, Entry> => !s.entry);
  const listed = junk.length > MAX_JUNK_PROBLEMS ? MAX_JUNK_PROBLEMS - 1 : junk.length;
  for (const j of junk.slice(0, listed)) {
    const through = j.lastLine === j.at ? null : j.lastLine;
    out.push({ severity: 'error', at: j.at, message: (name) => `${describeJunk(j.message)}${through ? `, through ${name(through)}` : ''}` });
  }
  if (listed < junk.length) {
    const rest = junk.slice(listed);
    out.push({ severity: 'error', at: rest[0]!.at, message: (name) => `${rest.length} more unreadable parts, this one and those before it ` +
      `back to ${name(rest[rest.length - 1]!.at)} (not listed one by one)` });
  }
  const entries = seen.filter((s): s is Entry => !!s.entry);
  const packed = entries.filter((e) => e.packed);
  if (packed.length) {
    const oldest = packed[packed.length - 1]!;
    const others = packed.length - 1;
    out.push({ severity: 'warning', at: oldest.at, message: (name) => 'this entry is not one JSON object per line (it is pretty-printed, or shares ' +
      'its line with another): Baton reads it, but one-object-per-line readers such as the forks\' own hooks skip it' +
      (others ? `; the same for ${others} newer ${others === 1 ? 'entry' : 'entries'}, the newest at ${name(packed[0]!.at)}` : '') });
  }
  const chronological = [...entries].reverse();
  const breaks = chainBreaks(chronological.map((e) => e.chain));
  if (breaks.length) {
    const first = chronological[breaks[0]!]!;
    const before = chronological[breaks[0]! - 1]!;
    out.push({ severity: 'warning', at: first.at, message: (name) => `the hash chain breaks here: prev_record_hash is not the record_hash of the entry ` +
      `before it (${name(before.at)}), so an entry was changed, removed or inserted` +
      (breaks.length > 1 ? ` (${breaks.length} breaks in the part read, the newest at ${name(chronological[breaks[breaks.length - 1]!]!.at)})` : '') });
  }
  return out;
}

function describeJunk(message: string): string {
  return message === 'a trace line should be a JSON object' ? message : `not valid JSON (${message})`;
}

/**
 * Absolute line numbers when the whole file was seen (free: every line was counted), or when a problem needs one
 * and the skipped start of the file is small enough to count its newlines; otherwise null (entries keep `fromEnd`).
 */
async function lineNumbering(file: string, state: TailScan, oldest: TailLine | undefined, needed: boolean): Promise<(at: { fromEnd: number }) => number | null> {
  if (state.reachedStart) return (at) => state.lines - at.fromEnd + 1;
  if (!oldest || !needed || state.size > SMALL_TRACE_BYTES) return () => null;
  const before = await countNewlines(file, oldest.offset);
  return (at) => before + 1 + (oldest.fromEnd - at.fromEnd);
}

/** "line 12" or, when only the tail of a huge file was read, "line 3 from the end". */
export function describeTraceLine(p: { line: number | null; fromEnd: number }): string {
  return p.line !== null ? `line ${p.line}` : `line ${p.fromEnd} from the end`;
}
