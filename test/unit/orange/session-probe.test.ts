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
