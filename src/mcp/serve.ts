import { LiveIndex } from '../core/service/live-index';
import type { OrchestrationService } from '../core/service/orchestration-service';
import { registerDecisionTools } from './decision-tools';
import { registerIntentTools } from './intent-tools';
import { registerReadTools } from './read-tools';
import { TaskResources } from './task-resources';

const INSTRUCTIONS = 'Baton indexes the state files of AI coding orchestrators (orc, Orchestral/Dure, intents, Ultrawork, orange) in this '
  + 'workspace and keeps the index live. Before writing a file under an intent, call baton_validate_scope; after, baton_log_trace. '
  + 'baton_owner tells who owns a file; baton_status and baton_tasks what is going on; baton_decisions what waits for a human '
  + '(you never answer those: tell the user and poll baton_decision). Everything except baton_log_trace is read-only.';

export interface ServeOptions {
  readonly version: string;
  /** Messages for people (stderr): stdout carries the protocol only. */
  readonly log: (message: string) => void;
  /** The first scan: the server answers `initialize` at once, and tool calls and reads wait for it. */
  readonly ready: Promise<unknown>;
  /** Standard input and output (default: the process's own). */
  readonly stdin?: NodeJS.ReadableStream;
  readonly stdout?: NodeJS.WritableStream;
}

/**
 * Serves the service over MCP on stdio until standard input closes, keeping its index live meanwhile;
 * then closes the server, the watchers and the timers and resolves, so the process ends on its own with status 0.
 */
export async function serveMcp(service: OrchestrationService, options: ServeOptions): Promise<void> {
  const sdk = await import('./mcp-sdk.js');
  const server = new sdk.McpServer({ name: 'baton', title: 'Baton', version: options.version },
    { capabilities: { resources: { subscribe: true, listChanged: true }, tools: {} }, instructions: INSTRUCTIONS });
  const ready = options.ready;
  // A failed first scan is each call's error (answered then), never an unhandled rejection now.
  ready.catch((err: Error) => options.log(`the first scan failed: ${err.message}`));
  registerReadTools(server, { service, ready });
  registerIntentTools(server, { service, ready });
  registerDecisionTools(server, { service, ready });
  const resources = new TaskResources(server, { service, ready }, sdk);
  const live = new LiveIndex(service, { log: options.log });
  const stdin = options.stdin ?? process.stdin;
  const closed = new Promise<void>((resolve) => {
    stdin.once('end', resolve);
    stdin.once('close', resolve);
    stdin.once('error', (err: Error) => { options.log(`standard input failed: ${err.message}`); resolve(); });
  });
  const transport = new sdk.StdioServerTransport(stdin as NodeJS.ReadStream & typeof process.stdin, (options.stdout ?? process.stdout) as typeof process.stdout);
  transport.onerror = (err) => options.log(`protocol: ${err.message}`);
  await server.connect(transport);
  options.log(`serving ${service.folders.join(', ')} over MCP on stdio`);
  // Watched from the end of the first scan: the stat sweep and the watcher re-read what changes after it.
  void ready.then(() => live.start(), () => undefined);
  await closed;
  live.dispose();
  resources.dispose();
  await server.close().catch(() => undefined);
  service.dispose();
}
