/** Times and durations in the forms orc writes them. */

/** RFC 3339 in UTC without milliseconds, as orc writes timestamps. */
export function stamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** orc's durations: `45s`, `13m5s`, `2h15m`. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return h ? `${h}h${m ? `${m}m` : ''}` : `${m}m${rest ? `${rest}s` : ''}`;
}

/** `2h15m`, `13m5s`, `45s` → milliseconds (0 when unreadable), to add a new run's time to a phase's. */
export function parseDurationMs(v: unknown): number {
  if (typeof v !== 'string') return 0;
  let ms = 0;
  for (const m of v.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)) {
    ms += Number(m[1]) * (m[2] === 'h' ? 3_600_000 : m[2] === 'm' ? 60_000 : m[2] === 's' ? 1000 : 1);
  }
  return Math.round(ms);
}
