import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Why "Create orc Project" must not write into `root`, or undefined when it may. A folder with orc's database, or with
 * the `.orc/config.yaml` that `orc init` writes (a database-era project, often a clone whose database is on another
 * machine), is a project already: the starter's orc.yaml would be a second config and its task.yaml a file that
 * database-era orc never reads. A folder with only orc.yaml is the file layout: the starter keeps it and adds the
 * first task, as it always has.
 */
export function existingOrcProject(root: string, database: string | null): string | undefined {
  const name = path.basename(root);
  if (database) return `${name} is already an orc project: orc keeps its tasks in ${database}. Use New Task (orc new) to add one.`;
  if (existsSync(path.join(root, '.orc', 'config.yaml'))) {
    return `${name} is already an orc project (.orc/config.yaml): Baton creates a project only where there is none. Run orc in this folder, or use New Task to add a task.`;
  }
  return undefined;
}
