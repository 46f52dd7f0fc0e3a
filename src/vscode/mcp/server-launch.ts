import path from 'node:path';

/** How the editor starts `baton mcp` for a window's folders: what an McpStdioServerDefinition carries. */
export interface ServerLaunch {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
}

export interface LaunchInputs {
  /** The extension's own folder: the bundled CLI is its `dist/cli.js`. */
  readonly extensionPath: string;
  /** Every workspace folder's path, in the window's order (at least one). */
  readonly folders: readonly string[];
  /** The options that make the server read what the sidebar reads (see server-options.ts). */
  readonly options?: readonly string[];
  /** The editor's Node: `process.execPath`. */
  readonly execPath: string;
  /** Whether that is Electron (desktop VS Code), which runs a script only as Node with ELECTRON_RUN_AS_NODE. */
  readonly electron: boolean;
}

/** The bundled CLI the server runs (shipped in the .vsix; see .vscodeignore). */
export function bundledCli(extensionPath: string): string {
  return path.join(extensionPath, 'dist', 'cli.js');
}

/**
 * `<editor's Node> <extension>/dist/cli.js mcp FOLDER… [OPTIONS]`, started in the first folder. The editor's
 * own Node, because a person's machine may have no `node` on PATH, or another version.
 */
export function serverLaunch(inputs: LaunchInputs): ServerLaunch {
  const [first] = inputs.folders;
  if (first === undefined) throw new Error('baton mcp needs a folder');
  return {
    command: inputs.execPath,
    // `--` first: a folder named like an option stays a folder.
    args: [bundledCli(inputs.extensionPath), 'mcp', ...(inputs.options ?? []), '--', ...inputs.folders],
    env: inputs.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {},
    cwd: first,
  };
}
