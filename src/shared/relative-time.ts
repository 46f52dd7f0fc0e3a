/**
 * A timestamp as people read it at a glance ("3 minutes ago", "in 2 hours", "5 days ago"), for the pages that show
 * when something happened; the exact ISO time goes on hover beside it. Pure (the clock is an argument), so the page
 * and the unit tests agree. A value that is not a time is returned as written: a file's text is never hidden.
 */
const UNITS: readonly [unit: string, ms: number][] = [
  ['year', 365 * 24 * 3600_000], ['month', 30 * 24 * 3600_000], ['week', 7 * 24 * 3600_000], ['day', 24 * 3600_000],
  ['hour', 3600_000], ['minute', 60_000],
];

export function relativeTime(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const delta = now - at;
  const size = Math.abs(delta);
  if (size < 60_000) return 'just now';
  const [unit, ms] = UNITS.find(([, unitMs]) => size >= unitMs)!;
  const count = Math.floor(size / ms);
  const words = `${count} ${unit}${count === 1 ? '' : 's'}`;
  return delta >= 0 ? `${words} ago` : `in ${words}`;
}
