import { linesFromEnd, type TailLine, type TailScan } from '../../io/tail-lines';
import { diagnostic } from '../../model/diagnostic';
import type { ReadFile } from '../../service/adapter';
import type { HistoryEvent, HistoryRecord } from './model';

/** history.jsonl is append-only and grows for the task's whole life: only its newest events are read. */
export const HISTORY_EVENTS = 50;
const HISTORY_MAX_BYTES = 1024 * 1024;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

/**
 * The newest events of a task's history.jsonl, read backwards from the end (bounded by events and bytes, so a
 * huge log costs what a small one does). A partial last line is a write in progress, not an error.
 */
export async function readHistory(file: string, project: string, taskId: string): Promise<ReadFile<HistoryRecord> | 'missing'> {
  const scan: { value?: TailScan } = {};
  const events: { tail: TailLine; event: HistoryEvent }[] = [];
  const bad: { tail: TailLine; message: string }[] = [];
  try {
    for await (const tail of linesFromEnd(file, scan, { maxBytes: HISTORY_MAX_BYTES, maxLineBytes: 256 * 1024, skipBlank: true })) {
      if (!tail.text.trim()) continue;
      let value: unknown;
      try {
        value = JSON.parse(tail.text);
      } catch (err) {
        if (!tail.unterminated) bad.push({ tail, message: `not valid JSON (${(err as Error).message})` });
        continue;
      }
      if (value === null || typeof value !== 'object' || Array.isArray(value) || typeof (value as { type?: unknown }).type !== 'string') {
        bad.push({ tail, message: 'a history event should be a JSON object with a "type"' });
        continue;
      }
      const v = value as Record<string, unknown>;
      events.push({ tail, event: { type: v.type as string, timestamp: str(v.timestamp), from: str(v.from), to: str(v.to), reason: str(v.reason) } });
      if (events.length >= HISTORY_EVENTS) break;
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
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
  for (const fromEnd of state.oversized) diagnostics.push(diagnostic('orange', file, 'warning', `line ${fromEnd} from the end is too long to read; skipped`));
  // The problems travel in the record: only the link knows whether the task's project belongs to the folder.
  const record: HistoryRecord = { kind: 'history', project, taskId, events: events.map((e) => e.event).reverse(), complete: state.reachedStart, problems: diagnostics };
  return { size: state.size, mtimeMs: state.mtimeMs, record, diagnostics: [] };
}
