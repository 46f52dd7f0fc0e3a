import type { TokenTotals } from '../../model/tokens';
import type { TokenCountsFields } from './schemas';

/**
 * Token counts of a state.yaml (the task's `tokens` or a phase's), read the way the file was written.
 *
 * orc's executor records `input_tokens` as the *effective* input — the prompt tokens plus the cache tokens —
 * and `total_tokens` as input + output (internal/state AddTokens, from the first January 2026 versions on). The
 * spec's example instead keeps `input_tokens` uncached, with `total_tokens` the sum of all four counts (Baton's
 * own executor writes that shape). Adding the cache counts to orc's input would count them twice, so the file's
 * own totals decide: the cache counts are added only when the stored total already includes them on top of the
 * input, or when the input is smaller than the cache counts (then it cannot contain them).
 */
export function orcTokenTotals(t: TokenCountsFields): TokenTotals {
  const input = t.input_tokens ?? 0;
  const output = t.output_tokens ?? 0;
  const cacheCreation = t.cache_creation_input_tokens ?? 0;
  const cacheRead = t.cache_read_input_tokens ?? 0;
  const stored = t.total_tokens ?? undefined;
  const included = cacheIncludedInInput(input, output, cacheCreation + cacheRead, stored);
  const effectiveInput = included ? input : input + cacheCreation + cacheRead;
  return { input, output, cacheCreation, cacheRead, effectiveInput, total: stored ?? effectiveInput + output };
}

/** Whether `input_tokens` already holds the cache tokens (orc's executor) rather than only the uncached ones (the spec). */
export function cacheIncludedInInput(input: number, output: number, cache: number, storedTotal: number | undefined): boolean {
  if (cache === 0) return true;
  if (input < cache) return false;
  // A stored total that counts the cache tokens beside the input says they are not part of it.
  return storedTotal === undefined || storedTotal < input + output + cache;
}
