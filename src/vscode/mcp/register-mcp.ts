import * as vscode from 'vscode';
import { BatonMcpProvider, MCP_PROVIDER_ID } from './mcp-provider';

/** What the MCP registration exposes to extension-host tests (through BatonApi). */
export interface McpApi {
  /** The id registered with the editor (package.json contributes the same). */
  readonly id: string;
  readonly provider: BatonMcpProvider;
  /** Whether the editor took the registration (an editor without `vscode.lm.registerMcpServerDefinitionProvider` does not). */
  readonly registered: boolean;
}

/** Baton's MCP server, offered to the editor's agent mode: registered now, its definition computed when asked. */
export function registerMcp(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): McpApi {
  const version = (context.extension.packageJSON as { version?: string }).version ?? '0.0.0';
  const provider = new BatonMcpProvider({ path: context.extensionPath, version }, log);
  context.subscriptions.push(provider);
  let registered = false;
  // Editors built on VS Code (forks, older hosts) may lack the API or refuse the id: the rest of Baton still works.
  if (typeof vscode.lm?.registerMcpServerDefinitionProvider === 'function') {
    try {
      context.subscriptions.push(vscode.lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, provider));
      registered = true;
    } catch (err) {
      log.warn(`The editor refused Baton's MCP server provider: ${(err as Error).message}`);
    }
  } else {
    log.info("This editor offers no MCP server API (vscode.lm.registerMcpServerDefinitionProvider): Baton's MCP server is not offered to its agents.");
  }
  return { id: MCP_PROVIDER_ID, provider, registered };
}
