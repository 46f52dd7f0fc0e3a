import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO } from '../helpers/temp-workspace';
import { WILD_VALID, wildOrangeHome } from './helpers';

const CLI = path.join(REPO, 'dist', 'cli.js');

function baton(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args, '--no-cache'], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('baton check and scan on the wild orange fixtures (--home)', () => {
  let scratch: string;
  before(function () {
    if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first');
  });
  beforeEach(() => { scratch = mkdtempSync(path.join(os.tmpdir(), 'baton-orange-wild-cli-')); });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it('check exits 0 with nothing to say on every valid fixture', () => {
    for (const name of WILD_VALID) {
      const home = wildOrangeHome(name, path.join(scratch, name));
      const r = baton(['check', home.root, '--home', home.home]);
      assert.deepStrictEqual([r.code, r.stdout], [0, ''], `${name}: ${r.stdout}${r.stderr}`);
    }
  });

  it('check names what orange reads otherwise, as warnings and infos (exit 0)', () => {
    const home = wildOrangeHome('fence-and-heading-traps', scratch);
    const r = baton(['check', home.root, '--home', home.home]);
    assert.strictEqual(r.code, 0, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.strictEqual(lines.length, 6, r.stdout);
    assert.match(lines.find((l) => l.includes('JTa3cxRHTgTOcuVZ0GRYE'))!, /TASK\.md:23:1: warning: this "## Review" is inside a code block/);
  });

  it('scan --json gives the facts orange derives: legacy statuses, pr_state, efforts, titles without a summary, history', () => {
    const items = (name: 'head-task-store' | 'legacy-statuses' | 'no-summary') => {
      const home = wildOrangeHome(name, path.join(scratch, name));
      const r = baton(['scan', home.root, '--home', home.home, '--json']);
      assert.strictEqual(r.code, 0, r.stderr);
      const report = JSON.parse(r.stdout) as { items: Record<string, unknown>[]; diagnostics: unknown[] };
      assert.deepStrictEqual(report.diagnostics, []);
      return new Map(report.items.filter((i) => i.system === 'orange').map((i) => [i.id as string, i]));
    };
    const head = items('head-task-store');
    assert.strictEqual(head.size, 9);
    const pick = (i: Record<string, unknown>, keys: string[]) => keys.map((k) => i[k]);
    assert.deepStrictEqual(pick(head.get('KSEbxkURT5K48edtH9LZU')!, ['status', 'verdict', 'prUrl', 'prState', 'createdAt']),
      ['done', 'PASS', 'https://github.com/acme/shop/pull/398', 'MERGED', '2026-03-10T08:00:00.000Z']);
    assert.deepStrictEqual(pick(head.get('jlfCANdf345tA39Mp0x0h')!, ['harness', 'effort', 'reviewEffort', 'crashCount', 'planValid', 'extra']),
      ['codex', 'high', 'medium', 1, true, {}]);
    const history = head.get('0p7hZG20NdrJnNIUy0UCg')!.recentHistory as { type: string; details: Record<string, unknown> }[];
    assert.deepStrictEqual(history.map((e) => e.type), ['task.created', 'agent.spawned', 'status.changed', 'task.updated']);
    assert.deepStrictEqual(history[1]!.details, { workspace: 'shop--1', tmux_session: 'shop/orange-tasks/0p7hZG20NdrJnNIUy0UCg' });

    const legacy = items('legacy-statuses');
    assert.deepStrictEqual([...legacy.values()].map((i) => pick(i, ['status', 'title'])), [
      ['reviewed', 'Export the orders table as CSV from the admin API'],
      ['failed', 'Verify the signature of incoming partner webhooks'],
      ['reviewed', 'Report the build version on /healthz'],
    ]);
    assert.deepStrictEqual(pick(items('no-summary').get('zCXffNLGGyMgWUP9Ak5U1')!, ['summary', 'title']),
      ['', 'The settings page takes four seconds to open for accounts with many addresses.']);
  });

  it('scan prints legacy statuses and titles as orange knows them', () => {
    const home = wildOrangeHome('branch-named-folders', scratch);
    const r = baton(['scan', home.root, '--home', home.home]);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.match(r.stdout, /\n {2}Q7wX2pRt {2}api {8}needs_human {3}Serve the dark theme tokens from \/theme when the client asks for them\n/);
  });
});
