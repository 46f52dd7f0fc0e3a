import os from 'node:os';
import path from 'node:path';
import type { SourceContext } from '../core/model/adapter';

/** Where one folder's state lives: the folder, and the home-directory roots under HOME (the user's, by default). */
export function folderContext(root: string, home: string | undefined): SourceContext {
  const base = path.resolve(home ?? os.homedir());
  return { root, ultraworkSessions: path.join(base, '.claude', 'ultrawork', 'sessions'), orangeRoot: path.join(base, 'orange'),
    orcHome: path.join(base, '.orc') };
}
