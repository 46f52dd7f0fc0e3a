import { tokenTotals, type TokenTotals } from '../model/tokens';
import type { Usage } from './stream-json';

export interface Counts {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

export const ZERO: Counts = { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };

export function add(a: Counts, b: Usage | Counts): Counts {
  return {
    input_tokens: a.input_tokens + b.input_tokens,
    output_tokens: a.output_tokens + b.output_tokens,
    cache_creation_input_tokens: a.cache_creation_input_tokens + b.cache_creation_input_tokens,
    cache_read_input_tokens: a.cache_read_input_tokens + b.cache_read_input_tokens,
  };
}

export const totalOf = (c: Counts): number =>
  c.input_tokens + c.output_tokens + c.cache_creation_input_tokens + c.cache_read_input_tokens;

export const asTotals = (c: Counts): TokenTotals =>
  tokenTotals(c.input_tokens, c.output_tokens, c.cache_creation_input_tokens, c.cache_read_input_tokens);

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Counts from a state.yaml mapping (`tokens` or `phases.<name>.tokens`). */
export function countsFrom(v: unknown): Counts {
  const o = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
  return { input_tokens: num(o.input_tokens), output_tokens: num(o.output_tokens),
    cache_creation_input_tokens: num(o.cache_creation_input_tokens), cache_read_input_tokens: num(o.cache_read_input_tokens) };
}

/**
 * The task's token and cost totals across runs: what state.yaml held when the run started plus every finished
 * iteration since. The iteration in progress is kept apart until its `result` line gives the final usage.
 */
export class TokenLedger {
  private task: Counts;
  private readonly phases = new Map<string, Counts>();
  private cost: number;
  private readonly phaseCosts = new Map<string, number>();
  private live: Counts = ZERO;
  private liveIds = new Set<string>();
  /** `by_phase` entries of phases this ledger has no counts for (written by orc itself): kept as they were. */
  private readonly priorByPhase: Record<string, unknown>;

  constructor(state: Record<string, unknown>) {
    this.task = countsFrom(state.tokens);
    const tokens = (state.tokens ?? {}) as Record<string, unknown>;
    this.priorByPhase = typeof tokens.by_phase === 'object' && tokens.by_phase !== null ? { ...tokens.by_phase as Record<string, unknown> } : {};
    const phases = (state.phases ?? {}) as Record<string, unknown>;
    for (const [name, p] of Object.entries(phases)) {
      if (p && typeof p === 'object') this.phases.set(name, countsFrom((p as Record<string, unknown>).tokens));
    }
    // A `tokens` that is not a mapping of counts (hand-edited) is rebuilt from the phases' counts.
    if (typeof state.tokens !== 'object' || state.tokens === null) this.task = [...this.phases.values()].reduce(add, ZERO);
    const cost = (state.cost ?? {}) as Record<string, unknown>;
    this.cost = num(cost.total_cost_usd);
    for (const [name, c] of Object.entries((cost.phase_costs ?? {}) as Record<string, unknown>)) this.phaseCosts.set(name, num(c));
  }

  /** An assistant message's usage while the iteration runs; messages sharing an id are one API call. */
  streamed(messageId: string | null, usage: Usage): void {
    if (messageId !== null) {
      if (this.liveIds.has(messageId)) return;
      this.liveIds.add(messageId);
    }
    this.live = add(this.live, usage);
  }

  /** The iteration is over: its final usage (the result's, when there was one) joins the totals. */
  settle(phase: string, finalUsage: Usage | null, costUsd: number | null): Counts {
    const usage = finalUsage ?? this.live;
    this.task = add(this.task, usage);
    this.phases.set(phase, add(this.phases.get(phase) ?? ZERO, usage));
    if (costUsd !== null) {
      this.cost += costUsd;
      this.phaseCosts.set(phase, (this.phaseCosts.get(phase) ?? 0) + costUsd);
    }
    this.live = ZERO;
    this.liveIds = new Set();
    return usage;
  }

  phaseTotals(phase: string): TokenTotals {
    return asTotals(add(this.phases.get(phase) ?? ZERO, this.live));
  }

  taskTotals(): TokenTotals {
    return asTotals(add(this.task, this.live));
  }

  get costUsd(): number {
    return this.cost;
  }

  /** The `tokens` and `cost` values to write into state.yaml. */
  snapshot(): { tokens: Record<string, unknown>; phaseTokens: Map<string, Counts>; cost: Record<string, unknown> } {
    const byPhase: Record<string, unknown> = { ...this.priorByPhase };
    for (const [name, c] of this.phases) if (totalOf(c) > 0) byPhase[name] = totalOf(c);
    return {
      tokens: { ...this.task, total_tokens: totalOf(this.task), by_phase: byPhase },
      phaseTokens: this.phases,
      cost: { total_cost_usd: round(this.cost), phase_costs: Object.fromEntries([...this.phaseCosts].map(([k, v]) => [k, round(v)])) },
    };
  }
}

const round = (n: number): number => Math.round(n * 1e6) / 1e6;
