import { locateOrcProjectDb, type OrcDbLocation, type OrcRegistry } from './locate';
import { orcDbFollower } from './read-db';
import { ORC_DATABASE_ERA_SCHEMA_VERSION } from './schema-version';

/**
 * The database that makes a folder a database-era orc project, or null for a file-era one. A registered project's
 * database is always orc's; the folder's own .orc/orc.db only when its migration ledger says the database era
 * (version 12 on), or, without a ledger, when it holds a tasks table. File-era orc kept an orc.db beside its YAML files
 * too — migrated up to version 11, its tasks table a cache of a few fields, or with comments and search only — and
 * its YAML files stay the truth. (The read is the shared follower's: the index's own read of it right after finds
 * nothing new.)
 */
export async function orcProjectDatabase(root: string, orcHome: string | undefined, registry?: OrcRegistry): Promise<OrcDbLocation | null> {
  const located = await locateOrcProjectDb(root, orcHome, registry);
  if (!located) return null;
  return located.layout === 'registry' || await isDatabaseEra(located.file) ? located : null;
}

async function isDatabaseEra(file: string): Promise<boolean> {
  const read = await orcDbFollower(file).read();
  if (read === 'missing') return false;
  if (read.record?.kind !== 'db') return false;
  const { schemaVersion, hasTasks } = read.record;
  return schemaVersion === null ? hasTasks : schemaVersion >= ORC_DATABASE_ERA_SCHEMA_VERSION;
}
