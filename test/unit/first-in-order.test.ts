import * as assert from 'node:assert';
import { firstInOrder } from '../../src/core/util/first-in-order';

/*
 * The Tasks tree puts only the page it shows in order (issue 18): firstInOrder must give exactly the first `limit`
 * items of the whole stable sort it replaces, ties and unknown ranks included.
 */

const BY_NUMBER = new Intl.Collator(undefined, { numeric: true });
const PRIORITIES = ['critical', 'high', 'normal', 'low', 'urgent', ''];
const rank = (t: { priority: string }) => { const i = PRIORITIES.slice(0, 4).indexOf(t.priority); return i < 0 ? 4 : i; };
const tieBreak = (a: { id: string }, b: { id: string }) => BY_NUMBER.compare(a.id, b.id);

/** A deterministic pseudo-random sequence (the same tasks on every run). */
function random(seed: number): () => number {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
}

describe('firstInOrder (the Tasks tree\'s page of a status group)', () => {
  it('gives the first items of the whole stable sort, for every page size, with ties the collator finds equal', () => {
    const next = random(18);
    // Ids that collate equal numerically ("TASK-7" and "TASK-007"), duplicates, other prefixes and unknown priorities.
    const tasks = Array.from({ length: 1500 }, (_, i) => ({
      seq: i,
      id: [`TASK-${Math.floor(next() * 400)}`, `TASK-${String(Math.floor(next() * 400)).padStart(3, '0')}`, `BUG-${Math.floor(next() * 50)}`, 'Ötask-1'][Math.floor(next() * 4)]!,
      priority: PRIORITIES[Math.floor(next() * PRIORITIES.length)]!,
    }));
    const whole = [...tasks].sort((a, b) => rank(a) - rank(b) || tieBreak(a, b));
    for (const limit of [0, 1, 7, 199, 200, 201, 380, 1499, 1500, 5000]) {
      const page = firstInOrder(tasks, limit, rank, tieBreak);
      assert.deepStrictEqual(page.map((t) => t.seq), whole.slice(0, limit).map((t) => t.seq), `limit ${limit}`);
    }
    assert.strictEqual(tasks.length, 1500, 'the input is left as it was');
  });

  it('gives nothing for no items', () => {
    assert.deepStrictEqual(firstInOrder<{ id: string; priority: string }>([], 200, rank, tieBreak), []);
  });
});
