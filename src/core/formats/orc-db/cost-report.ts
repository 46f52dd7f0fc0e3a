import path from 'node:path';
import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import { costProjectIds, projectCosts, taskCosts, type ProjectCosts, type TaskCosts } from './costs';
import { orcGlobalDb } from './global-db';
import { locateOrcGlobalDb, readOrcRegistry, registryEntryFor, resolvedPath } from './locate';

export interface CostContext {
  /** The workspace folder (the project). */
  readonly root: string;
  /** orc's home (its global database is `<orcHome>/orc.db`). */
  readonly orcHome: string | undefined;
}

/**
 * The project_id values of cost_log that are this folder: orc writes the project root it resolved — the folder as
 * given (orc run from it), its registry entry's path, or the same folder through a symbolic link — so every value
 * in the ledger whose resolved path is the folder's counts.
 */
async function projectIdsOf(ctx: CostContext, known: readonly string[]): Promise<string[]> {
  const own = resolvedPath(ctx.root);
  const ids = new Set([ctx.root, own]);
  if (ctx.orcHome) {
    const entry = registryEntryFor(await readOrcRegistry(ctx.orcHome), ctx.root);
    if (entry) ids.add(entry.path);
  }
  for (const id of known) if (!ids.has(id) && path.isAbsolute(id) && resolvedPath(id) === own) ids.add(id);
  return [...ids];
}

export interface CostReport {
  /** The global database read, or null when there is none. */
  readonly database: string | null;
  readonly costs: ProjectCosts | null;
  readonly diagnostics: readonly Diagnostic[];
}

/** This folder's spending from orc's global cost ledger: the last `days` days per model, tasks, initiatives, phases. */
export async function readProjectCosts(ctx: CostContext, now = new Date(), days = 30): Promise<CostReport> {
  const file = locateOrcGlobalDb(ctx.orcHome);
  if (!file) return { database: null, costs: null, diagnostics: [] };
  try {
    const known = await orcGlobalDb(file).query((src) => costProjectIds(src));
    if (!known) return { database: null, costs: null, diagnostics: [] };
    const ids = await projectIdsOf(ctx, known.value);
    const read = await orcGlobalDb(file).query((src) => projectCosts(src, ids, now, days));
    return { database: file, costs: read?.value ?? null, diagnostics: [] };
  } catch (err) {
    return { database: file, costs: null, diagnostics: [diagnostic('orc', file, 'warning', `orc's cost ledger could not be read: ${(err as Error).message}`)] };
  }
}

/** One task's spending per phase and model (null when the ledger has nothing for it, or there is no ledger). */
export async function readTaskCosts(ctx: CostContext, taskId: string): Promise<{ costs: TaskCosts | null; diagnostics: Diagnostic[] }> {
  const file = locateOrcGlobalDb(ctx.orcHome);
  if (!file) return { costs: null, diagnostics: [] };
  try {
    const known = await orcGlobalDb(file).query((src) => costProjectIds(src));
    if (!known) return { costs: null, diagnostics: [] };
    const ids = await projectIdsOf(ctx, known.value);
    return { costs: (await orcGlobalDb(file).query((src) => taskCosts(src, ids, taskId)))?.value ?? null, diagnostics: [] };
  } catch (err) {
    return { costs: null, diagnostics: [diagnostic('orc', file, 'warning', `orc's cost ledger could not be read: ${(err as Error).message}`)] };
  }
}
