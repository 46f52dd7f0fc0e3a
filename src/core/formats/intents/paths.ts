import path from 'node:path';

/** The intents system's files, all in `.orchestration/` at the workspace folder's root. */
export const ORCHESTRATION_DIR = '.orchestration';
export const INTENTS_FILE = `${ORCHESTRATION_DIR}/active_intents.yaml`;
export const MAP_FILE = `${ORCHESTRATION_DIR}/intent_map.md`;
export const TRACE_FILE = `${ORCHESTRATION_DIR}/agent_trace.jsonl`;

export type IntentsFileKind = 'intents' | 'map' | 'trace';

const KINDS: Record<string, IntentsFileKind> = { [INTENTS_FILE]: 'intents', [MAP_FILE]: 'map', [TRACE_FILE]: 'trace' };

/** Which intents file a workspace-relative path (with `/`) is, if any. */
export function classifyIntentsPath(relPath: string): IntentsFileKind | undefined {
  return KINDS[relPath];
}

export function intentsFilePath(root: string, kind: IntentsFileKind): string {
  const rel = kind === 'intents' ? INTENTS_FILE : kind === 'map' ? MAP_FILE : TRACE_FILE;
  return path.join(root, ...rel.split('/'));
}

/** `file` relative to `root`, with `/` (may start with `..` when outside). */
export function relativePosix(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}
