/**
 * Splits a piece of text into the JSON values written one after another in it: a pretty-printed object over
 * many lines, two objects on one line (`{…}{…}`), several multi-line objects with blank lines between. Text that
 * is not JSON is returned as junk, and reading resumes at the next place a value plausibly starts (a `{` at the
 * start of a line, or right after a `}`), so one broken object does not hide the good ones after it.
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
}

export interface Sequence {
  readonly values: SequenceValue[];
  readonly junk: SequenceJunk[];
}

export function splitJsonSequence(text: string): Sequence {
  const values: SequenceValue[] = [];
  const junk: SequenceJunk[] = [];
  let at = skipSpace(text, 0);
  while (at < text.length) {
    const open = text[at];
    const end = open === '{' || open === '[' ? closingOf(text, at) : -1;
    let failure: string;
    if (end >= 0) {
      try {
        values.push({ value: JSON.parse(text.slice(at, end)), start: at, end });
        at = skipSpace(text, end);
        continue;
      } catch (err) {
        failure = (err as Error).message;
      }
    } else {
      failure = open === '{' || open === '[' ? 'the JSON value is not closed' : describeNonJson(text, at);
    }
    const resume = nextStart(text, at + 1);
    junk.push({ start: at, end: resume, message: failure });
    at = resume;
  }
  return { values, junk };
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && (text[at] === ' ' || text[at] === '\t' || text[at] === '\n' || text[at] === '\r')) at++;
  return at;
}

/** The offset just after the bracket that closes the one at `at`, or -1 when the text ends first. */
function closingOf(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) { // a string: skip to its closing quote
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x5c) i++;
        else if (s === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) {
      if (--depth === 0) return i + 1;
    }
  }
  return -1;
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
