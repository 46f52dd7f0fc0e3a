import path from 'node:path';
import type { WorkItemBase } from '../../model/items';

/**
 * An orc project folder with nothing to show in the Tasks view: a project config (`orc.yaml` or `.orc/config.yaml`)
 * or a database, and no task. The common case is orc's database era seen from another machine: `orc init` commits
 * `.orc/config.yaml` and keeps the tasks in `~/.orc/projects/<id>/orc.db`, so a teammate's clone has the config and
 * no database until orc runs there (orc a48c6caf: internal/bootstrap/init.go, internal/db/project.go OpenProject).
 * Such a folder is an orc project, not a folder without orchestrator state: the views and the CLI say where orc
 * keeps its tasks and why none were found, and Baton does not offer to create a second project over it.
 */
export interface OrcWithoutTasks {
  readonly root: string;
  /** The project config found (absolute), or null when only a database was. */
  readonly config: string | null;
  /** The project database read (absolute), or null when none was found. */
  readonly database: string | null;
  /** Why no task shows, as one plain sentence naming where Baton looked (paths absolute). */
  readonly reason: string;
}

/** One orc record as the service lists them (OrchestrationService.records('orc')). */
export interface OrcRecordOf {
  readonly root: string;
  readonly file: string;
  readonly record: unknown;
}

/**
 * The folders among `folders` that hold an orc project and no orc task. `records` is asked only for a folder with no
 * task: a folder of 10,000 tasks beside a folder without orc costs nothing on each change.
 */
export function orcFoldersWithoutTasks(folders: readonly string[], items: readonly Pick<WorkItemBase, 'system' | 'kind' | 'root'>[], records: (root: string) => readonly OrcRecordOf[],
  orcHomeOf: (root: string) => string | undefined): OrcWithoutTasks[] {
  const withTasks = new Set<string>();
  for (const item of items) if (item.system === 'orc' && item.kind === 'task') withTasks.add(item.root);
  const found = new Map<string, { config: string | null; database: string | null }>();
  const candidates = folders.filter((root) => !withTasks.has(root));
  for (const { root, file, record } of candidates.flatMap((r) => records(r))) {
    const kind = (record as { kind?: unknown } | null)?.kind;
    if (kind !== 'config' && kind !== 'db') continue;
    const seen = found.get(root) ?? { config: null, database: null };
    // orc.yaml before .orc/config.yaml, as the adapter lists them: the first one found names the project.
    if (kind === 'config') seen.config ??= file;
    else seen.database = file;
    found.set(root, seen);
  }
  return candidates.flatMap((root) => {
    const seen = found.get(root);
    return seen ? [{ root, ...seen, reason: whyNoTasks(seen.database, orcHomeOf(root)) }] : [];
  });
}

/**
 * Said from what the scan read and from the folder's context only, never from the registry's content: `baton scan`'s
 * saved output is replayed while the files it read and its discovery's answers hold (scan-snapshot.ts), and the
 * registry is neither (a clone registered later, its database not made yet, reads the same).
 */
function whyNoTasks(database: string | null, orcHome: string | undefined): string {
  if (database) return `its database (${database}) has no tasks yet.`;
  const none = 'there is no .orc/tasks/ folder (orc\'s file layout) and no database';
  if (!orcHome) return `${none} (.orc/orc.db).`;
  return `${none}: orc keeps the tasks of a project its registry (${path.join(orcHome, 'projects.yaml')}) lists in `
    + `${path.join(orcHome, 'projects', '<id>', 'orc.db')}, of another in .orc/orc.db, and a clone has neither until orc `
    + 'runs in it (`orc projects add` registers the folder).';
}
