import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO } from '../helpers/temp-workspace';
import { wildCopy, WILD_FIXTURES, type WildFixture } from './wild-helpers';

const CLI = path.join(REPO, 'dist', 'cli.js');

function baton(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: path.join(REPO, '.vscode-test', 'cli-test-cache') } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

type Item = Record<string, unknown> & { id: string; kind: string };

describe('baton check and scan on the wild orc fixtures', () => {
  const roots: string[] = [];
  let home: string;
  beforeEach(() => { home = mkdtempSync(path.join(os.tmpdir(), 'baton-orc-home-')); });
  afterEach(() => { for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true }); rmSync(home, { recursive: true, force: true }); });

  const copy = (name: WildFixture) => { const root = wildCopy(name); roots.push(root); return root; };
  const scan = (name: WildFixture) => {
    const r = baton(['scan', copy(name), '--home', home, '--json']);
    assert.strictEqual(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as { items: Item[]; diagnostics: unknown[]; decisions: unknown[] };
    assert.deepStrictEqual(report.diagnostics, []);
    return { report, item: (id: string) => report.items.find((i) => i.id === id)! };
  };

  it('check exits 0 with nothing to say on every valid fixture', () => {
    for (const name of WILD_FIXTURES) {
      const r = baton(['check', copy(name), '--home', home]);
      assert.deepStrictEqual([r.code, r.stdout], [0, ''], `${name}: ${r.stdout}${r.stderr}`);
    }
  });

  it('scan --json gives the tokens as the file counts them: the cache is not added to an input that holds it', () => {
    const { item } = scan('executor-tokens-cache-in-input');
    const done = item('TASK-041');
    assert.deepStrictEqual([done.status, done.weight, done.currentPhase, done.requiresUiTesting, done.costUsd],
      ['completed', 'medium', 'docs', false, 0]);
    assert.deepStrictEqual(done.tokens, { input: 1_145_090, output: 21_710, cacheCreation: 61_350, cacheRead: 1_074_400,
      total: 1_166_800, effectiveInput: 1_145_090 });
    assert.deepStrictEqual((done.phases as { name: string; status: string }[]).map((p) => `${p.name}:${p.status}`),
      ['implement:completed', 'test:completed', 'docs:completed']);
    assert.deepStrictEqual([item('TASK-042').requiresUiTesting, item('TASK-042').orphaned], [true, true]);

    const early = scan('first-days-no-cache').item('TASK-001');
    assert.deepStrictEqual(early.tokens, { input: 23, output: 3_615, cacheCreation: 0, cacheRead: 0, total: 3_638, effectiveInput: 23 });
    assert.deepStrictEqual([early.queue, early.priority, early.category, early.currentPhase], ['active', 'normal', 'feature', 'test']);
  });

  it('scan --json: the current phase from state.yaml, the phases already run before a plan of the remaining ones', () => {
    const t = scan('plan-lists-remaining-phases').item('TASK-055');
    assert.strictEqual(t.currentPhase, 'docs');
    assert.deepStrictEqual((t.phases as { name: string; status: string; inPlan: boolean; current: boolean }[])
      .map((p) => [p.name, p.status, p.inPlan, p.current]), [
      ['spec', 'completed', false, false], ['implement', 'completed', false, false], ['test', 'completed', false, false],
      ['docs', 'running', true, true], ['validate', 'pending', true, false]]);
    assert.deepStrictEqual(t.plan, { weight: 'large', generatedAt: null });
  });

  it('scan --json: failures, retries, a skipped phase; dependencies, pull requests and initiatives', () => {
    const runs = scan('interrupted-failed-retried');
    assert.deepStrictEqual(runs.report.items.map((i) => i.id).sort(), ['TASK-061', 'TASK-062', 'TASK-063', 'TASK-064']);
    const failed = runs.item('TASK-062');
    assert.deepStrictEqual([failed.status, (failed.retryContext as { toPhase: string }).toPhase], ['failed', 'implement']);
    assert.match(failed.error as string, /max iterations \(2\) reached/);
    assert.deepStrictEqual([runs.item('TASK-063').currentPhase, runs.item('TASK-061').status], [null, 'planned']);

    const deps = scan('initiatives-and-dependencies');
    assert.deepStrictEqual([deps.item('TASK-073').blocked, deps.item('TASK-073').blockedBy, deps.item('TASK-073').referencedBy],
      [true, ['TASK-072', 'TASK-074'], ['TASK-074']]);
    assert.deepStrictEqual([deps.item('TASK-071').status, deps.item('TASK-072').blocked], ['finished', false]);
    assert.strictEqual((deps.item('TASK-071').pr as { number: number }).number, 214);
    const init = deps.item('INIT-003');
    assert.deepStrictEqual([init.kind, init.status, init.progress, init.blocks], ['initiative', 'active', { completed: 2, total: 4 }, ['INIT-004']]);
    assert.deepStrictEqual((init.decisions as { id: string; timestamp: string; madeBy: string | null }[]).map((d) => [d.id, d.timestamp, d.madeBy]),
      [['DEC-001', '2026-01-13T21:18:44.36064753+01:00', null], ['DEC-002', '2026-01-13T21:18:44.367059103+01:00', null]]);
    assert.strictEqual(deps.item('INIT-004').blocked, true);
  });
});
