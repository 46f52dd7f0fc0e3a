import { lutimesSync, readdirSync, utimesSync } from 'node:fs';
import path from 'node:path';

/** Sets every path under `root` (and `root`) an hour back, links themselves included: nothing there is "racy". */
export function ageTree(root: string, minutesAgo = 60): void {
  const when = new Date(Date.now() - minutesAgo * 60_000);
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const file = path.join(root, entry.name);
    if (entry.isSymbolicLink()) lutimesSync(file, when, when);
    else if (entry.isDirectory()) ageTree(file, minutesAgo);
    else utimesSync(file, when, when);
  }
  utimesSync(root, when, when);
}
