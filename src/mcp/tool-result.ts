import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { clampJson } from '../core/queries/bounded';
import { QueryError } from '../core/queries/query-error';
import type { OrchestrationService } from '../core/service/orchestration-service';

/** What every tool reads: the service, and the first scan, which calls wait for. */
export interface ToolContext {
  readonly service: OrchestrationService;
  readonly ready: Promise<unknown>;
}

/**
 * A tool's answer: the JSON as text (what most clients show a model) and as structured content. The queries bound
 * what they return; `clampJson` is the last guard, so no answer passes the size bound whatever a query missed.
 */
export function toolResult(value: Record<string, unknown>): CallToolResult {
  const bounded = clampJson(value);
  return { content: [{ type: 'text', text: JSON.stringify(bounded) }], structuredContent: bounded };
}

/** A question the tool cannot answer as asked: a tool error the model reads and can act on, never a protocol crash. */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/**
 * Runs a tool's handler once the index is ready: a QueryError or an expected refusal becomes a tool error with its message; anything else is
 * logged to stderr (stdout is the protocol) and answered as a tool error too, so one bad call never ends the server.
 */
export async function answer(ready: Promise<unknown>, run: () => Promise<Record<string, unknown>> | Record<string, unknown>): Promise<CallToolResult> {
  try {
    // The server answers `initialize` at once; a call that comes during the first scan waits for it.
    await ready;
    return toolResult(await run());
  } catch (err) {
    if (err instanceof QueryError) return toolError(err.message);
    const message = err instanceof Error ? err.message : String(err);
    if (!(err instanceof Error) || err.constructor !== Error) process.stderr.write(`baton mcp: ${err instanceof Error ? err.stack : message}\n`);
    return toolError(message);
  }
}
