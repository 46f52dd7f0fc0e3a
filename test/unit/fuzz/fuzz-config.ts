/**
 * How many cases a fuzz property runs. `npm test` runs a CI-sized number; `npm run fuzz` sets BATON_FUZZ_RUNS
 * (10,000 per format). BATON_FUZZ_SEED and BATON_FUZZ_PATH replay one failure exactly as fast-check printed it.
 */
export const FUZZ_MODE = !!process.env.BATON_FUZZ_RUNS;
export const FUZZ_RUNS = Number(process.env.BATON_FUZZ_RUNS) || 60;

export function fuzzParameters(runs = FUZZ_RUNS): { numRuns: number; seed?: number; path?: string; endOnFailure?: boolean } {
  const seed = process.env.BATON_FUZZ_SEED;
  const replayPath = process.env.BATON_FUZZ_PATH;
  return { numRuns: runs, ...(seed ? { seed: Number(seed) } : {}), ...(replayPath ? { path: replayPath } : {}) };
}

/** A mocha timeout that grows with the number of cases (the hostile battery has a fixed cost on top). */
export function fuzzTimeout(runs = FUZZ_RUNS, perCaseMs = 40, fixedMs = 60_000): number {
  return fixedMs + runs * perCaseMs;
}
