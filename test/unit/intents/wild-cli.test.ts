import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { FIXTURES, REPO, TempWorkspace } from '../helpers/temp-workspace';
import { INTENT_FIXTURES } from './wild-fixtures';

const CLI = path.join(REPO, 'dist', 'cli.js');

function baton(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args, '--no-cache'], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** `baton check`, `scan --json` and `owner` on copies of the wild intents fixtures. */
describe('baton check, scan and owner on the wild intents fixtures', () => {
  let ws: TempWorkspace | undefined;
  afterEach(() => ws?.dispose());
  const copy = (name: string) => (ws = new TempWorkspace({}, path.join(FIXTURES, 'wild', 'intents', name)));

  it('check exits 0 with nothing to say on every fixture', () => {
    for (const name of INTENT_FIXTURES) {
      const w = copy(name);
      const r = baton(['check', w.root]);
      assert.deepStrictEqual([r.code, r.stdout], [0, ''], `${name}: ${r.stdout}${r.stderr}`);
      w.dispose();
    }
  });

  it('scan --json gives aliases, the selected intent and every field as written', () => {
    const w = copy('intents-fork-field-shapes');
    const r = baton(['scan', w.root, '--json']);
    assert.strictEqual(r.code, 0, r.stderr);
    const items = (JSON.parse(r.stdout).items as Record<string, unknown>[]).filter((i) => i.system === 'intents');
    const b = items.find((i) => i.id === 'INT-502')!;
    assert.deepStrictEqual([b.title, b.status, b.selected, b.ownedScope, b.constraints], ['Month-end close', '', true,
      ['/ledger/close/**', '/jobs/close_month.ts'], ['security: Only the close job may lock a period',
        'performance: A close finishes within five minutes for 1M postings']]);
    assert.deepStrictEqual((b.fields as Record<string, unknown>).last_verification, { command: 'npm test -- close', at: '2026-03-05T16:10:00Z', ok: true });
    const a = items.find((i) => i.id === 'INT-501')!;
    assert.deepStrictEqual([a.title, a.relatedSpecs], ['Double-entry postings', ['Posting rules (path: docs/specs/postings.md)', 'docs/adr/0007-reversals.md']]);
  });

  it('scan --json lists the files an intent map gives each intent', () => {
    const w = copy('map-heading-nested-bullets');
    const items = (JSON.parse(baton(['scan', w.root, '--json']).stdout).items as Record<string, unknown>[]);
    const b = items.find((i) => i.id === 'billing-day3')!;
    assert.deepStrictEqual(b.mappedFiles, ['svc/render/**', 'svc/render/worker.ts', 'svc/render/queue.ts']);
  });

  it('owner names owners through a heading-and-bullets map, a map glob, a case-variant map and a / scope', () => {
    let w = copy('map-heading-nested-bullets');
    let r = baton(['owner', 'svc/billing/tax/rates.ts', '--root', w.root, '--json']);
    assert.deepStrictEqual(JSON.parse(r.stdout).owners, [
      { intent: 'INT-101', name: 'Split the billing service', via: 'owned_scope', pattern: 'svc/billing/**' },
      { intent: 'INT-101', name: 'Split the billing service', via: 'intent_map' }]);
    w.dispose();
    w = copy('map-intent-id-first-table');
    r = baton(['owner', 'api/search-v2.ts', '--root', w.root, '--json']);
    assert.deepStrictEqual(JSON.parse(r.stdout).owners, [{ intent: 'INT-302', name: 'Search endpoint', via: 'intent_map' }]);
    w.dispose();
    w = copy('intents-file-name-case');
    r = baton(['owner', 'tools/build.ts', '--root', w.root]);
    assert.strictEqual(r.stdout, 'tools/build.ts: INT-601 Case-insensitive file names (via intent_map)\n');
    w.dispose();
    w = copy('intents-fork-field-shapes');
    r = baton(['owner', 'jobs/close_month.ts', '--root', w.root]);
    assert.strictEqual(r.stdout, 'jobs/close_month.ts: INT-502 Month-end close (via owned_scope /jobs/close_month.ts)\n');
  });
});
