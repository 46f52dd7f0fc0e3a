import path from 'node:path';
import { parseYamlFile } from '../formats/common/yaml-file';
import { readStateText } from '../io/read-text';
import { configSchema, type ConfigFields } from '../formats/orc/schemas';
import type { ExecutorOverrides, RepositoryPrivileges } from './contract';
import { checkFlagValue, checkPermissionMode, MODEL_NAME, WIDENING_PERMISSION_MODES } from './flag-safe';

/** What the executor takes from orc.yaml (or .orc/config.yaml), with the request's overrides applied. */
export interface ExecutorConfig {
  readonly configFile: string | null;
  /**
   * The person's choice (the editor's setting, `--claude`, `BATON_CLAUDE`), else the repository's `claude.path` when
   * the person allowed it, else `claude`. A bare name is looked up on PATH; a path with a separator is resolved
   * against the root.
   */
  readonly claudePath: string;
  /** Where claudePath came from, for messages ("your settings", "orc.yaml claude.path", "PATH"). */
  readonly claudeSource: string;
  /** What the repository asked for and did not get (the person did not allow it): one line each, for the run's output. */
  readonly ignored: readonly string[];
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

/**
 * Asks whoever started the run whether the repository may choose the Claude program or widen its permissions;
 * absent, the answer is no.
 */
export type AllowRepositoryClaude = (asked: RepositoryPrivileges) => Promise<boolean>;

/**
 * Reads the project config; a config that cannot be read at all is a refusal (the message says why). A repository
 * is not trusted to choose what runs: its `claude.path` and a widening `claude.permission_mode` are used only when
 * `allow` says so, and reported as ignored otherwise; its model and permission mode must have their expected shape.
 */
export async function loadExecutorConfig(root: string, overrides: ExecutorOverrides = {},
  allow: AllowRepositoryClaude = async () => false): Promise<ExecutorConfig | { error: string }> {
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
  const source = configFile ? path.relative(root, configFile) : 'orc.yaml';
  const orcs = orcOwnKeys(fields);
  const model = overrides.model ?? fields.claude?.model ?? orcs.model ?? null;
  // Named as the message puts it: "orc.yaml claude's model …" (spec 000's key), "orc.yaml's model …" (orc's own).
  const modelWhere = overrides.model ? 'the settings' : fields.claude?.model ? `${source} claude` : source;
  const modelError = model === null ? null : checkFlagValue('model', model, MODEL_NAME, modelWhere);
  if (modelError) return { error: modelError };
  const fileMode = typeof fields.claude?.permission_mode === 'string' ? fields.claude.permission_mode : orcs.skipPermissions ? 'bypassPermissions' : null;
  const modeKey = typeof fields.claude?.permission_mode === 'string' ? `claude.permission_mode ${fileMode}` : 'dangerously_skip_permissions: true';
  const modeError = fileMode === null ? null : checkPermissionMode(fileMode, source);
  if (modeError) return { error: modeError };
  if (overrides.claudePath !== undefined && !overrides.claudePath.trim()) return { error: 'the Claude path given is empty' };

  // What the repository asks for that only the person may grant: its own program (unless the person named one,
  // which wins anyway, or it names the default `claude`), and a mode that lets Claude act without approval.
  const filePath = fields.claude?.path?.trim() || orcs.claudePath;
  const pathKey = fields.claude?.path?.trim() ? 'claude.path' : 'claude_path';
  const repoPath = overrides.claudePath === undefined && filePath && filePath !== 'claude' ? resolveCommand(root, filePath) : null;
  const repoMode = fileMode !== null && WIDENING_PERMISSION_MODES.has(fileMode) ? fileMode : null;
  const allowed = repoPath !== null || repoMode !== null ? await allow({ configFile: source, claudePath: repoPath, permissionMode: repoMode }) : false;
  const ignored: string[] = [];
  const why = 'a repository does not choose what Baton runs unless you allow it';
  if (repoPath !== null && !allowed) ignored.push(`${source}'s ${pathKey} ${JSON.stringify(filePath)} was ignored (${why}); running claude from your PATH`);
  if (repoMode !== null && !allowed) ignored.push(`${source}'s ${modeKey} was ignored (${why}); using acceptEdits`);

  const claudePath = overrides.claudePath !== undefined ? resolveCommand(root, overrides.claudePath.trim())
    : repoPath !== null && allowed ? repoPath : 'claude';
  const claudeSource = overrides.claudePath !== undefined ? 'your settings' : repoPath !== null && allowed ? `${source} ${pathKey}` : 'PATH';
  const git = fields.git ?? {};
  return {
    configFile,
    claudePath,
    claudeSource,
    ignored,
    model,
    permissionMode: fileMode === null || (repoMode !== null && !allowed) ? 'acceptEdits' : fileMode,
    timeoutSeconds: fields.claude?.timeout ?? orcs.timeoutSeconds,
    overrideTimeoutSeconds: overrides.timeoutSeconds ?? null,
    git: {
      branchPrefix: git.branch_prefix ?? orcs.branchPrefix ?? 'orc/',
      checkpointPrefix: git.checkpoint_prefix ?? orcs.commitPrefix ?? '[orc]',
      mergeStrategy: git.merge_strategy ?? 'squash',
      worktrees: git.worktrees ?? false,
    },
    gates: fields.gates ?? {},
    promptsDir: fields.prompts?.directory ? path.resolve(root, fields.prompts.directory) : null,
    testCommand: overrides.testCommand ?? null,
    lintCommand: overrides.lintCommand ?? null,
  };
}

/**
 * The keys orc's own Go config has at its top level (orc a48c6caf, internal/config/config.go: `model`, `timeout` as a
 * Go duration such as `60m0s`, `branch_prefix`, `commit_prefix`, `claude_path`, `dangerously_skip_permissions`), as
 * `orc init` writes them, where spec 000 nests them under `claude:` and `git:` (whose keys win when both are there).
 * Read from the config's kept unknown keys, leniently: a value of another type is left out, never a problem.
 */
function orcOwnKeys(fields: ConfigFields): { model: string | null; claudePath: string | null; timeoutSeconds: number | null;
  branchPrefix: string | null; commitPrefix: string | null; skipPermissions: boolean } {
  const top = fields as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  return {
    model: text(top.model),
    claudePath: text(top.claude_path),
    timeoutSeconds: typeof top.timeout === 'number' || typeof top.timeout === 'string' ? parseDurationSeconds(top.timeout) : null,
    branchPrefix: typeof top.branch_prefix === 'string' ? top.branch_prefix : null,
    commitPrefix: typeof top.commit_prefix === 'string' ? top.commit_prefix : null,
    skipPermissions: top.dangerously_skip_permissions === true,
  };
}

/** A bare name stays a name (looked up on PATH); a path is resolved against the root. */
export function resolveCommand(root: string, command: string): string {
  return command.includes('/') || command.includes(path.sep) ? path.resolve(root, expandHome(command)) : command;
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
