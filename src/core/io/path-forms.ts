import { realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * A folder as given and as the file system resolves it (its links followed), once each. Tools that record where
 * they run write real paths (Ultrawork's `process.cwd()`, orange's git root through `realpathSync`), while VS Code
 * opens a folder by the path it was given: a folder opened through a link (macOS's /tmp, a linked ~/code) is the
 * same folder under both.
 */
export function rootForms(root: string): string[] {
  const forms = [path.resolve(root)];
  try { const real = realpathSync(root); if (real !== forms[0]) forms.push(real); } catch { /* a missing folder has no real path */ }
  return forms;
}
