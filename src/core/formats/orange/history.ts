import { lstatSync } from 'node:fs';
import { linesFromEndSync, type TailLine, type TailScan } from '../../io/tail-lines';
import { diagnostic } from '../../model/diagnostic';
import type { ReadFile } from '../../model/adapter';
import type { HistoryEvent, HistoryRecord } from './model';

/** history.jsonl is append-only and grows for the task's whole life: only its newest events are read. */
export const HISTORY_EVENTS = 50;
const HISTORY_MAX_BYTES = 1024 * 1024;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

/** The fields every event is read for; the rest of a line is kept as its details. */
const READ = new Set(['type', 'timestamp', 'from', 'to', 'reason']);

/*
 * What orange does with its history (dinhtungdu/orange, src/core/state.ts `loadHistory`, `orange task show`): it
 * parses every line, so one line that is not JSON hides the whole history; it prints each event's time from its
 * `timestamp` text, so an event without one makes `orange task show` fail. Those two are problems; an event type
 * or field Baton does not know is not (every version added some: task.updated, review.started, agent.stopped, …).
 */

/**
 * The newest events of a task's history.jsonl, read backwards from the end (bounded by events and bytes, so a
 * huge log costs what a small one does). A partial last line is a write in progress, not an error. The reads are
 * synchronous (a history is one 64 KB read or a few): the index reads a thousand of them in a row and yields to
 * the event loop between files.
 */
export function readHistory(file: string, project: string, taskId: string): ReadFile<HistoryRecord> | 'missing';
export function readHistory(file: string, project: string, taskId: string, refuseLinks: boolean): ReadFile<HistoryRecord> | 'missing' | 'link';
export function readHistory(file: string, project: string, taskId: string, refuseLinks = false): ReadFile<HistoryRecord> | 'missing' | 'link' {
  const scan: { value?: TailScan } = {};
  const events: { tail: TailLine; event: HistoryEvent }[] = [];
  const bad: { tail: TailLine; message: string }[] = [];
  try {
    for (const tail of linesFromEndSync(file, scan, { followLinks: !refuseLinks, maxBytes: HISTORY_MAX_BYTES, maxLineBytes: 256 * 1024, skipBlank: true })) {
      if (!tail.text.trim()) continue;
      let value: unknown;
      try {
        value = JSON.parse(tail.text);
      } catch (err) {
        if (!tail.unterminated) bad.push({ tail, message: `not valid JSON (${(err as Error).message}): orange reads the history as one JSON object a line, so \`orange task show\` shows none of it` });
        continue;
      }
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        bad.push({ tail, message: 'not a JSON object: `orange task show` fails on it (it prints each event\'s timestamp)' });
        continue;
      }
      const v = value as Record<string, unknown>;
      if (typeof v.timestamp !== 'string') bad.push({ tail, message: 'an event without a `timestamp` text: `orange task show` fails on it (it prints each event\'s time from it)' });
      const details: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) if (!READ.has(k)) details[k] = x;
      events.push({ tail, event: { type: str(v.type) ?? '', timestamp: str(v.timestamp), from: str(v.from), to: str(v.to), reason: str(v.reason), details } });
      if (events.length >= HISTORY_EVENTS) break;
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    // O_NOFOLLOW met a link (the caller checks where it leads); ELOOP from a loop elsewhere in the path stays an error.
    if (refuseLinks && (err as NodeJS.ErrnoException).code === 'ELOOP' && isSymbolicLink(file)) return 'link';
    return { size: -1, mtimeMs: -1, diagnostics: [], record: { kind: 'history', project, taskId, events: [], complete: false,
      problems: [diagnostic('orange', file, 'error', `cannot read the history (${(err as NodeJS.ErrnoException).code ?? String(err)})`)] } };
  }
  const state = scan.value!;
  // Absolute line numbers are free when the whole file was read; otherwise problems count from the end.
  const seenLines = [...events.map((e) => e.tail), ...bad.map((b) => b.tail)];
  const oldest = seenLines.reduce<TailLine | undefined>((o, t) => (!o || t.fromEnd > o.fromEnd ? t : o), undefined);
  const whole = state.reachedStart && oldest?.offset === 0;
  const diagnostics = bad.map((b) => whole
    ? diagnostic('orange', file, 'warning', b.message, { line: oldest!.fromEnd - b.tail.fromEnd + 1, column: 1 })
    : diagnostic('orange', file, 'warning', `line ${b.tail.fromEnd} from the end: ${b.message}`));
  // orange reads such a line; only Baton's bounded read skips it.
  for (const fromEnd of state.oversized) diagnostics.push(diagnostic('orange', file, 'info', `line ${fromEnd} from the end is longer than Baton reads (256 KB); not shown here`));
  // The problems travel in the record: only the link knows whether the task's project belongs to the folder.
  const record: HistoryRecord = { kind: 'history', project, taskId, events: events.map((e) => e.event).reverse(), complete: state.reachedStart, problems: diagnostics };
  return { size: state.size, mtimeMs: state.mtimeMs, record, diagnostics: [] };
}

function isSymbolicLink(file: string): boolean {
  try {
    return lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
  } catch {
    return false;
  }
}
