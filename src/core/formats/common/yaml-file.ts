import type { z } from 'zod';
import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import type { SystemId } from '../../model/system';
import { loadYaml } from '../../yaml/fast-load';
import { YamlLocator } from '../../yaml/locate';
import { parseLenient, type FieldIssue } from './lenient';

/** The outcome of loading one YAML mapping file: its top-level mapping, or nothing and why. */
export type MappingLoad =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly diagnostics: Diagnostic[] };

/** Loads a YAML file whose top level must be a mapping, turning every failure into a diagnostic. */
export function loadYamlMapping(system: SystemId, file: string, text: string, what: string): MappingLoad {
  if (text.trim() === '') {
    return { ok: false, diagnostics: [diagnostic(system, file, 'error', `${what} is empty`, { line: 1, column: 1 })] };
  }
  const loaded = loadYaml(text);
  if (!loaded.ok) return { ok: false, diagnostics: [diagnostic(system, file, 'error', loaded.message, loaded.position)] };
  const value = loaded.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const got = value === null ? 'nothing' : Array.isArray(value) ? 'a list' : `a ${typeof value}`;
    return { ok: false, diagnostics: [diagnostic(system, file, 'error',
      `${what} should be a mapping of fields at its top level, but it holds ${got}`, { line: 1, column: 1 })] };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** Turns field issues into diagnostics positioned at the offending value (the file's one locator). */
export function issueDiagnostics(system: SystemId, file: string, locator: YamlLocator, issues: readonly FieldIssue[],
  severity: 'error' | 'warning' = 'error', prefix = ''): Diagnostic[] {
  return issues.map((issue) => diagnostic(system, file, severity, prefix + issue.message, locator.locate(issue.path)));
}

/**
 * Loads a YAML mapping file and validates it leniently against `schema`: the fields that validate are
 * returned (unknown ones included), every problem becomes a positioned diagnostic.
 */
export function parseYamlFile<S extends z.ZodType>(system: SystemId, file: string, text: string, what: string, schema: S):
  { fields: z.infer<S> | undefined; raw: Record<string, unknown> | undefined; diagnostics: Diagnostic[]; locator: YamlLocator } {
  // Parses only when a diagnostic asks for a position; the caller's own diagnostics of this file share it.
  const locator = new YamlLocator(text);
  const loaded = loadYamlMapping(system, file, text, what);
  if (!loaded.ok) return { fields: undefined, raw: undefined, diagnostics: loaded.diagnostics, locator };
  const { data, issues } = parseLenient(schema, loaded.value);
  return { fields: data, raw: loaded.value, diagnostics: issueDiagnostics(system, file, locator, issues), locator };
}
