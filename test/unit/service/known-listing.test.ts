import * as assert from 'node:assert';
import { mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JsonIndexCache } from '../../../src/core/service/index-cache';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { checkSnapshot } from '../../../src/core/service/snapshot-proof';
import type { KnownListing, ScanFacts } from '../../../src/core/service/workspace-index';
import { ageTree } from '../helpers/age-tree';
import { TempWorkspace, taskYaml } from '../helpers/temp-workspace';

/**
 * The CLI's run after a change (snapshot-proof.ts → WorkspaceIndex.scan's `known`): a listing proven current is
 * trusted — the scan neither lists the folders again nor stats a file — and only the files it is told moved are read.
 * These tests show the trust on purpose (a change it is not told of stays unseen), which is what makes it fast; the
 * proof that tells it is checkSnapshot, tested here too.
 */
describe('a scan given a known listing: reads only what moved, lists nothing', () => {
  let ws: TempWorkspace;
  let cacheDir: string;
  beforeEach(() => {
    ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'Base', status: 'completed' }),
      '.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: 'Login page', status: 'planned', blocked_by: ['TASK-001'] }),
      '.orc/tasks/TASK-002/state.yaml': 'status: planned\n',
      '.orc/initiatives/INIT-001/initiative.yaml': 'id: INIT-001\ntitle: Auth\nstatus: active\ntasks:\n  - id: TASK-002\n',
    });
    ageTree(ws.root);
    cacheDir = mkdtempSync(path.join(os.tmpdir(), 'baton-known-listing-'));
  });
  afterEach(() => {
    ws.dispose();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  const service = () => new OrchestrationService({ folders: [{ root: ws.root }], cache: new JsonIndexCache(cacheDir), recordsDiscovery: true });
  const titles = (s: OrchestrationService) => Object.fromEntries(s.items().map((i) => [i.id, i.title]));

  async function firstFacts(): Promise<ScanFacts> {
    const first = service();
    await first.scan();
    const facts = first.scanFacts(ws.root);
    first.dispose();
    assert.ok(facts?.discovery, 'the first scan kept its discovery\'s witness');
    return facts;
  }

  /** TASK-002 renamed (an older mtime than the tree's, still in the past) and a task added: neither told yet. */
  function change(): string {
    const file = ws.write('.orc/tasks/TASK-002/task.yaml', taskYaml({ id: 'TASK-002', title: 'Logout page', status: 'planned', blocked_by: ['TASK-001'] }));
    const when = new Date(Date.now() - 30 * 60_000);
    utimesSync(file, when, when);
    ws.write('.orc/tasks/TASK-003/task.yaml', taskYaml({ id: 'TASK-003', title: 'New', status: 'created' }));
    return file;
  }

  it('trusts the listing and the stats it is given, reads the files told moved, and keeps the witness', async () => {
    const facts = await firstFacts();
    const file = change();
    const known = (moved: KnownListing['moved']): KnownListing => ({ root: ws.root, facts, moved, at: Date.now() });

    const trusting = service();
    await trusting.scan({ known: known(new Map()) });
    assert.deepStrictEqual(titles(trusting), { 'TASK-001': 'Base', 'TASK-002': 'Login page', 'INIT-001': 'Auth' },
      'told nothing moved: the cached records, no new folder (nothing was stat\'ed or listed)');
    trusting.dispose();

    const row = facts.files.findIndex(([f]) => f === file);
    const { size, mtimeMs } = statSync(file);
    const told = service();
    await told.scan({ known: known(new Map([[row, { size, mtimeMs }]])) });
    assert.deepStrictEqual(titles(told), { 'TASK-001': 'Base', 'TASK-002': 'Logout page', 'INIT-001': 'Auth' }, 'the file told moved is read');
    const after = told.scanFacts(ws.root);
    assert.deepStrictEqual(after?.discovery, facts.discovery, 'the witness it was given is kept for the next run');
    assert.deepStrictEqual(after?.files.map(([f]) => f), facts.files.map(([f]) => f), 'the same files, in the same order');
    assert.deepStrictEqual(after?.files[row]?.slice(2, 4), [size, mtimeMs], 'with the stat the file was read with');
    told.dispose();

    const full = service();
    await full.scan();
    assert.strictEqual(titles(full)['TASK-003'], 'New', 'a scan without it lists the folders');
    full.dispose();
  });

  it('a listing that cannot be this folder\'s is not used: the scan lists as always', async () => {
    const facts = await firstFacts();
    change();
    const cases: [string, KnownListing][] = [
      ['another folder', { root: path.join(ws.root, 'elsewhere'), facts, moved: new Map(), at: Date.now() }],
      ['no witness', { root: ws.root, facts: { ...facts, discovery: null }, moved: new Map(), at: Date.now() }],
      ['a system this folder does not read', { root: ws.root, facts: { ...facts, files: facts.files.map((r) => [r[0], 'nonesuch', r[2], r[3], r[4]] as const) }, moved: new Map(), at: Date.now() }],
      ['another read variant', { root: ws.root, facts: { ...facts, files: facts.files.map((r) => [r[0], r[1], r[2], r[3], 'other'] as const) }, moved: new Map(), at: Date.now() }],
      ['a file twice', { root: ws.root, facts: { ...facts, files: [...facts.files, facts.files[0]!] }, moved: new Map(), at: Date.now() }],
    ];
    for (const [what, known] of cases) {
      const s = service();
      await s.scan({ known });
      assert.deepStrictEqual(titles(s), { 'TASK-001': 'Base', 'TASK-002': 'Logout page', 'TASK-003': 'New', 'INIT-001': 'Auth' }, what);
      s.dispose();
    }
  });

  it('checkSnapshot: every moved file with its stat now, the listing only while its witness holds', async () => {
    const facts = await firstFacts();
    const unchanged = checkSnapshot(facts, Date.now());
    assert.deepStrictEqual([unchanged.current, unchanged.listing, unchanged.moved?.size], [true, true, 0]);

    const a = ws.path('.orc/tasks/TASK-001/task.yaml');
    const b = ws.path('.orc/tasks/TASK-002/state.yaml');
    for (const [n, file] of [a, b].entries()) {
      ws.write(path.relative(ws.root, file), `status: completed\n# edit ${n}\n`);
      utimesSync(file, new Date(Date.now() - 20 * 60_000), new Date(Date.now() - (20 + n) * 60_000));
    }
    const edited = checkSnapshot(facts, Date.now());
    assert.strictEqual(edited.current, false);
    assert.strictEqual(edited.listing, true, 'content edits leave the listing as it was');
    const moved = [...edited.moved!].map(([row, stat]) => [facts.files[row]![0], stat.size, stat.mtimeMs]);
    assert.deepStrictEqual(moved, [a, b].map((f) => [f, statSync(f).size, statSync(f).mtimeMs]).sort((x, y) =>
      facts.files.findIndex(([f]) => f === x[0]) - facts.files.findIndex(([f]) => f === y[0])), 'both files, not only the first');

    ws.write('.orc/tasks/TASK-003/task.yaml', taskYaml({ id: 'TASK-003', title: 'New', status: 'created' }));
    const listed = checkSnapshot(facts, Date.now());
    assert.deepStrictEqual([listed.current, listed.listing], [false, false], 'a folder added: the listing is not known');
    assert.deepStrictEqual(checkSnapshot({ ...facts, discovery: null }, 5), { current: false, listing: false, at: 5 }, 'no witness: nothing known');
  });
});
