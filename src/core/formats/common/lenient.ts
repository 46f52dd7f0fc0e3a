import type { z } from 'zod';
import type { YamlPath } from '../../yaml/locate';
import { NOT_PLAIN, plainParse } from './plain-parse';

export interface FieldIssue {
  readonly path: YamlPath;
  readonly message: string;
}

/**
 * Validates `raw` against `schema` without letting one bad field lose the rest: every issue is reported, the
 * offending values are dropped from a copy, and the copy is validated again. The original object is left
 * untouched (callers keep it whole, so unknown and even invalid fields survive a rewrite).
 */
export function parseLenient<S extends z.ZodType>(schema: S, raw: unknown): { data: z.infer<S> | undefined; issues: FieldIssue[] } {
  // Most files plainly fit their schema: read without zod, to the same value (see plain-parse.ts).
  const plain = plainParse(schema, raw);
  if (plain !== NOT_PLAIN) return { data: plain, issues: [] };
  const issues: FieldIssue[] = [];
  // Paths already reported, as one string each: a file with 20,000 bad values must not compare every pair.
  const reported = new Set<string>();
  let candidate = raw;
  for (let attempt = 0; attempt < 8; attempt++) {
    const result = schema.safeParse(candidate);
    if (result.success) return { data: result.data, issues };
    const found = result.error.issues.map((i) => ({ path: i.path.filter(isKey), message: describeIssue(i) }));
    for (const f of found) {
      const key = JSON.stringify(f.path);
      if (!reported.has(key)) { reported.add(key); issues.push(f); }
    }
    if (found.some((f) => f.path.length === 0)) return { data: undefined, issues };
    candidate = withoutPaths(candidate, found.map((f) => f.path));
  }
  return { data: undefined, issues };
}

function isKey(k: PropertyKey): k is string | number {
  return typeof k === 'string' || typeof k === 'number';
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length ? `\`${issue.path.map(String).join('.')}\`` : 'the file';
  if (issue.code === 'invalid_type') {
    return `${where} should be ${article(issue.expected)}`;
  }
  // A union of scalar readings (text that may also be written as a number) failed on its first, main type.
  if (issue.code === 'invalid_union') {
    const first = issue.errors[0]?.[0];
    if (first?.code === 'invalid_type' && first.path.length === 0) return `${where} should be ${article(first.expected)}`;
  }
  return `${where}: ${issue.message}`;
}

function article(expected: string): string {
  if (expected === 'array') return 'a list';
  if (expected === 'object') return 'a mapping';
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

/**
 * A copy of `value` with the values at `paths` removed (list items spliced out, keys deleted). Only the containers
 * on the way to a removed value are copied (shallowly), never the whole tree: a hostile file nested 10,000 levels
 * deep would overflow the stack of a full clone.
 */
function withoutPaths(value: unknown, paths: YamlPath[]): unknown {
  const holder: Record<string, unknown> = { value };
  const copies = new Set<object>();
  /** The child at `key`, replaced in `parent` (itself a copy) by a shallow copy of its own the first time. */
  const own = (parent: Record<string | number, unknown>, key: string | number): unknown => {
    const child = parent[key];
    if (child === null || typeof child !== 'object' || copies.has(child)) return child;
    const copy = Array.isArray(child) ? [...child] : { ...(child as Record<string, unknown>) };
    Object.defineProperty(parent, key, { value: copy, enumerable: true, writable: true, configurable: true });
    copies.add(copy);
    return copy;
  };
  // Remove deeper and later list items first so earlier indices stay valid.
  const sorted = [...paths].sort((a, b) => b.length - a.length || compareLast(b, a));
  for (const path of sorted) {
    let parent = own(holder, 'value');
    for (const seg of path.slice(0, -1)) parent = parent !== null && typeof parent === 'object' ? own(parent as Record<string | number, unknown>, seg) : undefined;
    const last = path[path.length - 1]!;
    if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
    else if (parent && typeof parent === 'object') delete (parent as Record<string, unknown>)[last as string];
  }
  return holder.value;
}

function compareLast(a: YamlPath, b: YamlPath): number {
  const x = a[a.length - 1];
  const y = b[b.length - 1];
  return typeof x === 'number' && typeof y === 'number' ? x - y : 0;
}
