import { isNonFolderEntry } from '../../io/list-dirs';
import { readdirSync, promises as fs } from 'node:fs';
import path from 'node:path';

/** The intents system's files, all in `.orchestration/` at the workspace folder's root. */
export const ORCHESTRATION_DIR = '.orchestration';
export const INTENTS_FILE = `${ORCHESTRATION_DIR}/active_intents.yaml`;
export const MAP_FILE = `${ORCHESTRATION_DIR}/intent_map.md`;
export const TRACE_FILE = `${ORCHESTRATION_DIR}/agent_trace.jsonl`;

export type IntentsFileKind = 'intents' | 'map' | 'trace';

/**
 * File names by lower case. Forks and hand-made setups write `Intent_map.md`, `INTENT_MAP.md` or
 * `active_intents.yml`; their tools open the names case-insensitively on macOS and Windows, so Baton finds them too.
 */
const KIND_OF_NAME: Record<string, IntentsFileKind> = {
  'active_intents.yaml': 'intents', 'active_intents.yml': 'intents',
  'intent_map.md': 'map',
  'agent_trace.jsonl': 'trace',
};
const CANONICAL: Record<IntentsFileKind, string> = { intents: INTENTS_FILE, map: MAP_FILE, trace: TRACE_FILE };

/** Which intents file a workspace-relative path (with `/`) is, if any. */
export function classifyIntentsPath(relPath: string): IntentsFileKind | undefined {
  if (!relPath.startsWith(`${ORCHESTRATION_DIR}/`)) return undefined;
  const name = relPath.slice(ORCHESTRATION_DIR.length + 1);
  return name.includes('/') ? undefined : KIND_OF_NAME[name.toLowerCase()];
}

/** Where a file of this kind is written when none exists yet: the spec's name. */
export function intentsFilePath(root: string, kind: IntentsFileKind): string {
  return path.join(root, ...CANONICAL[kind].split('/'));
}

/**
 * Of the names in `.orchestration/`, the one file of each kind Baton reads: the spec's name when it is there,
 * otherwise the first case variant in code-unit order (so the choice is the same on every run).
 */
export function chooseIntentsFiles(root: string, names: readonly string[]): Map<IntentsFileKind, string> {
  const chosen = new Map<IntentsFileKind, string>();
  for (const name of [...names].sort()) {
    const kind = KIND_OF_NAME[name.toLowerCase()];
    if (!kind) continue;
    const canonical = CANONICAL[kind].slice(ORCHESTRATION_DIR.length + 1);
    const earlier = chosen.get(kind);
    if (!earlier || (name === canonical && path.basename(earlier) !== canonical)) chosen.set(kind, path.join(root, ORCHESTRATION_DIR, name));
  }
  return chosen;
}

/** The file of this kind as it exists (whatever its case), or the spec's name when there is none. */
export function existingIntentsFile(root: string, kind: IntentsFileKind): string {
  let names: string[] = [];
  try { names = readdirSync(path.join(root, ORCHESTRATION_DIR)); } catch { /* no folder: the spec's name */ }
  return chooseIntentsFiles(root, names).get(kind) ?? intentsFilePath(root, kind);
}

/** The intents files present in `.orchestration/`, one per kind. */
export async function discoverIntentsFiles(root: string): Promise<string[]> {
  let entries;
  try { entries = await fs.readdir(path.join(root, ORCHESTRATION_DIR), { withFileTypes: true }); } catch { return []; }
  return [...chooseIntentsFiles(root, entries.filter(isNonFolderEntry).map((e) => e.name)).values()];
}

/** `file` relative to `root`, with `/` (may start with `..` when outside). */
export function relativePosix(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}
