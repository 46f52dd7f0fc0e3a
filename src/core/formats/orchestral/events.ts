import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import { EVENT_LEVELS } from './vocabulary';

/** One line of a run's events.log: `ISO-timestamp [level] event key=<json> …`. */
export interface RunEvent {
  readonly line: number;
  readonly timestamp: string;
  readonly level: string;
  readonly event: string;
  /** Values as JSON when they parse, else the raw text. */
  readonly fields: Record<string, unknown>;
}

export interface EventsSummary {
  readonly count: number;
  readonly warnings: number;
  readonly errors: number;
  readonly first: RunEvent | null;
  /** The most recent events, oldest first (the whole log stays on disk). */
  readonly recent: RunEvent[];
}

const KEEP_RECENT = 20;
const REPORT_BAD_LINES = 20;
const LINE = /^(\S+)\s+\[([^\]]*)\]\s+(\S+)(.*)$/;
const KEY = /^([A-Za-z_][\w.-]*)=/;

/**
 * Reads events.log leniently: every well-formed line counts, a malformed one is an info at its line (the first
 * few are reported, then a count), and unknown levels are kept as written. Dure only ever appends to this log and
 * never reads it back, so nothing in it can make Dure fail: its lines are never problems.
 */
export function parseEventsLog(file: string, text: string): { summary: EventsSummary; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const recent: RunEvent[] = [];
  let count = 0, warnings = 0, errors = 0, bad = 0;
  let first: RunEvent | null = null;
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    if (raw.trim() === '') return;
    const event = parseEventLine(raw, i + 1);
    if (!event) {
      if (bad++ < REPORT_BAD_LINES) {
        diagnostics.push(diagnostic('orchestral', file, 'info',
          'events.log line is not `timestamp [level] event key=value …`; not counted as an event', { line: i + 1, column: 1 }));
      }
      return;
    }
    count++;
    first ??= event;
    const level = event.level.toLowerCase();
    if (level === 'warn' || level === 'warning') warnings++;
    if (level === 'error' || level === 'fatal') errors++;
    if (!EVENT_LEVELS.includes(level) && level !== 'fatal') {
      diagnostics.push(diagnostic('orchestral', file, 'info', `unknown event level "${event.level}"; shown as written`, { line: i + 1, column: raw.indexOf('[') + 2 }));
    }
    recent.push(event);
    if (recent.length > KEEP_RECENT) recent.shift();
  });
  if (bad > REPORT_BAD_LINES) {
    diagnostics.push(diagnostic('orchestral', file, 'info', `${bad - REPORT_BAD_LINES} more events.log lines are not events`));
  }
  return { summary: { count, warnings, errors, first, recent }, diagnostics };
}

export function parseEventLine(raw: string, line: number): RunEvent | undefined {
  const m = LINE.exec(raw.trim());
  if (!m || Number.isNaN(Date.parse(m[1]!))) return undefined;
  return { line, timestamp: m[1]!, level: m[2]!, event: m[3]!, fields: parseFields(m[4]!) };
}

/** `key=<json> key="text" key=word …`; text that is not key=value is kept under `_text`. */
function parseFields(rest: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  let i = 0;
  const leftovers: string[] = [];
  while (i < rest.length) {
    while (rest[i] === ' ' || rest[i] === '\t') i++;
    if (i >= rest.length) break;
    const key = KEY.exec(rest.slice(i));
    if (!key) {
      const end = nextSpace(rest, i);
      leftovers.push(rest.slice(i, end));
      i = end;
      continue;
    }
    const start = i + key[0].length;
    const end = valueEnd(rest, start);
    const value = rest.slice(start, end);
    try { fields[key[1]!] = JSON.parse(value); } catch { fields[key[1]!] = value; }
    i = end;
  }
  if (leftovers.length) fields._text = leftovers.join(' ');
  return fields;
}

function nextSpace(s: string, from: number): number {
  let i = from;
  while (i < s.length && s[i] !== ' ' && s[i] !== '\t') i++;
  return i;
}

/** The end of a value: a JSON string, a bracketed JSON value (strings inside respected), or a bare word. */
function valueEnd(s: string, start: number): number {
  const open = s[start];
  if (open === '"') return stringEnd(s, start);
  if (open !== '[' && open !== '{') return nextSpace(s, start);
  let depth = 0;
  for (let i = start; i < s.length; i++) {
    const c = s[i];
    if (c === '"') { i = stringEnd(s, i) - 1; continue; }
    if (c === '[' || c === '{') depth++;
    else if ((c === ']' || c === '}') && --depth === 0) return i + 1;
  }
  return s.length;
}

function stringEnd(s: string, start: number): number {
  for (let i = start + 1; i < s.length; i++) {
    if (s[i] === '\\') { i++; continue; }
    if (s[i] === '"') return i + 1;
  }
  return s.length;
}
