import * as assert from 'node:assert';
import { clampJson, pageOf } from '../../../src/core/queries/bounded';

describe('queries: bounded pages and values', () => {
  const rows = Array.from({ length: 120 }, (_, n) => ({ n, text: 'x'.repeat(100) }));

  it('pages by offset and limit, with the total and where the next page starts', () => {
    const first = pageOf(rows, 0, 50);
    assert.deepStrictEqual([first.total, first.offset, first.items.length, first.nextOffset, first.more], [120, 0, 50, 50, undefined]);
    const last = pageOf(rows, 100, 50);
    assert.deepStrictEqual([last.items.length, last.nextOffset, last.items[0]], [20, null, rows[100]]);
    // An offset past the end is an empty last page, not an error; a negative one starts at 0.
    assert.deepStrictEqual([pageOf(rows, 500, 50).items.length, pageOf(rows, 500, 50).nextOffset], [0, null]);
    assert.strictEqual(pageOf(rows, -3, 1).items[0], rows[0]);
  });

  it('stops a page early at the size bound and says where to go on', () => {
    const page = pageOf(rows, 10, 100, (r) => r, 1_000);
    assert.ok(page.items.length > 1 && page.items.length < 100);
    assert.ok(JSON.stringify(page.items).length <= 1_000);
    assert.strictEqual(page.nextOffset, 10 + page.items.length);
    assert.match(page.more ?? '', new RegExp(`offset ${10 + page.items.length}$`));
  });

  it('builds only the rows of the page', () => {
    let built = 0;
    pageOf(rows, 0, 5, (r) => { built++; return r; });
    assert.strictEqual(built, 5);
  });

  it('cuts long strings and lists in place, saying how much was left out, until the value fits', () => {
    const big = { text: 'y'.repeat(50_000), list: Array.from({ length: 1_000 }, (_, i) => i), small: 'kept' };
    const cut = clampJson(big, 10_000);
    assert.ok(JSON.stringify(cut).length <= 10_000);
    assert.strictEqual(cut.small, 'kept');
    assert.match(cut.text, /… \([\d,]+ more characters\)$/);
    assert.strictEqual(cut.list.at(-1) as unknown, `… ${1_000 - (cut.list.length - 1)} more`);
    const fits = { a: 1 };
    assert.strictEqual(clampJson(fits, 100), fits, 'a value that fits is returned as it is');
  });
});
