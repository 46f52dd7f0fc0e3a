import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { REPO } from '../helpers/temp-workspace';
import { emptyWorkspace, SESSIONS, wildHome, WILD_FIXTURES } from './helpers';

const CLI = path.join(REPO, 'dist', 'cli.js');

function baton(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: path.join(REPO, '.vscode-test', 'cli-test-cache') } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('baton check and scan on the wild Ultrawork fixtures (--home)', () => {
  let ws: string;
  let scratch: string;
  beforeEach(() => { ws = emptyWorkspace(); scratch = emptyWorkspace(); });
  afterEach(() => { rmSync(ws, { recursive: true, force: true }); rmSync(scratch, { recursive: true, force: true }); });

  it('check exits 0 with nothing to say on every valid fixture', () => {
    for (const name of WILD_FIXTURES) {
      const into = path.join(scratch, name);
      const r = baton(['check', ws, '--home', wildHome(name, ws, into)]);
      assert.deepStrictEqual([r.code, r.stdout], [0, ''], `${name}: ${r.stdout}${r.stderr}`);
    }
  });

  it('scan --json titles a session by its goal and gives the brief, workers and failure reason as fields', () => {
    const home = wildHome('js-v6-two-logs', ws, path.join(scratch, 'a'));
    const r = baton(['scan', ws, '--home', home, '--json']);
    assert.strictEqual(r.code, 0, r.stderr);
    const items = (JSON.parse(r.stdout).items as Record<string, unknown>[]).filter((i) => i.system === 'ultrawork');
    const s = items.find((i) => i.kind === 'session')!;
    assert.deepStrictEqual([s.id, s.title, s.goal, s.goalBrief, s.status, s.iteration, s.assigned],
      ['8e4f2b17-3c6a-4d9e-b051-7a2c9e8f1d34', 'Add CSV export to the reports page', 'Add CSV export to the reports page', 'add-csv-export-to-the-reports', 'EXECUTION', 2, true]);
    assert.strictEqual(s.file, path.join(home, SESSIONS, '8e4f2b17-3c6a-4d9e-b051-7a2c9e8f1d34', 'session.json'));
    assert.deepStrictEqual((s.workers as { status: string }[]).map((w) => w.status), ['completed', 'failed']);
    assert.deepStrictEqual(s.evidence, { count: 6, partial: false });
    assert.deepStrictEqual(items.filter((i) => i.kind === 'task').map((t) => `${t.taskId}:${t.status}:${t.blocked}`), ['1:resolved:false', '2:in_progress:false', '3:blocked:true', 'verify:pending:true']);

    const ko = JSON.parse(baton(['scan', ws, '--home', wildHome('goal-is-the-title', ws, path.join(scratch, 'b')), '--json']).stdout).items
      .find((i: Record<string, unknown>) => i.id === '4f9a2c1e-7d3b-4e2a-9c5f-1b8d6e0a3f47');
    assert.deepStrictEqual([ko.title, ko.goalBrief], ['로그인 시도마다 감사 로그 남기기', 'session-4f9a2c1e']);

    const failed = JSON.parse(baton(['scan', ws, '--home', wildHome('terminal-sessions', ws, path.join(scratch, 'c')), '--json']).stdout).items
      .find((i: Record<string, unknown>) => i.id === 'b7e2d904-6a1c-4f3b-9e85-20c4d7a1f6e3');
    assert.deepStrictEqual([failed.status, failed.failureReason], ['FAILED', 'Import still over 30 minutes after 5 iterations']);
  });

  it('scan prints each session under its goal', () => {
    const r = baton(['scan', ws, '--home', wildHome('goal-is-the-title', ws, scratch)]);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.match(r.stdout, /4f9a2c1e-7d3b-4e2a-9c5f-1b8d6e0a3f47 {2}PLANNING {6}로그인 시도마다 감사 로그 남기기\n/);
    assert.match(r.stdout, /9c0b7e3d-2f18-4a65-8d9e-e4a7b1c60f25 {2}EXECUTION {5}Fix: \/api\/v2\/upload returns 500 on an empty body!\n/);
  });
});
