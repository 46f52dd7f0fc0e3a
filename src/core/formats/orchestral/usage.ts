import { tokenTotals } from '../../model/tokens';
import type { RunUsage } from './model';
import type { AgentUsageFields, StateFields } from './schemas';

type Totals = {
  total_input_tokens?: number | null; total_output_tokens?: number | null; total_cache_creation_tokens?: number | null;
  total_cache_read_tokens?: number | null; total_cost_usd?: number | null;
};

/*
 * Tokens and cost as Dure counts them. Its UsageTracker copies Claude's headless `usage` per agent run and adds the
 * runs up: `input_tokens` there exclude the cache (Claude reports cache writes and reads apart), so nothing is
 * counted twice when the four numbers are added. StateManager then writes the sums as `usage.total_*`.
 */

/** One agent's `usage` (null when Dure has not recorded any yet: it writes `usage: null` at the start). */
export function agentUsage(u: AgentUsageFields | null | undefined): RunUsage | null {
  if (!u) return null;
  return {
    tokens: tokenTotals(u.input_tokens ?? 0, u.output_tokens ?? 0, u.cache_creation_tokens ?? 0, u.cache_read_tokens ?? 0),
    costUsd: u.cost_usd ?? null,
  };
}

/** Dure's `total_*` fields (state.json `usage`, the MRP's `usage.total`); null when none is there. */
export function totalUsage(t: Totals | null | undefined): RunUsage | null {
  if (!t) return null;
  const fields = [t.total_input_tokens, t.total_output_tokens, t.total_cache_creation_tokens, t.total_cache_read_tokens, t.total_cost_usd];
  if (fields.every((f) => f == null)) return null;
  return {
    tokens: tokenTotals(t.total_input_tokens ?? 0, t.total_output_tokens ?? 0, t.total_cache_creation_tokens ?? 0, t.total_cache_read_tokens ?? 0),
    costUsd: t.total_cost_usd ?? null,
  };
}

/**
 * The run's usage: Dure's totals in state.json; else the `usage.total` of Baton's earlier demo layout (either
 * naming); else the sum of the agents' own usage (a state written before Dure kept totals).
 */
export function runUsage(s: StateFields): RunUsage | null {
  const fromTotals = totalUsage(s.usage);
  if (fromTotals) return fromTotals;
  const legacy = s.usage?.total;
  if (legacy) return totalUsage(legacy) ?? agentUsage(legacy);
  const perAgent = [...Object.values(s.agents ?? {}).map((a) => a.usage), ...Object.values(s.usage?.by_agent ?? {})]
    .map(agentUsage).filter((u): u is RunUsage => u !== null);
  if (!perAgent.length) return null;
  const sum = (f: (u: RunUsage) => number) => perAgent.reduce((n, u) => n + f(u), 0);
  const costs = perAgent.map((u) => u.costUsd).filter((c): c is number => c !== null);
  return {
    tokens: tokenTotals(sum((u) => u.tokens.input), sum((u) => u.tokens.output), sum((u) => u.tokens.cacheCreation), sum((u) => u.tokens.cacheRead)),
    costUsd: costs.length ? Math.round(costs.reduce((a, b) => a + b, 0) * 1e6) / 1e6 : null,
  };
}
