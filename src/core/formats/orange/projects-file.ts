import os from 'node:os';
import path from 'node:path';
import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import { JsonLocator, loadJsonObject } from '../common/json-file';
import { parseLenient } from '../common/lenient';
import type { OrangeProject, PoolRecord, PoolWorkspace, ProjectsRecord } from './model';
import { poolSchema, projectSchema } from './schemas';

/**
 * projects.json: a list of projects; each entry is checked on its own, so one bad entry hides nothing else. orange
 * reads a file it cannot parse as no projects at all, and a file that is not a list makes its commands fail.
 */
export function parseProjectsFile(file: string, text: string): { record: ProjectsRecord | undefined; diagnostics: Diagnostic[] } {
  if (text.trim() === '') return { record: undefined, diagnostics: [diagnostic('orange', file, 'error', 'projects.json is empty', { line: 1, column: 1 })] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // loadJsonObject positions the syntax error (it refuses the list shape only after parsing succeeds).
    const loaded = loadJsonObject('orange', file, text, 'projects.json');
    return { record: undefined, diagnostics: loaded.ok ? [] : loaded.diagnostics };
  }
  if (!Array.isArray(value)) {
    return { record: undefined, diagnostics: [diagnostic('orange', file, 'error', 'projects.json should hold a list of projects', { line: 1, column: 1 })] };
  }
  const diagnostics: Diagnostic[] = [];
  const projects: OrangeProject[] = [];
  const locator = new JsonLocator(text);
  const at = (p: (string | number)[]) => locator.locate(p);
  const names = new Set<string>();
  value.forEach((entry, i) => {
    const { data, issues } = parseLenient(projectSchema, entry);
    for (const issue of issues) diagnostics.push(diagnostic('orange', file, 'error', `project ${i + 1}: ${issue.message}`, at([i, ...issue.path])));
    if (!data) return;
    if (names.has(data.name)) {
      diagnostics.push(diagnostic('orange', file, 'warning', `project "${data.name}" is listed twice: orange uses the first entry and never this one`, at([i])));
      return;
    }
    names.add(data.name);
    projects.push({ name: data.name, path: data.path, defaultBranch: data.default_branch ?? null, poolSize: data.pool_size ?? null });
  });
  return { record: { kind: 'projects', projects }, diagnostics };
}

/**
 * A project's folder: `~` is the home folder, and `${workspaceFolder}` (used by Baton's demo, never by orange)
 * the workspace folder being read.
 */
export function resolveProjectPath(written: string, workspaceFolder: string): string {
  const expanded = written.replace(/\$\{workspaceFolder\}/g, workspaceFolder).replace(/^~(?=$|[\\/])/, os.homedir());
  return path.resolve(workspaceFolder, expanded);
}

/**
 * workspaces/.pool.json: which worktree (`<project>--<n>`) is bound to which task (`<project>/<branch>`). orange
 * reads a file it cannot parse as an empty pool (and overwrites it on its next bind); one without `workspaces`
 * makes its binding fail.
 */
export function parsePoolFile(file: string, text: string): { record: PoolRecord | undefined; diagnostics: Diagnostic[] } {
  const loaded = loadJsonObject('orange', file, text, '.pool.json');
  if (!loaded.ok) return { record: undefined, diagnostics: loaded.diagnostics };
  const { data, issues } = parseLenient(poolSchema, loaded.value);
  // One locator for the file (it parses on first use): every diagnostic below shares it.
  const locator = new JsonLocator(text);
  const diagnostics = issues.map((issue) => diagnostic('orange', file, 'error', issue.message, locator.locate(issue.path)));
  if (data && data.workspaces == null) {
    diagnostics.push(diagnostic('orange', file, 'error', 'no `workspaces`: orange fails when it binds a workspace to a task', { line: 1, column: 1 }));
  }
  const workspaces: PoolWorkspace[] = Object.entries(data?.workspaces ?? {})
    .map(([name, w]) => ({ name, status: w.status ?? null, task: w.task ?? null }));
  for (const w of workspaces) {
    if (w.status !== null && w.status !== 'bound' && w.status !== 'available') {
      diagnostics.push(diagnostic('orange', file, 'warning', `unknown workspace status "${w.status}": orange hands out only "available" workspaces and counts only "bound" ones, so it never uses this one; shown as written`,
        locator.locate(['workspaces', w.name, 'status'])));
    }
  }
  return { record: { kind: 'pool', workspaces }, diagnostics };
}
