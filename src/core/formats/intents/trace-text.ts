import type { TailLine } from '../../io/tail-lines';
import { bracketBalance, splitJsonSequence, type Sequence } from './json-sequence';
import { obj, type Obj } from './trace-fields';

/** What the physical lines of a trace, read from the end, hold. Newest first. */
export type TraceItem =
  /** One JSON object. `packed`: it spans several lines or shares one with another object. */
  | { readonly kind: 'object'; readonly value: Obj; readonly at: TailLine; readonly packed: boolean }
  /** Text that is no JSON object (`lastLine`: the newest line it covers, for "lines 3–5"). */
  | { readonly kind: 'junk'; readonly at: TailLine; readonly lastLine: TailLine; readonly message: string }
  /** The unterminated last line is not JSON yet: a writer is still adding to it. */
  | { readonly kind: 'partial' };

/** A multi-line object is never gathered beyond this: past it, the lines are junk. */
const MAX_GROUP_LINES = 100_000;
const MAX_GROUP_CHARS = 4 * 1024 * 1024;

/**
 * Turns physical lines, fed newest first (as `linesFromEnd` yields them), into JSON objects. The common case
 * costs one `JSON.parse` per line: a line that is an object on its own is one. A line that is not is kept in a
 * group with the lines before it until the group reads as whole JSON values (a pretty-printed object read from its
 * closing brace back to the `{` that opens it, or `{…}{…}` on one line), until a line that is an object on its own
 * at the left margin shows the group is broken, or until a `#` comment, the bounds or the start of the file.
 * `#` lines are comments; blank lines are nothing.
 */
export class TraceTextReader {
  /** Lines not yet part of a whole value, oldest first. */
  private group: TailLine[] = [];
  private groupChars = 0;
  /** The smallest indentation among the group's lines. */
  private groupIndent = Infinity;
  /** Brackets the group opens minus those it closes: only a group at 0 can be whole values, so only then is it parsed. */
  private groupBalance = 0;

  push(line: TailLine): TraceItem[] {
    const text = line.text;
    const first = firstNonSpace(text);
    if (first < 0) return []; // blank (linesFromEnd's skipBlank already drops most)
    if (text[first] === '#') return this.group.length ? this.close(true) : [];
    if (!this.group.length) {
      const alone = parseObjectLine(text, first);
      if (alone) return [alone === NOT_OBJECT ? junk(line, line, 'a trace line should be a JSON object') : { kind: 'object', value: alone, at: line, packed: false }];
      this.start(line);
      return text[first] === '{' && this.groupBalance === 0 ? this.tryWhole() : [];
    }
    // An object on its own line at the left margin, before lines that do not continue an object: those lines are
    // broken on their own (a cut-off write, garbage), and this line is an ordinary entry.
    if (first === 0 && text[0] === '{' && !continuesAnObject(this.group[0]!.text)) {
      const alone = parseObjectLine(text, 0);
      if (alone && alone !== NOT_OBJECT) return [...this.close(true), { kind: 'object', value: alone, at: line, packed: false }];
    }
    // Only a line that could open the whole group is worth a parse: `{` at an indentation no deeper than the rest.
    const mayOpen = (text[first] === '{' || text[first] === '[') && first <= this.groupIndent;
    this.group.unshift(line);
    this.groupChars += text.length + 1;
    this.groupIndent = Math.min(this.groupIndent, first);
    this.groupBalance += bracketBalance(text);
    if (this.group.length > MAX_GROUP_LINES || this.groupChars > MAX_GROUP_CHARS) return this.close(true);
    return mayOpen && this.groupBalance === 0 ? this.tryWhole() : [];
  }

  /** The lines left when reading stops. Junk is reported only when the start of the file was read (else the group may be an object whose beginning was never seen). */
  finish(reachedStart: boolean): TraceItem[] {
    return this.group.length ? this.close(reachedStart) : [];
  }

  private start(line: TailLine): void {
    this.group = [line];
    this.groupChars = line.text.length + 1;
    this.groupIndent = firstNonSpace(line.text);
    this.groupBalance = bracketBalance(line.text);
  }

