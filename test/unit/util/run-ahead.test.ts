import * as assert from 'node:assert';
import { runAhead } from '../../../src/core/util/run-ahead';

/** A source that notes when each of its values is made, and waits a turn before each. */
function noted(values: number[], made: number[], failAt?: number): AsyncGenerator<number> {
  return (async function* source() {
    for (const v of values) {
      await new Promise((resolve) => setImmediate(resolve));
      if (v === failAt) throw new Error(`failed at ${v}`);
      made.push(v);
      yield v;
    }
  })();
}

async function all<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const v of it) out.push(v);
  return out;
}

describe('runAhead', () => {
  it('runs the source on by itself until a value is asked for, and gives every value in order', async () => {
    const made: number[] = [];
    const ahead = runAhead(noted([1, 2, 3, 4, 5], made));
    // Nothing asked yet: a few turns later the source has made everything.
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
    assert.deepStrictEqual(made, [1, 2, 3, 4, 5]);
    assert.deepStrictEqual(await all(ahead), [1, 2, 3, 4, 5]);
  });

  it('pulls only as asked once the first value was asked for', async () => {
    const made: number[] = [];
    const ahead = runAhead(noted([1, 2, 3, 4, 5, 6], made));
    await new Promise((resolve) => setImmediate(resolve));
    const first = await ahead.next();
    const madeWhenAsked = made.length;
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
    // At most the one under way when the first was asked for is made after it: no more run ahead.
    assert.ok(made.length <= madeWhenAsked + 1, `made ${made.length} after asking, ${madeWhenAsked} then`);
    const rest = await all({ [Symbol.asyncIterator]: () => ahead });
    assert.deepStrictEqual([first.value, ...rest], [1, 2, 3, 4, 5, 6]);
  });

  it('gives the values of a plain list, and of a source that ends at once', async () => {
    assert.deepStrictEqual(await all(runAhead([['a'], ['b']])), [['a'], ['b']]);
    assert.deepStrictEqual(await all(runAhead([])), []);
  });

  it('throws the source\'s error at the value it stands in place of, with no unhandled rejection meanwhile', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const made: number[] = [];
      const ahead = runAhead(noted([1, 2, 3], made, 3));
      for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
      const got: number[] = [];
      await assert.rejects(async () => { for await (const v of ahead) got.push(v); }, /failed at 3/);
      assert.deepStrictEqual(got, [1, 2]);
      await new Promise((resolve) => setTimeout(resolve, 10));
      assert.deepStrictEqual(unhandled, []);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
  it('stops running ahead when told, before anything was asked', async () => {
    const made: number[] = [];
    const ahead = runAhead(noted([1, 2, 3, 4, 5, 6, 7, 8], made));
    await new Promise((resolve) => setImmediate(resolve));
    ahead.stop();
    const madeWhenStopped = made.length;
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    assert.ok(made.length <= madeWhenStopped + 1, `made ${made.length}, ${madeWhenStopped} when stopped`);
    assert.ok(made.length < 8);
  });
});
