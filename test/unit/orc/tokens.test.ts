import * as assert from 'node:assert';
import { orcTokenTotals } from '../../../src/core/formats/orc/tokens';

/** Whether the cache counts are inside input_tokens is decided from the file's own totals, never assumed. */
describe('orc token totals', () => {
  const totals = (input_tokens: number, output_tokens: number, cache_creation_input_tokens?: number, cache_read_input_tokens?: number,
    total_tokens?: number) => orcTokenTotals({ input_tokens, output_tokens, cache_creation_input_tokens, cache_read_input_tokens, total_tokens });

  it('orc\'s executor: total = input + output, so the input already holds the cache', () => {
    assert.deepStrictEqual(totals(40_000, 2_000, 3_000, 35_000, 42_000),
      { input: 40_000, output: 2_000, cacheCreation: 3_000, cacheRead: 35_000, total: 42_000, effectiveInput: 40_000 });
  });

  it('the spec\'s shape: total counts the cache beside the input, so it is added to get the effective input', () => {
    assert.deepStrictEqual(totals(45_000, 12_000, 2_000, 8_000, 67_000),
      { input: 45_000, output: 12_000, cacheCreation: 2_000, cacheRead: 8_000, total: 67_000, effectiveInput: 55_000 });
  });

  it('without a total: an input smaller than the cache cannot hold it; otherwise it is taken as orc wrote it', () => {
    assert.deepStrictEqual(totals(56, 900, 1_000, 30_000), { input: 56, output: 900, cacheCreation: 1_000, cacheRead: 30_000,
      total: 31_956, effectiveInput: 31_056 });
    assert.deepStrictEqual(totals(31_056, 900, 1_000, 30_000), { input: 31_056, output: 900, cacheCreation: 1_000, cacheRead: 30_000,
      total: 31_956, effectiveInput: 31_056 });
  });

  it('no cache counts (orc before 2026-01-13): the input is the effective input', () => {
    assert.deepStrictEqual(totals(23, 3_615, undefined, undefined, 3_638), { input: 23, output: 3_615, cacheCreation: 0, cacheRead: 0,
      total: 3_638, effectiveInput: 23 });
  });
});
