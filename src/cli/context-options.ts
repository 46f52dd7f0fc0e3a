import path from 'node:path';
import type { SourceContext } from '../core/model/adapter';
import { SYSTEMS, type SystemId } from '../core/model/system';
import { TRACE_TAIL_MAX, TRACE_TAIL_MIN } from '../core/model/source-context';
import { UsageError } from './args';

/**
 * What the editor's settings set per folder, as options: where each home-directory system keeps its state (each
 * wins over `--home`'s place for it), which systems are read, and how much of the agent trace is kept. The editor
 * passes them to `baton mcp` so an agent sees what the sidebar shows.
 */
export const CONTEXT_OPTIONS = {
  'orc-home': { type: 'string' },
  'ultrawork-sessions': { type: 'string' },
  'orange-root': { type: 'string' },
  systems: { type: 'string' },
  'trace-tail': { type: 'string' },
} as const;

export type ContextOverrides = Partial<Pick<SourceContext, 'orcHome' | 'ultraworkSessions' | 'orangeRoot' | 'systems' | 'traceTail'>>;

type ContextValues = { readonly [K in keyof typeof CONTEXT_OPTIONS]?: string };

/** The options given, checked: a wrong one is a usage error naming what is allowed. */
export function contextOverrides(values: ContextValues): ContextOverrides {
  const out: { -readonly [K in keyof ContextOverrides]: ContextOverrides[K] } = {};
  if (values['orc-home'] !== undefined) out.orcHome = folderOption('--orc-home', values['orc-home']);
  if (values['ultrawork-sessions'] !== undefined) out.ultraworkSessions = folderOption('--ultrawork-sessions', values['ultrawork-sessions']);
  if (values['orange-root'] !== undefined) out.orangeRoot = folderOption('--orange-root', values['orange-root']);
  if (values.systems !== undefined) out.systems = systemsOption(values.systems);
  if (values['trace-tail'] !== undefined) out.traceTail = traceTailOption(values['trace-tail']);
  return out;
}

function folderOption(name: string, value: string): string {
  if (!value.trim()) throw new UsageError(`${name} needs a folder`);
  return path.resolve(value);
}

/** `orc,intents`: the systems read; the others are neither read nor watched. Empty: none. */
function systemsOption(value: string): SystemId[] {
  const names = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !(SYSTEMS as readonly string[]).includes(n));
  if (unknown.length) throw new UsageError(`--systems: ${unknown.map((n) => `"${n}"`).join(', ')} is not one of ${SYSTEMS.join(', ')}`);
  return SYSTEMS.filter((s) => names.includes(s));
}

function traceTailOption(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < TRACE_TAIL_MIN || n > TRACE_TAIL_MAX) {
    throw new UsageError(`--trace-tail must be a whole number from ${TRACE_TAIL_MIN} to ${TRACE_TAIL_MAX}`);
  }
  return n;
}
