import os from 'node:os';
import path from 'node:path';
import { SYSTEMS, type SystemId } from '../model/system';
import type { SourceContext } from '../model/adapter';
import { DEFAULT_TRACE_TAIL, TRACE_TAIL_MAX, TRACE_TAIL_MIN } from '../model/source-context';

/**
 * Every `baton.*` setting, typed and validated. package.json `contributes.configuration` declares the same keys
 * and defaults (a unit test holds the two together); VS Code does not enforce the declared types on values
 * written in settings.json, so each value is checked here and a wrong one gives its default.
 */
export interface BatonSettings {
  /** `baton.systems`: which systems are read and watched. */
  readonly systems: Readonly<Record<SystemId, boolean>>;
  /** `baton.intents.traceTail`: newest agent_trace.jsonl entries kept per folder, within the bounds. */
  readonly traceTail: number;
  /** `baton.ultrawork.sessionsRoot`, as written (`~` and `${workspaceFolder}` not expanded yet). */
  readonly ultraworkSessionsRoot: string;
  /** `baton.orange.root`, as written. */
  readonly orangeRoot: string;
  /** `baton.orc.home`, as written: orc's registry and databases (`~/.orc`). */
  readonly orcHome: string;
  /** `baton.codeLens.enabled` */
  readonly codeLensEnabled: boolean;
  /** `baton.scopeGuard.enabled` */
  readonly scopeGuardEnabled: boolean;
  /** `baton.intents.recordScopeViolations`: append SCOPE_VIOLATION to agent_trace.jsonl (off: the trace is usually tracked in git). */
  readonly recordScopeViolations: boolean;
  /** `baton.claude.*`: only values a person set (unset ones leave orc.yaml in charge). */
  readonly claude: { readonly path?: string; readonly model?: string; readonly timeoutSeconds?: number };
  /** `baton.orc.path`: the orc CLI for database-era actions, when a person set a usable one (a name or an absolute path). */
  readonly orc: { readonly path?: string };
  /** `baton.testCommand`: a program and its arguments; absent when not set. */
  readonly testCommand?: readonly string[];
  /** `baton.mcp.enabled`: offer Baton's MCP server (`baton mcp`) to the editor's agent mode. */
  readonly mcpEnabled: boolean;
  /** `baton.worktrees.enabled`: also read every other worktree of each folder's repository (trusted workspaces only). */
  readonly worktreesEnabled: boolean;
  /** `baton.refs`: ref globs (`origin/*`) whose branches are read from git's objects (trusted workspaces only). */
  readonly refs: readonly string[];
  /** `baton.statusBar.includeOtherPlaces`: the status bar also counts what waits or runs in other worktrees and refs. */
  readonly statusBarIncludeOtherPlaces: boolean;
}

export const DEFAULT_SETTINGS: BatonSettings = {
  systems: Object.fromEntries(SYSTEMS.map((s) => [s, true])) as Record<SystemId, boolean>,
  traceTail: DEFAULT_TRACE_TAIL,
  ultraworkSessionsRoot: '~/.claude/ultrawork/sessions',
  orangeRoot: '~/orange',
  orcHome: '~/.orc',
  codeLensEnabled: true,
  scopeGuardEnabled: true,
  recordScopeViolations: false,
  claude: {},
  orc: {},
  mcpEnabled: true,
  worktreesEnabled: true,
  refs: [],
  statusBarIncludeOtherPlaces: false,
};

/** A value that could not be used as written: what was wrong and what is used instead. */
export interface SettingsProblem {
  readonly key: string;
  readonly message: string;
}

/**
 * Reads the settings through `get` (a key without the `baton.` prefix → the value in effect, or undefined).
 * Never throws: a value of the wrong type gives the default, and each such value is named in `problems`.
 */
