/**
 * Whether `a` and `b` are written alike by JSON.stringify, decided without writing them (issue 18: writing every plan
 * of 10,000 tasks to find the equal ones was 8 % of a warm start). True only when it is sure: plain objects with the
 * same keys in the same order, arrays of the same length, equal strings, booleans, null and finite numbers (0 and
 * -0 are both written 0); anything else (NaN, an undefined member, another prototype) is equal only to itself.
 * test/unit/orc/shared-plans.test.ts checks it against JSON.stringify.
 */
export function jsonEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return a === a; // NaN === NaN is false: written null, but not a value a file gives us to share
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth > MAX_DEPTH) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length || !isPlainArray(a) || !isPlainArray(b)) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i], depth + 1)) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlainObject(a) || !isPlainObject(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  for (let i = 0; i < keysA.length; i++) {
    const key = keysA[i]!;
    if (key !== keysB[i]) return false;
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    // An undefined member is left out of the text: equal only when both are (the same key order is then still needed).
    if (x === undefined || y === undefined ? x !== y : !jsonEqual(x, y, depth + 1)) return false;
  }
  return true;
}

/** Plans nest a few levels; a deeper value is simply not shared. */
const MAX_DEPTH = 32;

function isPlainArray(a: readonly unknown[]): boolean {
  return Object.getPrototypeOf(a) === Array.prototype;
}

/** An object JSON.stringify writes as its own keys: prototype Object or none, no toJSON. */
function isPlainObject(o: object): boolean {
  const proto = Object.getPrototypeOf(o) as unknown;
  return (proto === Object.prototype || proto === null) && typeof (o as { toJSON?: unknown }).toJSON !== 'function';
}
