import * as assert from 'node:assert';
import { readFileSync } from 'node:fs';
import { writeOrcWorkspace } from '../../../bench/lib/orc-workspace';
import { OrcAdapter } from '../../../src/core/formats/orc-eras/adapter';
import { freshJsonCopy } from '../../../src/core/util/fresh-copy';
import { TempWorkspace } from '../helpers/temp-workspace';
import { rng, type Rng } from '../yaml/orc-yaml-gen';

const roundTrip = (value: unknown): unknown => value === undefined ? undefined : JSON.parse(JSON.stringify(value)) as unknown;

/** Asserts the copy is the round trip's value: same members, same key order, same prototypes, -0 and NaN as JSON writes them. */
function same(value: unknown, strings?: Map<string, string>): void {
  const copy = freshJsonCopy(value, strings);
  const expected = roundTrip(value);
  assert.deepStrictEqual(copy, expected);
  assert.strictEqual(JSON.stringify(copy), JSON.stringify(expected));
}

const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const TEXTS = ['', 'a', 'running', 'TASK-00001', '2026-01-01T00:00:00Z', 'exactly twenty-five chars', 'twenty-six characters long',
  'x'.repeat(200), 'é日本😀', '\ud800 lone', 'line\nbreak "quoted" \\ back', '__proto__', 'constructor', 'toJSON'];
const NUMBERS = [0, -0, 1, -1.5, 1e21, 5e-324, NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER + 2];
const KEYS = ['id', 'status', '1', '0', '10', '-1', 'a b', '', 'toJSON', 'constructor', 'phases', 'é'];

function value(r: Rng, depth: number): unknown {
  const x = r();
  if (x < 0.3) return pick(r, TEXTS);
  if (x < 0.45) return pick(r, NUMBERS);
  if (x < 0.5) return r() < 0.5;
  if (x < 0.55) return null;
  if (x < 0.6) return undefined;
  if (depth > 4) return 'leaf';
  if (x < 0.72) return Array.from({ length: Math.floor(r() * 4) }, () => value(r, depth + 1));
  if (x < 0.73) return [1, , 'x']; // eslint-disable-line no-sparse-arrays
  if (x < 0.74) return new Date(0);
  if (x < 0.75) return JSON.parse('{"__proto__": {"a": 1}, "b": 2}') as unknown;
  if (x < 0.76) return Object.assign(Object.create(null) as object, { a: 'x', b: [1] });
  if (x < 0.77) return { toJSON: () => 'mine', a: 1 };
  if (x < 0.78) return { [Symbol('s')]: 1, a: 'x' };
  const o: Record<string, unknown> = {};
  for (let i = Math.floor(r() * 5); i > 0; i--) o[pick(r, KEYS)] = value(r, depth + 1);
  return o;
}

describe('freshJsonCopy: the JSON round trip\'s value, cheaper', () => {
  it('gives JSON.parse(JSON.stringify(v)) for 20,000 random values (odd ones included), with and without shared strings', () => {
    const r = rng(1807);
    const strings = new Map<string, string>();
    for (let i = 0; i < 20000; i++) same(value(r, 0), i % 2 ? strings : undefined);
  });

  it('shares a value met twice and copies a deep one through the round trip', () => {
    const shared = { a: 'shared' };
    same({ x: shared, y: [shared, shared] });
    let deep: unknown = 'bottom';
    for (let i = 0; i < 500; i++) deep = { d: deep };
    same(deep);
    same([undefined, () => 1, Symbol('s')]);
    assert.throws(() => freshJsonCopy({ n: 10n }), TypeError); // as the round trip throws
  });

  it('gives the round trip\'s value for every record of the benchmark\'s orc workspace', async () => {
    const ws = new TempWorkspace();
    try {
      writeOrcWorkspace(ws.root, 200);
      const adapter = new OrcAdapter();
      const files = await adapter.discover({ root: ws.root });
      const strings = new Map<string, string>();
      for (const file of files) same(adapter.parse(file, readFileSync(file, 'utf8'), { root: ws.root }).record, strings);
      assert.ok(files.length > 400 && strings.size > 100, `${files.length} files, ${strings.size} shared strings`);
    } finally {
      ws.dispose();
    }
  });
});