export function parseBatonSettings(get: (key: string) => unknown): { settings: BatonSettings; problems: SettingsProblem[] } {
  const problems: SettingsProblem[] = [];
  const problem = (key: string, message: string) => problems.push({ key: `baton.${key}`, message });
  const shown = (value: unknown) => JSON.stringify(value) ?? String(value);

  const bool = (key: string, fallback: boolean): boolean => {
    const value = get(key);
    if (value === undefined || value === null) return fallback;
    if (typeof value === 'boolean') return value;
    problem(key, `${shown(value)} is not true or false; using ${fallback}`);
    return fallback;
  };
  /** A string; empty (or only spaces) counts as not set. */
  const text = (key: string): string | undefined => {
    const value = get(key);
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value.trim() || undefined;
    problem(key, `${shown(value)} is not a string; using the default`);
    return undefined;
  };

  const systems = { ...DEFAULT_SETTINGS.systems };
  const rawSystems = get('systems');
  if (rawSystems !== undefined && rawSystems !== null) {
    if (typeof rawSystems !== 'object' || Array.isArray(rawSystems)) {
      problem('systems', `${shown(rawSystems)} is not an object like { "orc": true, "orange": false }; reading every system`);
    } else {
      for (const [name, value] of Object.entries(rawSystems as Record<string, unknown>)) {
        if (!(SYSTEMS as readonly string[]).includes(name)) { problem('systems', `"${name}" is not a system Baton reads (${SYSTEMS.join(', ')}); ignored`); continue; }
        if (typeof value === 'boolean') systems[name as SystemId] = value;
        else problem('systems', `${name}: ${shown(value)} is not true or false; reading ${name}`);
      }
    }
  }

  let traceTail = DEFAULT_SETTINGS.traceTail;
  const rawTail = get('intents.traceTail');
  if (rawTail !== undefined && rawTail !== null) {
    if (typeof rawTail !== 'number' || !Number.isFinite(rawTail)) {
      problem('intents.traceTail', `${shown(rawTail)} is not a number; using ${traceTail}`);
    } else {
      traceTail = Math.min(TRACE_TAIL_MAX, Math.max(TRACE_TAIL_MIN, Math.round(rawTail)));
      if (traceTail !== rawTail) problem('intents.traceTail', `${rawTail} is not a whole number from ${TRACE_TAIL_MIN} to ${TRACE_TAIL_MAX}; using ${traceTail}`);
    }
  }

  const claudePath = text('claude.path');
  const model = text('claude.model');
  let timeoutSeconds: number | undefined;
  const rawTimeout = get('claude.timeoutSeconds');
  if (rawTimeout !== undefined && rawTimeout !== null) {
    if (typeof rawTimeout === 'number' && Number.isFinite(rawTimeout) && rawTimeout > 0) timeoutSeconds = rawTimeout;
    else problem('claude.timeoutSeconds', `${shown(rawTimeout)} is not a number of seconds above 0; using orc.yaml's timeout`);
  }
  // A bare name is looked up on PATH; a path must be absolute (`~` allowed): a relative one would depend on the
  // folder Baton happens to run in.
  let orcPath = text('orc.path');
  if (orcPath && /[\\/]/.test(orcPath) && !/^~(?=$|[\\/])/.test(orcPath) && !path.isAbsolute(orcPath)) {
    problem('orc.path', `${shown(orcPath)} is neither a name on PATH nor an absolute path; looking for orc on PATH`);
    orcPath = undefined;
  }
  let testCommand: string[] | undefined;
  const rawCommand = get('testCommand');
  if (rawCommand !== undefined && rawCommand !== null) {
    if (Array.isArray(rawCommand) && rawCommand.every((a) => typeof a === 'string')) {
      if (rawCommand.length) testCommand = rawCommand as string[];
    } else {
      problem('testCommand', `${shown(rawCommand)} is not a list of strings (a program and its arguments); no test command`);
    }
  }

  // Ref globs: each a non-empty string (git checks the pattern itself: one it refuses is a problem in the views).
  const refs: string[] = [];
  const rawRefs = get('refs');
  if (rawRefs !== undefined && rawRefs !== null) {
    if (!Array.isArray(rawRefs)) {
      problem('refs', `${shown(rawRefs)} is not a list of ref patterns such as ["origin/*"]; no refs are read`);
    } else {
      for (const entry of rawRefs as unknown[]) {
        if (typeof entry === 'string' && entry.trim()) { if (!refs.includes(entry.trim())) refs.push(entry.trim()); }
        else problem('refs', `${shown(entry)} is not a ref pattern (a non-empty string such as "origin/*"); ignored`);
      }
    }
  }

  return {
    settings: {
      systems,
      traceTail,
      ultraworkSessionsRoot: text('ultrawork.sessionsRoot') ?? DEFAULT_SETTINGS.ultraworkSessionsRoot,
      orangeRoot: text('orange.root') ?? DEFAULT_SETTINGS.orangeRoot,
      orcHome: text('orc.home') ?? DEFAULT_SETTINGS.orcHome,
      codeLensEnabled: bool('codeLens.enabled', DEFAULT_SETTINGS.codeLensEnabled),
      scopeGuardEnabled: bool('scopeGuard.enabled', DEFAULT_SETTINGS.scopeGuardEnabled),
      recordScopeViolations: bool('intents.recordScopeViolations', DEFAULT_SETTINGS.recordScopeViolations),
      claude: { ...(claudePath ? { path: claudePath } : {}), ...(model ? { model } : {}), ...(timeoutSeconds ? { timeoutSeconds } : {}) },
      orc: orcPath ? { path: orcPath } : {},
      ...(testCommand ? { testCommand } : {}),
      mcpEnabled: bool('mcp.enabled', DEFAULT_SETTINGS.mcpEnabled),
      worktreesEnabled: bool('worktrees.enabled', DEFAULT_SETTINGS.worktreesEnabled),
      refs,
      statusBarIncludeOtherPlaces: bool('statusBar.includeOtherPlaces', DEFAULT_SETTINGS.statusBarIncludeOtherPlaces),
    },
    problems,
  };
}

/** A folder setting as an absolute path: `${workspaceFolder}` is the folder, a leading `~` the home folder. */
export function expandFolderSetting(value: string, folder: string, home = os.homedir()): string {
  const withFolder = value.replace(/\$\{workspaceFolder\}/g, folder);
  return path.resolve(folder, withFolder.replace(/^~(?=$|[\\/])/, home));
}

/** Where one workspace folder's state lives and how it is read, from its settings. */
export function sourceContextOf(settings: BatonSettings, folder: string, home = os.homedir()): SourceContext {
  return {
    root: folder,
    ultraworkSessions: expandFolderSetting(settings.ultraworkSessionsRoot, folder, home),
    orangeRoot: expandFolderSetting(settings.orangeRoot, folder, home),
    orcHome: expandFolderSetting(settings.orcHome, folder, home),
    systems: SYSTEMS.filter((s) => settings.systems[s]),
    traceTail: settings.traceTail,
  };
}
