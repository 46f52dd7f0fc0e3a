import * as assert from 'node:assert';
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import type { OrangeTask } from '../../../src/core/formats/orange/model';
import { SessionProbe } from '../../../src/vscode/orange/session-probe';
import { TempWorkspace } from '../helpers/temp-workspace';

describe('orange session probe in an untrusted workspace', () => {
  let ws: TempWorkspace;
  let tmux: string;
  let record: string;
  beforeEach(() => {
    ws = new TempWorkspace();
    record = ws.path('ran.txt');
    // A stand-in tmux that says every session is alive and records that it ran.
    tmux = ws.write('bin/tmux', `#!/bin/sh\necho "$*" >> '${record}'\nexit 0\n`);
    chmodSync(tmux, 0o755);
  });
  afterEach(() => ws.dispose());

  const task = { status: 'working', tmuxSession: 'fixture/logging' } as OrangeTask;

  it('starts no tmux while it may not run processes: every session is unknown', async () => {
    let trusted = false;
    const probe = new SessionProbe(tmux, Date.now, () => trusted);
    assert.strictEqual(probe.state(task), 'unknown');
    assert.strictEqual(await probe.check('fixture/logging'), undefined);
    assert.strictEqual(existsSync(record), false, 'tmux never ran');
    trusted = true; // the person trusts the folder
    assert.strictEqual(await probe.check('fixture/logging'), true);
    assert.strictEqual(readFileSync(record, 'utf8'), 'has-session -t =fixture/logging\n');
    assert.strictEqual(probe.state(task), 'active');
    probe.dispose();
  });
});

describe('orange session probe: a question under way', () => {
  it('a second check while tmux is being asked gets that answer, not the last one seen', async () => {
    const ws = new TempWorkspace();
    try {
      // A stand-in tmux that answers slowly, alive while the file `alive` exists.
      const alive = ws.write('alive', '');
      const tmux = ws.write('bin/tmux', `#!/bin/sh\nsleep 0.3\n[ -e '${alive}' ]\n`);
      chmodSync(tmux, 0o755);
      const probe = new SessionProbe(tmux);
      assert.strictEqual(await probe.check('demo/a'), true);
      ws.remove('alive'); // the session ends
      const first = probe.check('demo/a'); // the sidebar's background question
      const second = await probe.check('demo/a'); // Attach, while the first is under way
      assert.strictEqual(second, false, 'the answer of the question under way, not the stale "alive"');
      assert.strictEqual(await first, false);
      probe.dispose();
    } finally {
      ws.dispose();
    }
  });
});
