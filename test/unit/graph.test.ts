import * as assert from 'node:assert';
import { findCycles } from '../../src/core/formats/common/graph';

describe('dependency cycles', () => {
  const graph = (edges: Record<string, string[]>) => (n: string) => edges[n] ?? [];

  it('finds none in a chain', () => {
    assert.deepStrictEqual(findCycles(['A', 'B', 'C'], graph({ A: ['B'], B: ['C'] })), []);
  });

  it('finds a three-node cycle as a closed path', () => {
    const cycles = findCycles(['A', 'B', 'C', 'D'], graph({ A: ['B'], B: ['C'], C: ['A'], D: ['A'] }));
    assert.deepStrictEqual(cycles, [['A', 'B', 'C', 'A']]);
  });

  it('handles a 20,000-node chain without overflowing the stack', () => {
    const n = 20_000;
    const nodes = Array.from({ length: n }, (_, i) => `T${i}`);
    const cycles = findCycles(nodes, (id) => { const i = Number(id.slice(1)); return i + 1 < n ? [`T${i + 1}`] : ['T0']; });
    assert.strictEqual(cycles.length, 1);
    assert.strictEqual(cycles[0]!.length, n + 1);
  });
});
