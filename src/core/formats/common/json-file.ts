import { parse as parseJsonc, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { z } from 'zod';
import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import { jsonShapeProblem } from '../../util/json-shape';
import type { SystemId } from '../../model/system';
import type { YamlPath } from '../../yaml/locate';
import type { EnumCheck } from './enum-check';
import { parseLenient, type FieldIssue } from './lenient';

export interface Position {
  readonly line: number;
  readonly column: number;
}

/** 1-based line and column of a character offset (one scan of the text: for one position, not many). */
export function positionAt(text: string, offset: number): Position {
  return new LineIndex(text).positionAt(offset);
}

/** Where each line starts, found once, so that every position after is a binary search. */
class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  positionAt(offset: number): Position {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid; else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1 };
  }
}

/**
 * Finds where a value sits in JSON source, for diagnostics: the deepest node of `path` that exists, or line 1.
 * Built once per file and shared by all of its diagnostics: the tree, the line starts and each object's key index
 * are made on first use, so 10,000 diagnostics in a 320 KB file cost one parse, not 10,000 (which took minutes).
 */
export class JsonLocator {
  private root: Node | undefined | null = null;
  private lines: LineIndex | undefined;
  private readonly keys = new Map<Node, Map<string, Node>>();

  constructor(private readonly text: string) {}

  locate(path: YamlPath): Position {
    if (this.root === null) this.root = withinStack(() => parseTree(this.text), undefined);
    let node = this.root;
    if (!node) return { line: 1, column: 1 };
    for (const segment of path) {
      const child = this.child(node, segment);
      if (!child) break;
      node = child;
    }
    return (this.lines ??= new LineIndex(this.text)).positionAt(node.offset);
  }

  /** The value node at `segment` of an object (through a key index built once per object) or an array. */
  private child(node: Node, segment: string | number): Node | undefined {
    if (node.type === 'array') return typeof segment === 'number' ? node.children?.[segment] : undefined;
    if (node.type !== 'object' || typeof segment !== 'string') return undefined;
    let index = this.keys.get(node);
    if (!index) {
      index = new Map();
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        // The first of repeated keys, as findNodeAtLocation finds it.
        if (key && value && !index.has(String(key.value))) index.set(String(key.value), value);
      }
      this.keys.set(node, index);
    }
    return index.get(segment);
  }
}

/**
 * jsonc-parser descends recursively: a hostile file nested thousands of levels deep overflows the stack. Then the
 * position is given up (line 1, or JSON.parse's own message), never the diagnostic.
 */
function withinStack<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof RangeError) return fallback;
    throw err;
  }
}

export type JsonObjectLoad =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly diagnostics: Diagnostic[] };

/**
 * Loads a JSON file whose top level must be an object. JSON.parse decides what is valid (strict JSON, as the
 * orchestrators' own readers use); only when it refuses is jsonc-parser asked where the problem is.
 */
export function loadJsonObject(system: SystemId, file: string, text: string, what: string): JsonObjectLoad {
  if (text.trim() === '') return { ok: false, diagnostics: [diagnostic(system, file, 'error', `${what} is empty`, { line: 1, column: 1 })] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const errors: ParseError[] = [];
    withinStack(() => parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false }), undefined);
    const first = errors[0];
    const message = first ? printParseErrorCode(first.error).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase() : (err as Error).message;
    return { ok: false, diagnostics: [diagnostic(system, file, 'error', `invalid JSON: ${message}`,
      first ? positionAt(text, first.offset) : { line: 1, column: 1 })] };
  }
  const shape = jsonShapeProblem(value);
  if (shape) return { ok: false, diagnostics: [diagnostic(system, file, 'error', `${what} cannot be read: ${shape}`, { line: 1, column: 1 })] };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const got = value === null ? 'null' : Array.isArray(value) ? 'a list' : `a ${typeof value}`;
    return { ok: false, diagnostics: [diagnostic(system, file, 'error',
      `${what} should be an object of fields at its top level, but it holds ${got}`, { line: 1, column: 1 })] };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/**
 * Loads a JSON object file and validates it leniently against `schema`: the fields that validate are returned
 * (unknown ones included), every problem becomes a diagnostic positioned at the offending value.
 */
export function parseJsonFile<S extends z.ZodType>(system: SystemId, file: string, text: string, what: string, schema: S):
  { fields: z.infer<S> | undefined; raw: Record<string, unknown> | undefined; diagnostics: Diagnostic[]; locator: JsonLocator } {
  const locator = new JsonLocator(text);
  const loaded = loadJsonObject(system, file, text, what);
  if (!loaded.ok) return { fields: undefined, raw: undefined, diagnostics: loaded.diagnostics, locator };
  const { data, issues } = parseLenient(schema, loaded.value);
  return { fields: data, raw: loaded.value, diagnostics: jsonIssueDiagnostics(system, file, locator, issues), locator };
}

export function jsonIssueDiagnostics(system: SystemId, file: string, locator: JsonLocator, issues: readonly FieldIssue[]): Diagnostic[] {
  return issues.map((issue) => diagnostic(system, file, 'error', issue.message, locator.locate(issue.path)));
}

/** Values outside a known set are kept as written and reported as warnings at the value (JSON files). */
export function unknownJsonValueWarnings(system: SystemId, file: string, locator: JsonLocator, checks: readonly EnumCheck[]): Diagnostic[] {
  const bad = checks.filter((c) => c.value != null && !c.known.includes(c.value));
  return bad.map((c) => diagnostic(system, file, 'warning',
    `unknown ${c.what} "${c.value}" (known: ${c.known.join(', ')}); shown as written`, locator.locate(c.path)));
}
