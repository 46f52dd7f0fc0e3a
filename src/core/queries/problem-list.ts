import { compareDiagnostics, type Diagnostic, type Severity } from '../model/diagnostic';
import { diagnosticJson, displayPath } from '../report/scan-report';
import type { OrchestrationService } from '../service/orchestration-service';
import { DEFAULT_PAGE, pageOf, type Page } from './bounded';

export interface ProblemFilter {
  readonly folders: readonly string[];
  /** A file or folder, relative to the folder (with `/`) or absolute: its problems, or those of the files under it. */
  readonly file?: string;
  readonly severity?: readonly Severity[];
  readonly system?: string;
  readonly offset?: number;
  readonly limit?: number;
}

/** The diagnostics of the folders (file, 1-based line and column, severity, message, system), filtered, one page. */
export function listProblems(service: OrchestrationService, filter: ProblemFilter): Page<Record<string, unknown>> {
  const found: { folder: string; d: Diagnostic }[] = [];
  const wanted = filter.file?.replace(/\\/g, '/').replace(/\/+$/, '');
  for (const folder of filter.folders) {
    // Problems found in the folder's other worktrees and refs (when the places are read) say where they are.
    for (const d of [...service.diagnosticsOf(folder), ...service.places.elsewhere(folder).diagnostics].sort(compareDiagnostics)) {
      if (filter.system !== undefined && d.system !== filter.system) continue;
      if (filter.severity?.length && !filter.severity.includes(d.severity)) continue;
      if (wanted !== undefined && !underPath(folder, d.file, wanted)) continue;
      found.push({ folder, d });
    }
  }
  return pageOf(found, filter.offset ?? 0, filter.limit ?? DEFAULT_PAGE, ({ folder, d }) => ({ folder, ...diagnosticJson(folder, d) }));
}

/** The file is `wanted` or lies under it; `wanted` as shown (relative to the folder, with `/`) or absolute. */
function underPath(folder: string, file: string, wanted: string): boolean {
  const shown = displayPath(folder, file);
  return shown === wanted || shown.startsWith(`${wanted}/`) || file === wanted || file.startsWith(`${wanted}/`);
}
