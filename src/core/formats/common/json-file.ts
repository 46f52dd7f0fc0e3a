import { findNodeAtLocation, parse as parseJsonc, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
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

/** 1-based line and column of a character offset. */
export function positionAt(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) { line++; lineStart = i + 1; }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Finds where a value sits in JSON source, for diagnostics: the deepest node of `path` that exists, or line 1.
 * The tree is built only when a file has something to report.
 */
export class JsonLocator {
  private readonly root: Node | undefined;

  constructor(private readonly text: string) {
    this.root = withinStack(() => parseTree(text), undefined);
  }

  locate(path: YamlPath): Position {
    if (!this.root) return { line: 1, column: 1 };
    for (let n = path.length; n >= 0; n--) {
      const node = findNodeAtLocation(this.root, [...path.slice(0, n)]);
      if (node) return positionAt(this.text, node.offset);
    }
    return { line: 1, column: 1 };
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
  { fields: z.infer<S> | undefined; raw: Record<string, unknown> | undefined; diagnostics: Diagnostic[] } {
  const loaded = loadJsonObject(system, file, text, what);
  if (!loaded.ok) return { fields: undefined, raw: undefined, diagnostics: loaded.diagnostics };
  const { data, issues } = parseLenient(schema, loaded.value);
  return { fields: data, raw: loaded.value, diagnostics: jsonIssueDiagnostics(system, file, text, issues) };
}

export function jsonIssueDiagnostics(system: SystemId, file: string, text: string, issues: readonly FieldIssue[]): Diagnostic[] {
  if (!issues.length) return [];
  const locator = new JsonLocator(text);
  return issues.map((issue) => diagnostic(system, file, 'error', issue.message, locator.locate(issue.path)));
}

/** Values outside a known set are kept as written and reported as warnings at the value (JSON files). */
export function unknownJsonValueWarnings(system: SystemId, file: string, text: string, checks: readonly EnumCheck[]): Diagnostic[] {
  const bad = checks.filter((c) => c.value != null && !c.known.includes(c.value));
  if (!bad.length) return [];
  const locator = new JsonLocator(text);
  return bad.map((c) => diagnostic(system, file, 'warning',
    `unknown ${c.what} "${c.value}" (known: ${c.known.join(', ')}); shown as written`, locator.locate(c.path)));
}
