import * as assert from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as jsYaml from 'js-yaml';
import { loadMachineYaml } from '../../../src/core/yaml/machine-yaml';
import type { ScalarSchema } from '../../../src/core/yaml/machine-scalars';
import { FIXTURES } from '../helpers/temp-workspace';
import { mutate, orcFile, rng } from './orc-yaml-gen';

// The schemas loadYaml gives js-yaml (src/core/yaml/fast-load.ts): the machine reader must match them exactly.
const MERGE = (jsYaml as unknown as { types: { merge: jsYaml.Type } }).types.merge;
const SCHEMAS: Record<ScalarSchema, jsYaml.Schema> = {
  core: jsYaml.CORE_SCHEMA.extend({ implicit: [MERGE] }),
  text: jsYaml.FAILSAFE_SCHEMA.extend({ implicit: [MERGE] }),
};

/** A value written out with its types, key order and -0 (deepStrictEqual ignores key order). */
function show(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'number') return Object.is(v, -0) ? 'n:-0' : `n:${v}`;
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(show).join(',')}]`;
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    return `{${Object.keys(v).map((k) => `${JSON.stringify(k)}:${show((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return `?${typeof v}:${String(v)}`;
}

/**
 * 'same' when the machine reader gives js-yaml's value, 'declined' when it leaves a text js-yaml reads to js-yaml,
 * 'invalid' when both refuse it; else throws.
 */
function check(text: string, schema: ScalarSchema, label: string): 'same' | 'declined' | 'invalid' {
  let expected: unknown;
  let error: unknown;
  try {
    expected = jsYaml.load(text, { schema: SCHEMAS[schema] });
  } catch (err) {
    error = err;
  }
  const got = loadMachineYaml(text, schema);
  if (!got) return error ? 'invalid' : 'declined';
  if (error) assert.fail(`${label} (${schema}): js-yaml refuses it (${(error as Error).message.split('\n')[0]}) but the machine reader gave ${show(got.value)}\n${text}`);
  assert.strictEqual(show(got.value), show(expected), `${label} (${schema}):\n${text}`);
  return 'same';
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name))
    .map((e) => path.join(e.parentPath ?? (e as unknown as { path: string }).path, e.name));
}

describe('machine-written YAML reader: exactly js-yaml or declined', () => {
  it('on every YAML fixture file, with both schemas', () => {
    const files = yamlFiles(FIXTURES);
    assert.ok(files.length > 50, `${files.length} fixture files`);
    let same = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const schema of ['core', 'text'] as const) if (check(text, schema, path.relative(FIXTURES, file)) === 'same') same++;
    }
    // Most fixtures are plain machine-style YAML: the reader must take them, or it is not a fast path.
    assert.ok(same > files.length, `read ${same} of ${files.length * 2}`);
  });

  it('on 10,000 generated orc files (task, state, plan, initiative), and takes most of those js-yaml reads', () => {
    const r = rng(18);
    const counts = { same: 0, declined: 0, invalid: 0 };
    for (let i = 0; i < 10000; i++) {
      const { kind, text } = orcFile(r);
      counts[check(text, i % 4 === 0 ? 'text' : 'core', `generated ${kind} #${i}`)]++;
    }
    // The generator's tricky values make many files invalid; of the valid ones, the declined hold the oddest values.
    assert.ok(counts.same > 0.75 * (counts.same + counts.declined), JSON.stringify(counts));
  });

  it('on 10,000 random mutations of them', () => {
    const r = rng(1818);
    const counts = { same: 0, declined: 0, invalid: 0 };
    for (let i = 0; i < 10000; i++) {
      const text = mutate(r, orcFile(r).text);
      counts[check(text, i % 4 === 0 ? 'text' : 'core', `mutant #${i}`)]++;
    }
    assert.ok(counts.same > 1000, JSON.stringify(counts));
  });

  it('reads the shapes orc writes', () => {
    const cases = [
      'a: 1\nb:\n  c: [x, y]\n  d: []\n  e: {}\nf:\n- 1\n- two\n',
      'list:\n    - name: spec\n      gate:\n        type: ai\n    - name: test\n',
      'a: |\n  one\n\n  two\n\n\nb: x\n', 'a: |-\n  one\n', 'a: |+\n  one\n\n', 'a: |+\n  one\n\n\n', 'a: |\n  no newline at the end',
      'a: >\n  folded\n  lines\n\n  para\n    more\n  back\n', 'a: >-\n  x\n  y\n', 'seq:\n  - |\n    text\n  - >\n    folded\n',
      'a: "esc \\t \\" \\\\ \\u00e9 \\U0001F600 \\x41 \\/ \\N"\nb: \'it\'\'s\'\n', '"quoted key": 1\n\'k\': 2\n1: int key\n~: null key\n',
      'a: 0o17\nb: 0x1F\nc: .inf\nd: -.INF\ne: .nan\nf: 1e3\ng: 1_000\nh: 2026-01-01\ni: ~\nj:\nk: null\nl: True\n',
      'a: x # comment\n# whole line\nb: "y" # c\nc: [a, b] # c\n', '- a\n-\n- - x\n', '-\n  a: 1\n- b\n',
    ];
    for (const text of cases) {
      for (const schema of ['core', 'text'] as const) check(text, schema, 'case');
    }
    assert.strictEqual(check(cases[0]!, 'core', 'case'), 'same');
    assert.strictEqual(check(cases[5]!, 'core', 'case'), 'same');
  });

  it('reads a key it has met before (kept interned, known-keys.ts) exactly as a new one, and times as text', () => {
    // Keys remembered by their first four characters: keys that start alike (more than a slot holds), a remembered key
    // that starts a longer key or is followed by a colon that does not end the key, keys that resolve to something
    // else than their text under the core schema (met first under the text schema), and repeated keys. Each text is
    // read after the others, in both schemas, in both orders.
    const cases = [
      'abcdefgh: 1\n', 'abcdZfgh: 2\n', 'abcdefgh: 3\nabcdZfgh: 4\n', 'abcdefgh: 5\nabcdefgh: 6\n', 'abcdefgh:\n  abcdZfgh: 7\n',
      'abcd1: 1\nabcd2: 2\nabcd3: 3\nabcd4: 4\nabcd5: 5\nabcd6: 6\n', 'abcd6: 1\nabcd1: 2\n',
      'abcd: 1\n', 'abcde: 1\n', 'abcd:e: 1\n', 'abcd:: 1\n', 'abcd:\n  abcd: 1\n', 'abcd:e:\n', 'ab: 1\n', 'abc: 1\n', 'ab:c: 1\n',
      `${'k'.repeat(100)}: 1\n${'k'.repeat(99)}: 2\n`, `${'k'.repeat(100)}: 3\n`, 'abcdefghi: 1\n', 'abcdefg: 1\n',
      '1.0: a\n', '1: a\n1.0: b\n', '0x1: a\n1: b\n', 'true: a\nTrue: b\n', '~: a\nnull: b\n', 'null: a\n',
      '- abcdefgh: 1\n  abcdZfgh: 2\n- abcdefgh: 3\n  abcdefgh: 4\n', '__proto__: 1\n', 'a: 1\nb:\n  a: 2\n  a: 3\n',
      'a: 2026-01-01T00:01:00Z\nb: 12:30\nc: -1:0\nd: +1:2\ne: .5:x\nf: 1_000:0\ng: 0x1F:a\nh: ~:x\ni: [1:2, 3]\n',
    ];
    for (const order of [cases, [...cases].reverse()]) {
      for (const schema of ['text', 'core', 'text'] as const) for (const text of order) check(text, schema, 'case');
    }
    assert.deepStrictEqual(loadMachineYaml('abcdefgh: 1\nabcdZfgh: 2\n', 'core')?.value, { abcdefgh: 1, abcdZfgh: 2 });
    assert.deepStrictEqual(loadMachineYaml('abcd: 1\nabcde: 2\nabcd:e: 3\n', 'core')?.value, { abcd: 1, abcde: 2, 'abcd:e': 3 });
    assert.deepStrictEqual(loadMachineYaml('1.0: a\n', 'text')?.value, { '1.0': 'a' });
    assert.deepStrictEqual(loadMachineYaml('1.0: a\n', 'core')?.value, { 1: 'a' });
    assert.strictEqual(loadMachineYaml('abcdefgh: 1\nabcdefgh: 2\n', 'core'), undefined);
    assert.strictEqual(loadMachineYaml('1: a\n1.0: b\n', 'core'), undefined);
    assert.deepStrictEqual(loadMachineYaml('b: 12:30\nc: 2026-01-01T00:01:00Z\n', 'core')?.value, { b: '12:30', c: '2026-01-01T00:01:00Z' });
  });

  it('declines what is js-yaml\'s business', () => {
    for (const text of ['a: &x 1\nb: *x\n', 'a: !!str 1\n', '<<: {a: 1}\n', 'a: 1\na: 2\n', '---\na: 1\n', 'a: 1\n---\nb: 2\n',
      'a:\n\tb: 1\n', 'a: {b: 1}\n', 'a: b\n  c\n', 'a: "b\n  c"\n', '? a\n: b\n', '', '# only a comment\n', 'just text\n',
      '  a: 1\n', 'a: |2\n   x\n', '__proto__: 1\n', 'a: [b, [c]]\n', 'a: [-]\n', 'a: \ufeff\n']) {
      assert.strictEqual(loadMachineYaml(text, 'core'), undefined, JSON.stringify(text));
    }
  });

  it('stays linear on a long list of plain items (no search past the line)', () => {
    const items = 'list:\n' + '- item\n'.repeat(200000) + 'last: 1\n';
    const started = process.hrtime.bigint();
    const got = loadMachineYaml(items, 'core');
    assert.strictEqual((got?.value as { list: unknown[] }).list.length, 200000);
    // Quadratic would be minutes; linear is milliseconds. The bound is loose on purpose (a busy machine).
    assert.ok(Number(process.hrtime.bigint() - started) / 1e6 < 5000);
  });

  it('reads a file nested deeper than the stack allows only by declining it', () => {
    const deep = Array.from({ length: 1000 }, (_, i) => `${' '.repeat(i)}k:`).join('\n') + ' 1\n';
    assert.strictEqual(loadMachineYaml(deep, 'core'), undefined);
  });
});
