import { CORE_SCHEMA, type Type } from 'js-yaml';

/**
 * The one-line scalars of machine-written YAML (see machine-yaml.ts), read exactly as js-yaml reads them, or
 * `DECLINE` for anything this reader is not sure of (the caller then leaves the whole file to js-yaml).
 */
export const DECLINE: unique symbol = Symbol('decline');
export type Read<T> = T | typeof DECLINE;

/** `core`: the YAML 1.2 core schema (null, bool, int, float); `text`: every scalar as its text (failsafe). */
export type ScalarSchema = 'core' | 'text';

// js-yaml's own resolvers, in its order, so a plain scalar resolves to exactly what js-yaml makes of it. The schema
// object's compiled list is not in @types/js-yaml.
const CORE_TYPES = (CORE_SCHEMA as unknown as { compiledImplicit: (Type & { tag: string })[] }).compiledImplicit;
// A text that starts with a letter can only be null (`null`, `Null`, `NULL`) or a bool: ints and floats start with
// a digit, a sign or a dot, so their resolvers (a loop and a regular expression) are not asked.
const WORD_TYPES = CORE_TYPES.filter((t) => t.tag === 'tag:yaml.org,2002:null' || t.tag === 'tag:yaml.org,2002:bool');

/** The value of a plain scalar's text (already trimmed, never empty). */
export function resolvePlain(text: string, schema: ScalarSchema): unknown {
  if (schema === 'text') return text;
  const c = text.charCodeAt(0);
  let types: readonly Type[];
  // ~ . + - 0-9: any type; n N t T f F: null or bool; anything else is a string under the core schema.
  if (c === 0x7e || c === 0x2e || c === 0x2b || c === 0x2d || (c >= 0x30 && c <= 0x39)) {
    // No int, float, null or bool of js-yaml 4 holds a colon (YAML 1.1's 1:30 sexagesimals are gone): a time such as
    // 2026-01-01T00:01:00Z, the commonest value orc writes, is text without asking the resolvers (a loop and a regex).
    if (text.includes(':')) return text;
    types = CORE_TYPES;
  }
  else if (c === 0x6e || c === 0x4e || c === 0x74 || c === 0x54 || c === 0x66 || c === 0x46) types = WORD_TYPES;
  else return text;
  for (const type of types) {
    if (type.resolve(text)) return type.construct(text);
  }
  return text;
}

/**
 * Where a plain scalar may not start (YAML indicators, quotes, flow brackets): such text is left to js-yaml.
 * `-`, `?` and `:` are indicators only before a space; they are declined here too unless `-` starts a word.
 */
export function plainMayStart(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  switch (c) {
    case 0x2c: case 0x5b: case 0x5d: case 0x7b: case 0x7d: // , [ ] { }
    case 0x23: case 0x26: case 0x2a: case 0x21: case 0x7c: // # & * ! |
    case 0x3e: case 0x27: case 0x22: case 0x25: case 0x40: // > ' " % @
    case 0x60: case 0x3f: case 0x3a: case 0x20: case 0x09: // ` ? : space tab
      return false;
    case 0x2d: { // -
      const next = text.charCodeAt(at + 1);
      return !(Number.isNaN(next) || next === 0x20 || next === 0x0a);
    }
    default:
      return !Number.isNaN(c) && c !== 0x0a;
  }
}

/**
 * The end of a plain scalar that starts at `from` on a line ending at `end`: before ` #` (a comment) or the line's
 * end, trailing spaces dropped. DECLINE when the text holds `: ` or ends in `:` (a mapping js-yaml would reject here).
 */
export function plainEnd(text: string, from: number, end: number): Read<number> {
  let stop = end;
  for (let i = from; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3a) { // :
      if (i + 1 === end || text.charCodeAt(i + 1) === 0x20) return DECLINE;
    } else if (c === 0x23 && text.charCodeAt(i - 1) === 0x20) { // ' #'
      stop = i;
      break;
    }
  }
  while (stop > from && text.charCodeAt(stop - 1) === 0x20) stop--;
  return stop;
}

/** After a quoted scalar or flow collection: only spaces, then a comment or the line's end. */
export function restIsBlank(text: string, from: number, end: number): boolean {
  let i = from;
  while (i < end && text.charCodeAt(i) === 0x20) i++;
  return i === end || (i > from && text.charCodeAt(i) === 0x23);
}

