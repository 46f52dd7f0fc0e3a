import path from 'node:path';
import { parseYamlFile } from '../formats/common/yaml-file';
import { readStateText } from '../io/read-text';
import { configSchema, type ConfigFields } from '../formats/orc/schemas';
import type { ExecutorOverrides } from './contract';

/** What the executor takes from orc.yaml (or .orc/config.yaml), with the request's overrides applied. */
export interface ExecutorConfig {
  readonly configFile: string | null;
  /** A bare name is looked up on PATH by spawn; a path with a separator is resolved against the root. */
  readonly claudePath: string;
  readonly model: string | null;
  /** orc.yaml `claude.permission_mode` (default acceptEdits: headless Claude may edit files, other tools ask and are denied). */
  readonly permissionMode: string | null;
  /** orc.yaml's phase timeout; a plan phase's own `timeout` and the overrides win over it. */
  readonly timeoutSeconds: number | null;
  readonly overrideTimeoutSeconds: number | null;
  readonly git: {
    readonly branchPrefix: string;
    readonly checkpointPrefix: string;
    readonly mergeStrategy: string;
    readonly worktrees: boolean;
  };
  readonly gates: Readonly<Record<string, unknown>>;
  readonly promptsDir: string | null;
  readonly testCommand: readonly string[] | null;
  readonly lintCommand: readonly string[] | null;
}

export const DEFAULT_TIMEOUT_SECONDS = 600;

/** Reads the project config; a config that cannot be read at all is a refusal (the message says why). */
export async function loadExecutorConfig(root: string, overrides: ExecutorOverrides = {}): Promise<ExecutorConfig | { error: string }> {
  let configFile: string | null = null;
  let fields: ConfigFields = {};
  for (const name of ['orc.yaml', path.join('.orc', 'config.yaml')]) {
    const file = path.join(root, name);
    const read = await readStateText(file);
    if (!read.ok && read.missing) continue;
    if (!read.ok) return { error: `${name} cannot be read: ${read.reason}` };
    const parsed = parseYamlFile('orc', file, read.text, 'the orc project config', configSchema);
    if (!parsed.fields) return { error: `${name} cannot be read: ${parsed.diagnostics[0]?.message ?? 'invalid YAML'}` };
    configFile = file;
    fields = parsed.fields;
    break;
  }
  const rawPath = overrides.claudePath ?? fields.claude?.path ?? 'claude';
  if (!rawPath.trim()) return { error: 'claude.path is empty' };
  const claudePath = rawPath.includes('/') || rawPath.includes(path.sep) ? path.resolve(root, expandHome(rawPath)) : rawPath;
  const git = fields.git ?? {};
  return {
    configFile,
    claudePath,
    model: overrides.model ?? fields.claude?.model ?? null,
    permissionMode: typeof fields.claude?.permission_mode === 'string' ? fields.claude.permission_mode : 'acceptEdits',
    timeoutSeconds: fields.claude?.timeout ?? null,
    overrideTimeoutSeconds: overrides.timeoutSeconds ?? null,
    git: {
      branchPrefix: git.branch_prefix ?? 'orc/',
      checkpointPrefix: git.checkpoint_prefix ?? '[orc]',
      mergeStrategy: git.merge_strategy ?? 'squash',
      worktrees: git.worktrees ?? false,
    },
    gates: fields.gates ?? {},
    promptsDir: fields.prompts?.directory ? path.resolve(root, fields.prompts.directory) : null,
    testCommand: overrides.testCommand ?? null,
    lintCommand: overrides.lintCommand ?? null,
  };
}

function expandHome(p: string): string {
  return p === '~' || p.startsWith('~/') ? path.join(process.env.HOME ?? '', p.slice(1)) : p;
}

/** `300s`, `5m`, `1h30m`, `300` → seconds; null when unreadable. */
export function parseDurationSeconds(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : null;
  if (typeof value !== 'string' || !value.trim()) return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim());
  let total = 0;
  const re = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
  let consumed = 0;
  for (let m = re.exec(value.trim()); m; m = re.exec(value.trim())) {
    const n = Number(m[1]);
    total += m[2] === 'h' ? n * 3600 : m[2] === 'm' ? n * 60 : m[2] === 's' ? n : n / 1000;
    consumed += m[0].length;
  }
  return consumed === value.trim().length && total > 0 ? total : null;
}
