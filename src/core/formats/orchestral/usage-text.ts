import type { RunUsage } from './model';

/** "$0.1771" → "$0.18", "$0.0089" → "$0.0089": small costs keep two significant digits instead of reading as nothing. */
export function dollars(cost: number): string {
  return cost >= 0.1 || cost === 0 ? `$${cost.toFixed(2)}` : `$${cost.toPrecision(2)}`;
}

/** "12,345 tokens" */
export function tokenCount(n: number): string {
  return `${n.toLocaleString('en')} token${n === 1 ? '' : 's'}`;
}

/** "53,150 tokens · $0.18"; empty when nothing was spent yet (Dure starts every run with zeros). */
export function usageText(u: RunUsage | null): string {
  if (!u || (u.tokens.total === 0 && !u.costUsd)) return '';
  return [tokenCount(u.tokens.total), u.costUsd !== null ? dollars(u.costUsd) : ''].filter(Boolean).join(' · ');
}

/** "in 22,850 · out 7,150 · cache write 3,900 · cache read 22,400", for tooltips. */
export function tokenBreakdown(u: RunUsage): string {
  const t = u.tokens;
  return [`in ${t.input.toLocaleString('en')}`, `out ${t.output.toLocaleString('en')}`,
    t.cacheCreation ? `cache write ${t.cacheCreation.toLocaleString('en')}` : '', t.cacheRead ? `cache read ${t.cacheRead.toLocaleString('en')}` : '']
    .filter(Boolean).join(' · ');
}

/** What a run is doing, in words: the phase as written, or that it is answered and waits for Dure. */
export const AWAITING_RESUME_TEXT = 'answered, waiting for Dure to resume';
