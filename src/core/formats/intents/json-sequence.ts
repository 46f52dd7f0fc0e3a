/**
 * Splits a piece of text into the JSON values written one after another in it: a pretty-printed object over
 * many lines, two objects on one line (`{…}{…}`), several multi-line objects with blank lines between. Text that
 * is not JSON is returned as junk, and reading resumes at the next place a value plausibly starts (a `{` at the
 * start of a line, or right after a `}`), so one broken object does not hide the good ones after it.
 *
 * One pass over the text first notes, outside strings, the nesting depth at each opening bracket and where each
 * closing bracket brings the depth back to; the end of any value is then a binary search, so however much junk
 * there is, the cost stays O(n log n). A JSON string never spans lines, so a quote left open ends with its line.
 */
export interface SequenceValue {
  readonly value: unknown;
  /** Character offsets in the text: [start, end). */
  readonly start: number;
  readonly end: number;
}

export interface SequenceJunk {
  readonly start: number;
  readonly end: number;
  readonly message: string;
  /** A `{` or `[` whose value runs to the end of the text without closing (as a write in progress looks). */
  readonly unclosed: boolean;
}

export interface Sequence {
  readonly values: SequenceValue[];
  readonly junk: SequenceJunk[];
}

export function splitJsonSequence(text: string): Sequence {
  const brackets = bracketProfile(text);
  const values: SequenceValue[] = [];
  const junk: SequenceJunk[] = [];
  let at = skipSpace(text, 0);
  while (at < text.length) {
    const open = text[at];
    const end = open === '{' || open === '[' ? brackets.closingOf(at) : -1;
    let failure: string;
    const unclosed = end < 0 && (open === '{' || open === '[');
    if (end >= 0) {
      try {
        values.push({ value: JSON.parse(text.slice(at, end)), start: at, end });
        at = skipSpace(text, end);
        continue;
      } catch (err) {
        failure = (err as Error).message;
      }
    } else {
      failure = unclosed ? 'the JSON value is not closed' : describeNonJson(text, at);
    }
    const resume = nextStart(text, at + 1);
    junk.push({ start: at, end: resume, message: failure, unclosed });
    at = resume;
  }
  return { values, junk };
}

/** How much a line opens minus what it closes, outside strings: a group of lines is whole only when this sums to 0. */
export function bracketBalance(line: string): number {
  let balance = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(line, i);
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) balance++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) balance--;
  }
  return balance;
}

const QUOTE = 0x22, BACKSLASH = 0x5c, NEWLINE = 0x0a;
const OPEN_BRACE = 0x7b, CLOSE_BRACE = 0x7d, OPEN_BRACKET = 0x5b, CLOSE_BRACKET = 0x5d;

/** The offset of the quote closing the string opened at `at` (or of the end of its line, when it is never closed). */
function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i;
    else if (c === NEWLINE) return i - 1;
  }
  return text.length;
}

function bracketProfile(text: string): { closingOf(at: number): number } {
  const depthAtOpen = new Map<number, number>();
  const closesTo = new Map<number, number[]>();
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i);
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) depthAtOpen.set(i, depth++);
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
      const list = closesTo.get(depth);
      if (list) list.push(i); else closesTo.set(depth, [i]);
    }
  }
  return {
    /** Just after the bracket that brings the depth back to what it was before `at`, or -1 when the text ends first. */
    closingOf(at: number): number {
      const depthBefore = depthAtOpen.get(at);
      const closes = depthBefore === undefined ? undefined : closesTo.get(depthBefore);
      if (!closes) return -1;
      let lo = 0;
      let hi = closes.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (closes[mid]! > at) hi = mid; else lo = mid + 1;
      }
      return lo < closes.length ? closes[lo]! + 1 : -1;
    },
  };
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && (text[at] === ' ' || text[at] === '\t' || text[at] === '\n' || text[at] === '\r')) at++;
  return at;
}

/** Where the next value may start after junk: a `{` opening a line, or following a `}` (glued objects). */
function nextStart(text: string, from: number): number {
  for (let i = text.indexOf('{', from); i >= 0; i = text.indexOf('{', i + 1)) {
    let j = i - 1;
    while (j >= 0 && (text[j] === ' ' || text[j] === '\t')) j--;
    if (j < 0 || text[j] === '\n' || text[j] === '}') return i;
  }
  return text.length;
}

function describeNonJson(text: string, at: number): string {
  const lineEnd = text.indexOf('\n', at);
  try {
    JSON.parse(text.slice(at, lineEnd < 0 ? text.length : lineEnd));
    return 'a trace line should be a JSON object';
  } catch (err) {
    return (err as Error).message;
  }
}
