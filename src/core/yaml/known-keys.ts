import { DECLINE, resolvePlain, type Read, type ScalarSchema } from './machine-scalars';

/**
 * The plain mapping keys the machine-YAML reader has met, remembered across files: a program's files use the same
 * few dozen keys over and over. A key found here is recognised in place (`startsWith`, then its colon), before any
 * search for the colon, and its remembered string is used: V8's interned one (or its alias), so the object needs no
 * string-table lookup for it. Cutting each key out of the text, resolving it and interning it was about half of the reader's time
 * in a cold scan of 10,000 orc tasks.
 *
 * Only keys that are their own text under both schemas are kept (not `1.0:`, which the core schema reads as the key
 * "1"): a key found here is then exactly what reading it afresh would give, in either schema.
 */
const SLOTS = 1024;
/** How many keys that start alike one slot holds (`current_phase`, `current_iteration`); more replace the last. */
const PER_SLOT = 4;
/** Longer keys are not remembered: what the slots hold stays small whatever the files (at most 4,096 keys of 64). */
const MAX_LENGTH = 64;
const slots: string[][] = Array.from({ length: SLOTS }, () => []);

/** Keys are found by their first four characters (fewer: the colon and what follows count, the same every time). */
function slotOf(text: string, at: number): number {
  return (text.charCodeAt(at) * 29791 + text.charCodeAt(at + 1) * 961 + text.charCodeAt(at + 2) * 31 + text.charCodeAt(at + 3)) & (SLOTS - 1);
}

/**
 * A remembered key at `at`, followed by `:` and then a space or the line's end (`lineEnd`): the key the reader's own
 * search would find there (a remembered key holds no `: ` and passed the reader's checks when it was first read).
 */
export function knownKeyAt(text: string, at: number, lineEnd: number): string | undefined {
  for (const key of slots[slotOf(text, at)]!) {
    const colon = at + key.length;
    if (colon < lineEnd && text.charCodeAt(colon) === 0x3a && (colon + 1 === lineEnd || text.charCodeAt(colon + 1) === 0x20)
      && text.startsWith(key, at)) return key;
  }
  return undefined;
}

/** The key whose text is text[at, colon) (already checked by the reader), remembered when it is its own text. */
export function plainKey(text: string, at: number, colon: number, schema: ScalarSchema): Read<string> {
  const raw = text.slice(at, colon);
  if (raw === '<<') return DECLINE;
  const value = resolvePlain(raw, schema);
  if (schema === 'core' && value === raw && raw.length <= MAX_LENGTH) {
    const slot = slots[slotOf(text, at)]!;
    // JSON.parse gives a flat copy (interned when short; a longer one becomes the interned key's thin alias when first
    // used as a key): a slot never holds a slice that keeps a file's text alive.
    const key = JSON.parse(JSON.stringify(raw)) as string;
    if (slot.length < PER_SLOT) slot.push(key); else slot[PER_SLOT - 1] = key;
  }
  return String(value);
}
