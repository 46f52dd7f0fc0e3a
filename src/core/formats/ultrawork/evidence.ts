import { evidenceEntrySchema } from './schemas';
import type { UltraworkEvidence } from './model';

/** Enough of an entry's output to match criteria against; the rest of a 2 KB preview adds little. */
const TEXT_LIMIT = 1000;

/**
 * One evidence entry in Baton's shape, whatever shape the plugin wrote it in (the spec's `summary`, the hooks'
 * `command` + `output_preview`, `file_operation` paths). Undefined when the value is not an object at all.
 */
export function normalizeEvidence(raw: unknown): UltraworkEvidence | undefined {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const parsed = evidenceEntrySchema.safeParse(raw);
  const f = parsed.success ? parsed.data : {} as Record<string, undefined>;
  const output = f.output_preview ?? f.output ?? null;
  const summary = f.summary ?? f.command ?? (f.path ? `${f.path}` : null) ?? firstLine(output) ?? f.type ?? '';
  const text = [f.summary, f.command, output, f.path].filter((s): s is string => typeof s === 'string').join('\n').slice(0, TEXT_LIMIT);
  return {
    timestamp: f.timestamp ?? null, type: f.type ?? null, agentId: f.agent_id ?? null, taskId: f.task_id ?? null,
    status: f.status ?? null, summary, text,
  };
}

function firstLine(s: string | null): string | null {
  if (!s) return null;
  const line = s.split(/\r?\n/).find((l) => l.trim());
  return line ? line.trim() : null;
}
