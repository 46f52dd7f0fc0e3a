import crypto from 'node:crypto';
import { existsSync, promises as fs, realpathSync } from 'node:fs';
import path from 'node:path';
import { readStateText } from '../../io/read-text';
import { loadYaml, type YamlPosition } from '../../yaml/fast-load';

/**
 * Where orc keeps a project's database (orc a48c6caf, internal/project and internal/db OpenProject):
 * - a project listed in the registry `~/.orc/projects.yaml` has `~/.orc/projects/<id>/orc.db`, `<id>` being the
 *   registry entry's id (orc makes it the first 8 hex characters of sha256 of the project's absolute path with
 *   symlinks resolved, and matches entries by that resolved path);
 * - an unregistered project keeps `<project>/.orc/orc.db` (orc moves it to the registry's place the first time it
 *   opens the project once registered, so a registered project whose database was not moved yet still has it there);
 * - the global database `~/.orc/orc.db` holds the project list, the cost log and the shared workflow definitions.
 * `~` is the orc home given by the context (the CLI's --home moves it).
 */

export const ORC_REGISTRY_FILE = 'projects.yaml';

/** The id orc gives a project: sha256 of its resolved absolute path, first 8 hex characters. */
export function orcProjectId(projectPath: string): string {
  return crypto.createHash('sha256').update(resolvedPath(projectPath)).digest('hex').slice(0, 8);
}

/** The absolute path with symlinks resolved, as orc compares project paths (the path as given when it cannot be). */
export function resolvedPath(p: string): string {
  const abs = path.resolve(p);
  try {
    return realpathSync(abs);
  } catch {
    return abs;
  }
}

export function orcRegistryPath(orcHome: string): string {
  return path.join(orcHome, ORC_REGISTRY_FILE);
}

export function orcGlobalDbPath(orcHome: string): string {
  return path.join(orcHome, 'orc.db');
}

export function registryDbPath(orcHome: string, projectId: string): string {
  return path.join(orcHome, 'projects', projectId, 'orc.db');
}

export function inRepoDbPath(root: string): string {
  return path.join(root, '.orc', 'orc.db');
}

export interface RegistryEntry {
  readonly id: string;
  readonly name: string | null;
  readonly path: string;
}

export interface OrcRegistry {
  readonly file: string;
  readonly entries: readonly RegistryEntry[];
  /** Why the registry could not be read (the file exists but is not orc's shape); null when it was fine or absent. */
  readonly problem: { readonly message: string; readonly position: YamlPosition | null } | null;
}

/** `~/.orc/projects.yaml` (`projects: [{id, name, path, created_at}]`); an absent file is an empty registry. */
export async function readOrcRegistry(orcHome: string): Promise<OrcRegistry> {
  const file = orcRegistryPath(orcHome);
  const read = await readStateText(file);
  if (!read.ok && read.missing) return { file, entries: [], problem: null };
  // A registry that is a FIFO, a device or too large is named as a problem, never read.
  if (!read.ok) return { file, entries: [], problem: { message: `${path.basename(file)}: ${read.reason}`, position: null } };
  const text = read.text;
  if (!text.trim()) return { file, entries: [], problem: null };
  // orc reads the registry into Go string fields: an unquoted id that looks like a number (12345678, 1e234567,
  // 00012345 — a few in a hundred sha256 prefixes) is still that text, never a number.
  const loaded = loadYaml(text, { scalarsAsText: true });
  if (!loaded.ok) return { file, entries: [], problem: { message: `orc's project registry could not be read: ${loaded.message}`, position: loaded.position } };
  const projects = (loaded.value as { projects?: unknown } | null)?.projects;
  // Scalars are text here: an empty `projects:` is '' (or a written-out null).
  if (projects === undefined || projects === null || (typeof projects === 'string' && /^(|~|null|Null|NULL)$/.test(projects))) return { file, entries: [], problem: null };
  if (!Array.isArray(projects)) return { file, entries: [], problem: { message: "orc's project registry: `projects` is not a list", position: null } };
  const entries: RegistryEntry[] = [];
  for (const p of projects as unknown[]) {
    const entry = p as { id?: unknown; name?: unknown; path?: unknown } | null;
    if (typeof entry?.path !== 'string' || !entry.path) continue;
    const id = typeof entry.id === 'string' ? entry.id : '';
    entries.push({ id, name: typeof entry.name === 'string' ? entry.name : null, path: entry.path });
  }
  return { file, entries, problem: null };
}

/** The registry entry of a project folder, matched as orc matches it (both paths resolved). */
export function registryEntryFor(registry: OrcRegistry, root: string): RegistryEntry | undefined {
  const wanted = resolvedPath(root);
  return registry.entries.find((e) => e.path === root || resolvedPath(e.path) === wanted);
}

export interface OrcDbLocation {
  /** The database file (it exists when located). */
  readonly file: string;
  /** `registry`: under ~/.orc/projects/<id>/; `in-repo`: the folder's own .orc/orc.db. */
  readonly layout: 'registry' | 'in-repo';
  /** The registry id, when the folder is registered. */
  readonly projectId: string | null;
}

/** Every place a folder's database may be, the one orc uses first: what to watch, and what `accepts` knows. */
export function orcDbCandidates(root: string, orcHome: string | undefined, registryId?: string | null): string[] {
  const out: string[] = [];
  if (orcHome) out.push(registryDbPath(orcHome, registryId || orcProjectId(root)));
  out.push(inRepoDbPath(root));
  return out;
}

/**
 * The project database of a workspace folder, or null when it has none (a file-era project, or no orc at all).
 * A registered project's database in ~/.orc/projects/<id>/ wins; else the folder's .orc/orc.db.
 */
export async function locateOrcProjectDb(root: string, orcHome: string | undefined,
  registry?: OrcRegistry): Promise<OrcDbLocation | null> {
  const entry = orcHome ? registryEntryFor(registry ?? await readOrcRegistry(orcHome), root) : undefined;
  const projectId = entry ? entry.id || orcProjectId(root) : null;
  if (orcHome && projectId) {
    const file = registryDbPath(orcHome, projectId);
    if (await isFile(file)) return { file, layout: 'registry', projectId };
  }
  const local = inRepoDbPath(root);
  if (await isFile(local)) return { file: local, layout: 'in-repo', projectId };
  return null;
}

/** The global database, when there is one. */
export function locateOrcGlobalDb(orcHome: string | undefined): string | null {
  if (!orcHome) return null;
  const file = orcGlobalDbPath(orcHome);
  return existsSync(file) ? file : null;
}

async function isFile(file: string): Promise<boolean> {
  return (await fs.stat(file).catch(() => undefined))?.isFile() ?? false;
}