/** A double-quoted scalar that closes on its own line (`text[from]` is the quote): its value and where it ends. */
export function readDoubleQuoted(text: string, from: number, end: number): Read<{ value: string; next: number }> {
  let value = '';
  let segment = from + 1;
  for (let i = from + 1; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return { value: value + text.slice(segment, i), next: i + 1 };
    if (c !== 0x5c) continue;
    value += text.slice(segment, i);
    const e = text.charCodeAt(++i);
    const simple = e < 128 ? SIMPLE_ESCAPES[e] : undefined;
    if (simple !== undefined) {
      value += simple;
    } else {
      const digits = e === 0x78 ? 2 : e === 0x75 ? 4 : e === 0x55 ? 8 : 0; // x u U
      if (!digits || i + digits >= end) return DECLINE;
      const hex = text.slice(i + 1, i + 1 + digits);
      if (!/^[0-9a-fA-F]+$/.test(hex)) return DECLINE;
      const code = parseInt(hex, 16);
      if (code > 0x10ffff) return DECLINE;
      value += String.fromCodePoint(code);
      i += digits;
    }
    segment = i + 1;
  }
  return DECLINE; // continues on the next line: js-yaml folds it; not this reader's business
}

// js-yaml's one-character escapes (a backslash before a line break, which continues the line, is not one of them).
const SIMPLE_ESCAPES: (string | undefined)[] = [];
for (const [ch, value] of Object.entries({ '0': '\x00', a: '\x07', b: '\x08', t: '\t', n: '\n', v: '\x0b', f: '\x0c',
  r: '\r', e: '\x1b', ' ': ' ', '"': '"', '/': '/', '\\': '\\', N: '\x85', _: '\xa0', L: '\u2028', P: '\u2029' })) {
  SIMPLE_ESCAPES[ch.charCodeAt(0)] = value;
}

/** A single-quoted scalar that closes on its own line (`''` is a quote). */
export function readSingleQuoted(text: string, from: number, end: number): Read<{ value: string; next: number }> {
  let value = '';
  let segment = from + 1;
  for (let i = from + 1; i < end; i++) {
    if (text.charCodeAt(i) !== 0x27) continue;
    value += text.slice(segment, i);
    if (text.charCodeAt(i + 1) !== 0x27) return { value, next: i + 1 };
    value += "'";
    segment = ++i + 1;
  }
  return DECLINE;
}

/**
 * A flow sequence on one line (`text[from]` is `[`): `[]`, or plain words separated by `, ` such as
 * `[TASK-001, TASK-002]`. Anything richer (quotes, nesting, `:`, a trailing comma) is declined.
 */
export function readFlowSequence(text: string, from: number, end: number, schema: ScalarSchema): Read<{ value: unknown[]; next: number }> {
  let close = from;
  while (close < end && text.charCodeAt(close) !== 0x5d) close++;
  if (close === end) return DECLINE;
  const value: unknown[] = [];
  if (close === from + 1) return { value, next: close + 1 };
  let start = from + 1;
  while (start <= close) {
    let stop = text.indexOf(',', start);
    if (stop < 0 || stop > close) stop = close;
    let a = start;
    let b = stop;
    while (a < b && text.charCodeAt(a) === 0x20) a++;
    while (b > a && text.charCodeAt(b - 1) === 0x20) b--;
    if (a === b || !plainMayStart(text, a)) return DECLINE;
    for (let i = a; i < b; i++) {
      const c = text.charCodeAt(i);
      // : # [ { } " ' and runs of spaces are declined; the rest reads as a word.
      if (c === 0x3a || c === 0x23 || c === 0x5b || c === 0x7b || c === 0x7d || c === 0x22 || c === 0x27
        || (c === 0x20 && text.charCodeAt(i + 1) === 0x20)) return DECLINE;
    }
    const word = text.slice(a, b);
    // A lone `-` in a flow sequence, and a merge key's `<<`, are js-yaml's.
    if (word === '<<' || word === '-') return DECLINE;
    value.push(resolvePlain(word, schema));
    start = stop + 1;
  }
  return { value, next: close + 1 };
}
