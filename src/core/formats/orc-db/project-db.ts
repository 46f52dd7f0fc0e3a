import { locateOrcProjectDb, type OrcDbLocation, type OrcRegistry } from './locate';
import { orcDbFollower } from './read-db';

/**
 * The database that makes a folder a database-era orc project, or null for a file-era one. A registered project's
 * database is always orc's; the folder's own .orc/orc.db only when it holds orc's tasks table or migration ledger:
 * file-era orc kept an orc.db beside its YAML files too, for comments and search only. (The read is the shared
 * follower's: the index's own read of it right after finds nothing new.)
 */
export async function orcProjectDatabase(root: string, orcHome: string | undefined, registry?: OrcRegistry): Promise<OrcDbLocation | null> {
  const located = await locateOrcProjectDb(root, orcHome, registry);
  if (!located) return null;
  return located.layout === 'registry' || await isDatabaseEra(located.file) ? located : null;
}

async function isDatabaseEra(file: string): Promise<boolean> {
  const read = await orcDbFollower(file).read();
  if (read === 'missing') return false;
  return read.record?.kind === 'db' && (read.record.hasTasks || read.record.schemaVersion !== null);
}
