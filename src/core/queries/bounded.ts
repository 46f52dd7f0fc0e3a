/**
 * Bounds on what one answer may hold. An MCP tool result carries its JSON twice (as text and as structured content),
 * and a client puts all of it into a model's context: each copy stays under RESULT_BUDGET characters, so a result
 * stays under ~100 KB whatever the workspace holds.
 */
export const RESULT_BUDGET = 45_000;
/** A page's rows: the bound less room for the page's own fields (total, offsets, `more`, a folder name). */
const PAGE_BUDGET = RESULT_BUDGET - 2_000;
export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 500;

export interface Page<T> {
  readonly total: number;
  readonly offset: number;
  /** Where the next page starts, or null when this page reaches the end. */
  readonly nextOffset: number | null;
  readonly items: T[];
  /** Set when the page stopped early to stay within the size bound (before `limit` rows). */
  readonly more?: string;
}

/**
 * `limit` rows from `offset`, fewer when their JSON would pass `budget` characters (always at least one row, itself
 * bounded by `clampJson`). `nextOffset` says where to go on. `toRow` turns only the rows of the page into their JSON
 * shape (a listing of 10,000 items builds 50 rows, not 10,000).
 */
export function pageOf<S, T = S>(all: readonly S[], offset = 0, limit = DEFAULT_PAGE, toRow: (source: S) => T = (s) => s as unknown as T,
  budget = PAGE_BUDGET): Page<T> {
  const start = Math.min(Math.max(0, offset), all.length);
  const items: T[] = [];
  let size = 0;
  let stoppedEarly = false;
  for (let i = start; i < all.length && items.length < limit; i++) {
    const row = items.length ? toRow(all[i]!) : clampJson(toRow(all[i]!), budget);
    const cost = JSON.stringify(row).length + 1;
    if (items.length && size + cost > budget) { stoppedEarly = true; break; }
    items.push(row);
    size += cost;
  }
  const end = start + items.length;
  const nextOffset = end < all.length ? end : null;
  return { total: all.length, offset: start, nextOffset, items,
    ...(stoppedEarly ? { more: `stopped at ${items.length} rows to stay within the size bound; ask again with offset ${end}` } : {}) };
}

const STRING_LIMITS = [4_000, 1_000, 200];
const LIST_LIMITS = [200, 50, 10];

/**
 * The value itself when its JSON fits `budget`; else a copy with long strings cut and long lists shortened (each
 * cut says so in place: "… (12,345 more characters)", a last element "… 340 more"), tighter until it fits.
 */
export function clampJson<T>(value: T, budget = RESULT_BUDGET): T {
  if (JSON.stringify(value).length <= budget) return value;
  let clamped: unknown = value;
  for (let n = 0; n < STRING_LIMITS.length; n++) {
    clamped = clampValue(value, STRING_LIMITS[n]!, LIST_LIMITS[n]!, 0);
    if (JSON.stringify(clamped).length <= budget) break;
  }
  return clamped as T;
}

function clampValue(value: unknown, maxString: number, maxList: number, depth: number): unknown {
  if (typeof value === 'string') {
    return value.length > maxString ? `${value.slice(0, maxString)}… (${(value.length - maxString).toLocaleString('en-US')} more characters)` : value;
  }
  if (Array.isArray(value)) {
    const kept = value.slice(0, maxList).map((v) => clampValue(v, maxString, maxList, depth + 1));
    return value.length > maxList ? [...kept, `… ${value.length - maxList} more`] : kept;
  }
  if (value && typeof value === 'object') {
    if (depth > 12) return '… (nested too deep)';
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clampValue(v, maxString, maxList, depth + 1)]));
  }
  return value;
}
