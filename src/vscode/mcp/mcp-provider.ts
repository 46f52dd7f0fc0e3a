import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import { batonSettings, sourceContext } from '../settings';
import { serverOptions } from './server-options';
import { bundledCli, serverLaunch } from './server-launch';

/** The provider's id: package.json `contributes.mcpServerDefinitionProviders` names the same one. */
export const MCP_PROVIDER_ID = 'baton.mcp';
/** The server's name in the editor's list of MCP servers. */
export const MCP_SERVER_LABEL = 'Baton';

/** The settings whose change changes what is offered: the switch, and the folder settings the server is started with. */
const AFFECTING = ['baton.mcp.enabled', 'baton.ultrawork.sessionsRoot', 'baton.orange.root', 'baton.orc.home', 'baton.systems', 'baton.intents.traceTail',
  'baton.worktrees.enabled', 'baton.refs'];

/**
 * Offers the editor one `baton mcp` server for the window's folders. Nothing is computed until the editor asks:
 * activation only subscribes to the events after which the answer may differ (trust granted, folders added or
 * removed, a setting changed) and tells the editor to ask again.
 */
export class BatonMcpProvider implements vscode.McpServerDefinitionProvider<vscode.McpStdioServerDefinition>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeMcpServerDefinitions = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];
  /** The last note written to the log about settings the server cannot follow (each said once, not at every ask). */
  private lastNote = '';

  constructor(private readonly extension: { readonly path: string; readonly version: string }, private readonly log: vscode.LogOutputChannel) {
    const fire = () => this.changed.fire();
    this.subscriptions = [this.changed,
      vscode.workspace.onDidGrantWorkspaceTrust(fire),
      vscode.workspace.onDidChangeWorkspaceFolders(fire),
      vscode.workspace.onDidChangeConfiguration((e) => { if (AFFECTING.some((key) => e.affectsConfiguration(key))) fire(); })];
  }

  /** Why no server is offered now, or undefined when one is. */
  unavailable(): string | undefined {
    if (!vscode.workspace.isTrusted) return 'the workspace is not trusted (Restricted Mode)';
    const [first] = this.folders();
    if (!first) return 'no folder is open';
    // A window setting, read through the first folder so a wrong value is reported once, as the sidebar reports it.
    if (!batonSettings(first).mcpEnabled) return 'baton.mcp.enabled is off';
    return undefined;
  }

  provideMcpServerDefinitions(): vscode.McpStdioServerDefinition[] {
    if (this.unavailable()) return [];
    const folders = this.folders();
    const { args: folderOptions, unseen } = serverOptions(folders.map(sourceContext));
    this.note(unseen);
    // The other worktrees and refs the sidebar shows, so an agent's baton_owner names the claims there too (a pattern
    // as `--refs=PATTERN`: one that starts with `-` stays a value).
    const settings = batonSettings(folders[0]);
    const options = [...folderOptions, ...(settings.worktreesEnabled ? ['--worktrees'] : []), ...settings.refs.map((r) => `--refs=${r}`)];
    const launch = serverLaunch({ extensionPath: this.extension.path, folders: folders.map((f) => f.uri.fsPath), options,
      execPath: process.execPath, electron: process.versions.electron !== undefined });
    const server = new vscode.McpStdioServerDefinition(MCP_SERVER_LABEL, launch.command, [...launch.args], { ...launch.env }, this.extension.version);
    server.cwd = vscode.Uri.file(launch.cwd);
    return [server];
  }

  /** Called just before the editor starts the server: what was offered may no longer be allowed, or the CLI be gone. */
  resolveMcpServerDefinition(server: vscode.McpStdioServerDefinition): vscode.McpStdioServerDefinition | undefined {
    const why = this.unavailable();
    if (why) {
      this.log.info(`MCP server not started: ${why}`);
      return undefined;
    }
    const cli = bundledCli(this.extension.path);
    if (!existsSync(cli)) throw new Error(`Baton's MCP server cannot start: ${cli} is missing. Reinstall the Baton extension.`);
    return server;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }

  /** The folders the server reads: the window's, on disk (a virtual folder has no path a process could read). */
  private folders(): readonly vscode.WorkspaceFolder[] {
    return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
  }

  private note(unseen: readonly string[]): void {
    const note = unseen.length ? `The MCP server (baton mcp) reads every folder with one value of each setting; these differ between your folders, `
      + `so it uses the default for them: ${unseen.join(', ')}.` : '';
    if (note && note !== this.lastNote) this.log.info(note);
    this.lastNote = note;
  }
}
