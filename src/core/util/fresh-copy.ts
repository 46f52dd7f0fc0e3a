/**
 * JSON.parse(JSON.stringify(value)) for the records the index keeps, at about a third of its cost (issue 18: the
 * round trip of every record was a tenth of a cold scan of 10,000 orc tasks).
 *
 * Why a copy at all: strings a parser cut out of a file's text are V8 slices that keep the whole text alive, and the
 * index holds its records for the life of the window. The round trip also shares short strings: V8's JSON.parse
 * interns values of up to 25 characters, so the thousands of equal statuses, ids and timestamps are one string each.
 * This copy does both: strings of up to 25 characters through `strings` (one per text, for one scan), longer ones as
 * flat copies of their own (each through the round trip alone; a short one once per text); objects and arrays new, in the same key order.
 *
 * It gives the round trip's value (undefined members dropped, undefined in a list, NaN and Infinity as null, -0 as 0)
 * for plain objects, arrays, strings, numbers, booleans and null; anything else in a record (another prototype, an
 * own `__proto__` key, a bigint, a value nested deeper than MAX_DEPTH) makes it do the round trip itself.
 * test/unit/service/fresh-copy.test.ts compares the two.
 */
export function freshJsonCopy<T>(value: T, strings?: Map<string, string>): T {
  if (value === undefined) return value;
  try {
    return copy(value, strings, 0) as T;
  } catch (err) {
    if (err !== ROUND_TRIP) throw err;
    return JSON.parse(JSON.stringify(value)) as T;
  }
}

/** Thrown through a copy that meets something only the JSON round trip gives the answer for. */
const ROUND_TRIP = Symbol('round trip');
/** Records nest a few levels; deeper values (a hostile file) go through the round trip, not down the stack. */
const MAX_DEPTH = 64;
/** V8's JSON.parse interns string values up to this length (kMaxInternalizedStringValueLength). */
const SHARED_LENGTH = 25;
/** V8 copies a substring shorter than this (SlicedString::kMinLength) instead of slicing: already its own. */
const SLICE_MIN_LENGTH = 13;

function copy(value: unknown, strings: Map<string, string> | undefined, depth: number): unknown {
  switch (typeof value) {
    case 'string': return freshString(value, strings);
    case 'number': return Number.isFinite(value) ? value + 0 : null; // -0 + 0 is 0, as JSON writes it
    case 'boolean': return value;
    case 'object': break;
    default: throw ROUND_TRIP; // undefined as a member is dropped by the callers below; bigint, function, symbol
  }
  if (value === null) return null;
  if (depth >= MAX_DEPTH) throw ROUND_TRIP;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) throw ROUND_TRIP;
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      out[i] = v === undefined ? null : copy(v, strings, depth + 1);
    }
    return out;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  // Another prototype may bring toJSON (a Date) or enumerable members; an own __proto__ would become the prototype.
  const record = value as Record<string, unknown>;
  if (proto !== Object.prototype && proto !== null || Object.prototype.hasOwnProperty.call(record, '__proto__')
    || typeof record.toJSON === 'function') throw ROUND_TRIP;
  const out: Record<string, unknown> = {};
  for (const key in record) {
    const v = record[key];
    if (v !== undefined) out[key] = copy(v, strings, depth + 1);
  }
  return out;
}

function freshString(s: string, strings: Map<string, string> | undefined): string {
  if (s.length > SHARED_LENGTH) return flat(s);
  if (!strings) return s.length < SLICE_MIN_LENGTH ? s : flat(s);
  let shared = strings.get(s);
  if (shared === undefined) strings.set(shared = s.length < SLICE_MIN_LENGTH ? s : flat(s), shared);
  return shared;
}

/** A string of its own, holding no other alive: what the round trip gives for it (a slice of a copy would be bigger). */
function flat(s: string): string {
  return JSON.parse(JSON.stringify(s)) as string;
}
