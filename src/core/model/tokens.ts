/** Token counts as orc keeps them; `effectiveInput` is the whole input context (uncached + cache write + cache read). */
export interface TokenTotals {
  readonly input: number;
  readonly output: number;
  readonly cacheCreation: number;
  readonly cacheRead: number;
  readonly total: number;
  readonly effectiveInput: number;
}

export function tokenTotals(input: number, output: number, cacheCreation: number, cacheRead: number,
  storedTotal?: number): TokenTotals {
  return {
    input, output, cacheCreation, cacheRead,
    total: storedTotal ?? input + output + cacheCreation + cacheRead,
    effectiveInput: input + cacheCreation + cacheRead,
  };
}
