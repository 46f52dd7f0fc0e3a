import type { SystemId } from './system';
import type { ElsewhereMark } from './items';

export type Severity = 'error' | 'warning' | 'info';

/**
 * A problem found in a file Baton read. `file` is absolute; `line` and `column` are 1-based and null when the
 * problem is not tied to a place in the file (a missing file, binary content).
 */
export interface Diagnostic extends ElsewhereMark {
  readonly system: SystemId;
  readonly file: string;
  readonly line: number | null;
  readonly column: number | null;
  readonly severity: Severity;
  readonly message: string;
}

export function diagnostic(system: SystemId, file: string, severity: Severity, message: string,
  position?: { line: number; column: number } | null): Diagnostic {
  return { system, file, severity, message, line: position?.line ?? null, column: position?.column ?? null };
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Stable order for output: by file, then line, then column. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)
    || a.message.localeCompare(b.message);
}
