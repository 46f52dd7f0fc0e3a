import type { UltraworkEvidence } from './model';

/** Enough of an entry's output to match criteria against; the rest of a 2 KB preview adds little. */
const TEXT_LIMIT = 1000;

/*
 * The evidence entries every version of the plugin writes (mnthe/hardworker-marketplace, plugins/ultrawork):
 *   bash hooks (0.1–0.10):   {timestamp, type, tool, context: {command, exit_code, success} | {file, operation, success}, output}
 *   JS hooks (0.10+):        {type: "command_execution", timestamp, command, exit_code, output_preview}
 *                            {type: "test_result", timestamp, passed, framework, output_preview}
 *                            {type: "file_operation", timestamp, operation, path}
 *   agent hooks (all):       {type: "agent_completed", timestamp, agent_id, task_id, status, summary, agent_type}
 *                            {type: "agent_spawn_initiated", timestamp, agent_id, task_id, description}
 *   the spec's example:      {timestamp, type, agent_id, task_id, status, summary}
 *   a task's own objects:    {criterion, description, command, output}
 * Each field is read on its own: a field of an unexpected type is skipped, never the whole entry.
 */

/** One evidence entry in Baton's shape. Undefined when the value is not an object at all. */
export function normalizeEvidence(raw: unknown): UltraworkEvidence | undefined {
  if (!isObject(raw)) return undefined;
  const context = isObject(raw.context) ? raw.context : {};
  const command = str(raw.command) ?? str(context.command);
  const path = str(raw.path) ?? str(context.file);
  const operation = str(raw.operation) ?? str(context.operation);
  const output = str(raw.output_preview) ?? str(raw.output);
  const summary = str(raw.summary) ?? str(raw.description) ?? command ?? (path ? (operation ? `${operation} ${path}` : path) : null)
    ?? firstLine(output) ?? str(raw.type) ?? '';
  const text = [str(raw.summary), str(raw.description), command, output, path].filter((s): s is string => s !== null).join('\n').slice(0, TEXT_LIMIT);
  return {
    timestamp: str(raw.timestamp), type: str(raw.type), agentId: str(raw.agent_id), taskId: idText(raw.task_id),
    status: str(raw.status), summary, text, failed: isFailure(raw, context),
  };
}

function isFailure(raw: Record<string, unknown>, context: Record<string, unknown>): boolean {
  const exit = raw.exit_code ?? context.exit_code;
  if (exit !== undefined && exit !== null && Number(exit) !== 0 && !Number.isNaN(Number(exit))) return true;
  return raw.passed === false || context.success === false || raw.status === 'failed';
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

/** Task ids are strings; a bare number is read as its text, and an empty one (the hooks write `""`) as none. */
function idText(v: unknown): string | null {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return s || null;
}

function firstLine(s: string | null): string | null {
  if (!s) return null;
  const line = s.split(/\r?\n/).find((l) => l.trim());
  return line ? line.trim() : null;
}
