import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { expectsSession, mayHaveSession, sessionState, tmuxHasSession } from '../../../src/core/formats/orange/session-state';

const hasTmux = spawnSync('tmux', ['-V']).status === 0;

describe('orange session state (tmux has-session)', () => {
  it('is unknown, never a crash, when tmux is not there', async () => {
    assert.strictEqual(await tmuxHasSession('demo/anything', '/nonexistent/tmux'), undefined);
    const task = { status: 'working', tmuxSession: 'demo/x' };
    assert.strictEqual(sessionState(task, undefined), 'unknown');
  });

  it('expects no session for pending and finished tasks, or tasks without one', () => {
    assert.strictEqual(sessionState({ status: 'pending', tmuxSession: 'p/x' }, true), 'inactive');
    assert.strictEqual(sessionState({ status: 'done', tmuxSession: 'p/x' }, false), 'inactive');
    assert.strictEqual(sessionState({ status: 'working', tmuxSession: null }, undefined), 'inactive');
    assert.strictEqual(sessionState({ status: 'working', tmuxSession: 'p/x' }, false), 'crashed');
    assert.strictEqual(sessionState({ status: 'agent-review', tmuxSession: 'p/x' }, true), 'active');
  });

  it('is red only when an agent should be at work in the session and it is gone; a task waiting for a person owes none', () => {
    for (const status of ['planning', 'clarification', 'working', 'agent-review']) {
      assert.strictEqual(sessionState({ status, tmuxSession: 'p/x' }, false), 'crashed', status);
      assert.strictEqual(expectsSession({ status, tmuxSession: 'p/x' }), true, status);
    }
    for (const status of ['reviewing', 'stuck']) {
      const task = { status, tmuxSession: 'p/x' };
      assert.strictEqual(sessionState(task, false), 'inactive', `${status}: a closed session is not a crash`);
      assert.strictEqual(sessionState(task, undefined), 'inactive', `${status}: nothing to ask tmux about for the icon`);
      assert.strictEqual(sessionState(task, true), 'active', `${status}: a session still open is shown (and can be attached to)`);
      assert.strictEqual(expectsSession(task), false, status);
      assert.strictEqual(mayHaveSession(task), true, status);
    }
    assert.strictEqual(mayHaveSession({ status: 'done', tmuxSession: 'p/x' }), false);
  });

  it('sees a live session by its exact name, with a name that would mean something to a shell', async function () {
    if (!hasTmux) this.skip(); // scripts/setup-toolchain.sh installs tmux
    const name = `baton-test/${process.pid}; touch pwned $(id)`;
    const started = spawnSync('tmux', ['new-session', '-d', '-s', name, 'sleep', '30']);
    assert.strictEqual(started.status, 0, started.stderr.toString());
    try {
      assert.strictEqual(await tmuxHasSession(name), true);
      assert.strictEqual(await tmuxHasSession(name.slice(0, -3)), false, 'a prefix is not the session');
    } finally {
      spawnSync('tmux', ['kill-session', '-t', `=${name}`]);
    }
    assert.strictEqual(await tmuxHasSession(name), false);
  });
});
