import { SYSTEMS, type SystemId } from './system';
import type { SourceContext } from './adapter';

/** How many of the newest agent_trace.jsonl entries a folder's index keeps, unless the context says otherwise. */
export const DEFAULT_TRACE_TAIL = 200;
/** The bounds of that number: a trace is read from its end, and a huge tail would make every read unbounded. */
export const TRACE_TAIL_MIN = 1;
export const TRACE_TAIL_MAX = 10_000;

/** The trace tail a context asks for, within the bounds (a non-integer or missing value gives the default). */
export function traceTailOf(ctx: SourceContext): number {
  const asked = ctx.traceTail;
  if (typeof asked !== 'number' || !Number.isFinite(asked)) return DEFAULT_TRACE_TAIL;
  return Math.min(TRACE_TAIL_MAX, Math.max(TRACE_TAIL_MIN, Math.round(asked)));
}

/** Whether a context reads a system (no list: every system). */
export function readsSystem(ctx: SourceContext, system: SystemId): boolean {
  return !ctx.systems || ctx.systems.includes(system);
}

/** Whether two contexts read the same files the same way (an index built for one serves the other). */
export function sameContext(a: SourceContext, b: SourceContext): boolean {
  return a.root === b.root && a.ultraworkSessions === b.ultraworkSessions && a.orangeRoot === b.orangeRoot && a.orcHome === b.orcHome
    && traceTailOf(a) === traceTailOf(b) && SYSTEMS.every((s) => readsSystem(a, s) === readsSystem(b, s));
}

/** The systems none of the contexts reads (with no folder open, none: nothing is turned off). */
export function systemsOffEverywhere(contexts: readonly SourceContext[]): SystemId[] {
  return contexts.length ? SYSTEMS.filter((s) => contexts.every((ctx) => !readsSystem(ctx, s))) : [];
}
