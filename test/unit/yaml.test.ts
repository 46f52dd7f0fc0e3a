import * as assert from 'node:assert';
import { parse } from 'yaml';
import { loadYaml } from '../../src/core/yaml/fast-load';
import { YamlLocator } from '../../src/core/yaml/locate';

describe('fast YAML load', () => {
  it('gives the same values as the yaml package (timestamps stay strings)', () => {
    const text = 'a: 2026-01-10T10:30:00Z\nb: 0x10\nc: ~\nd: yes\ne: 1.5\nf: [x, "y"]\ng: |\n  two\n  lines\n';
    const fast = loadYaml(text);
    assert.ok(fast.ok);
    assert.deepStrictEqual(fast.value, parse(text));
    assert.strictEqual((fast.value as Record<string, unknown>).a, '2026-01-10T10:30:00Z');
  });

  it('reports a syntax error with its 1-based line and column', () => {
    const result = loadYaml('id: TASK-1\ntitle: ok\nblocked_by: [TASK-2\nstatus: x\n');
    assert.ok(!result.ok);
    assert.match(result.message, /^invalid YAML: /);
    assert.ok(result.position && result.position.line >= 3, `line ${result.position?.line}`);
  });

  it('reports duplicate keys', () => {
    const result = loadYaml('id: A\nid: B\n');
    assert.ok(!result.ok);
    assert.strictEqual(result.position?.line, 2);
    assert.match(result.message, /unique|duplicate/i);
  });

  it('refuses a "billion laughs" file quickly instead of expanding it', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i++) lines.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10).fill(`*${String.fromCharCode(96 + i)}`).join(', ')}]`);
    const started = Date.now();
    const result = loadYaml(lines.join('\n') + '\n');
    assert.ok(!result.ok);
    assert.match(result.message, /alias/i);
    assert.ok(Date.now() - started < 2000);
  });

  it('still reads ordinary aliases', () => {
    const result = loadYaml('base: &b {x: 1}\nother: *b\n');
    assert.ok(result.ok);
    assert.deepStrictEqual(result.value, { base: { x: 1 }, other: { x: 1 } });
  });

  it("resolves merge keys as orc's yaml.v3 does: own keys win, then the earlier merged mapping", () => {
    const text = 'defaults: &d {priority: high, queue: backlog, weight: small}\nurgent: &u {priority: critical, category: bug}\n'
      + 'one:\n  <<: *d\n  queue: active\nmany:\n  <<: [*u, *d]\n  weight: large\n';
    const result = loadYaml(text);
    assert.ok(result.ok);
    const value = result.value as Record<string, unknown>;
    assert.deepStrictEqual(value.one, { priority: 'high', queue: 'active', weight: 'small' });
    assert.deepStrictEqual(value.many, { priority: 'critical', category: 'bug', queue: 'backlog', weight: 'large' });
    const asText = loadYaml('d: &d {n: 0012}\ne:\n  <<: *d\n', { scalarsAsText: true });
    assert.deepStrictEqual(asText.ok && asText.value, { d: { n: '0012' }, e: { n: '0012' } });
  });

  it('locates values by path', () => {
    const locator = new YamlLocator('id: T\nblocked_by:\n  - A\n  - B\nmeta:\n  x: 1\n');
    assert.deepStrictEqual(locator.locate(['blocked_by', 1]), { line: 4, column: 5 });
    assert.deepStrictEqual(locator.locate(['meta', 'x']), { line: 6, column: 6 });
    assert.deepStrictEqual(locator.locate(['missing']), { line: 1, column: 1 });
  });
});