  /** The group's items when it reads as whole JSON objects, else nothing yet (more lines may complete it). */
  private tryWhole(): TraceItem[] {
    const sequence = splitJsonSequence(this.group.map((l) => l.text).join('\n'));
    if (sequence.junk.length || !sequence.values.length || sequence.values.some((v) => !obj(v.value))) return [];
    return this.close(true, sequence);
  }

  /** Ends the group: its objects (newest first) and, when `reportJunk`, one junk item for the text that was none. */
  private close(reportJunk: boolean, sequence?: Sequence): TraceItem[] {
    const lines = this.group;
    this.group = [];
    this.groupChars = 0;
    this.groupIndent = Infinity;
    this.groupBalance = 0;
    const { values, junk: bad } = sequence ?? splitJsonSequence(lines.map((l) => l.text).join('\n'));
    const lineStarts = [0];
    for (let i = 1; i < lines.length; i++) lineStarts.push(lineStarts[i - 1]! + lines[i - 1]!.text.length + 1);
    const lineAt = (offset: number) => {
      let lo = 0;
      for (let hi = lines.length - 1; lo < hi;) {
        const mid = (lo + hi + 1) >> 1;
        if (lineStarts[mid]! <= offset) lo = mid; else hi = mid - 1;
      }
      return lo;
    };
    const items: TraceItem[] = [];
    const problems = bad.map((b) => ({ from: lineAt(b.start), to: lineAt(Math.max(b.start, b.end - 1)), message: b.message, unclosed: b.unclosed }));
    const spans = values.map((v) => ({ v, from: lineAt(v.start), to: lineAt(Math.max(v.start, v.end - 1)) }));
    for (const s of spans) {
      const value = obj(s.v.value);
      if (!value) { problems.push({ from: s.from, to: s.to, message: 'a trace line should be a JSON object', unclosed: false }); continue; }
      const packed = s.from !== s.to || spans.some((o) => o !== s && o.from <= s.to && o.to >= s.from);
      items.push({ kind: 'object', value, at: lines[s.from]!, packed });
    }
    if (problems.length) {
      const last = problems.reduce((a, b) => (b.to > a.to ? b : a));
      // Unreadable text in an unterminated last line is a write in progress, not damage: that line alone, or an
      // object opened on an earlier line and still running into it.
      const inProgress = lines[lines.length - 1]!.unterminated && last.to === lines.length - 1 && (last.from === last.to || last.unclosed);
      if (inProgress) items.push({ kind: 'partial' });
      const reported = inProgress ? problems.filter((p) => p !== last) : problems;
      if (reportJunk && reported.length) {
        const from = Math.min(...reported.map((p) => p.from));
        const to = Math.max(...reported.map((p) => p.to));
        items.push(junk(lines[from]!, lines[to]!, reported.sort((a, b) => a.from - b.from)[0]!.message));
      }
    }
    // Newest first: later in the text is newer.
    return items.reverse();
  }
}

const NOT_OBJECT = Symbol('not an object');

/** The line as one JSON object; NOT_OBJECT for valid JSON of another kind; undefined when it is no JSON alone. */
function parseObjectLine(text: string, first: number): Obj | typeof NOT_OBJECT | undefined {
  const c = text[first];
  // Only what can start JSON is worth a parse (`"key": 1,` and `}` of a pretty-printed object fail fast anyway).
  if (c !== '{' && c !== '[' && c !== '"' && c !== '-' && c !== 't' && c !== 'f' && c !== 'n' && !(c! >= '0' && c! <= '9')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return obj(value) ?? NOT_OBJECT;
}

/** Whether a line can only be the middle or end of an object: `}`, `]`, `,` or `"key":` first. */
function continuesAnObject(text: string): boolean {
  const first = firstNonSpace(text);
  const c = text[first];
  return c === '}' || c === ']' || c === ',' || (c === '"' && /^"(?:[^"\\]|\\.)*"\s*:/.test(text.slice(first)));
}

function firstNonSpace(text: string): number {
  for (let i = 0; i < text.length; i++) if (text[i] !== ' ' && text[i] !== '\t') return i;
  return -1;
}

function junk(at: TailLine, lastLine: TailLine, message: string): TraceItem {
  return { kind: 'junk', at, lastLine, message };
}
