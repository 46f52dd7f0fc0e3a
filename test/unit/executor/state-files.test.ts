import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { YamlStore } from '../../../src/core/executor/yaml-store';
import { formatDuration, parseDurationMs } from '../../../src/core/executor/time-format';
import { parseDurationSeconds } from '../../../src/core/executor/config';
import { TempWorkspace } from '../helpers/temp-workspace';

describe('executor: state files', () => {
  let ws: TempWorkspace;
  beforeEach(() => { ws = new TempWorkspace(); });
  afterEach(() => ws.dispose());

  it('re-applies an update when someone else wrote the file meanwhile, keeping their change and every comment', async () => {
    const file = ws.write('state.yaml', '# top\nstatus: running # live\n');
    const store = new YamlStore(file);
    let calls = 0;
    await store.update((doc) => {
      calls++;
      // Another writer (a person answering a gate) lands while this update is being computed.
      if (calls === 1) writeFileSync(file, '# top\nstatus: running # live\ngates: [{phase: spec, decision: approved}]\n');
      doc.set('current_iteration', 2);
    });
    assert.equal(calls, 2);
    const text = readFileSync(file, 'utf8');
    assert.match(text, /^# top\nstatus: running # live\n/);
    assert.match(text, /decision: approved/);
    assert.match(text, /current_iteration: 2/);
  });

  it('serialises updates from one process and creates a missing file', async () => {
    const file = ws.path('new/state.yaml');
    const store = new YamlStore(file);
    ws.write('new/.keep', ''); // the folder exists; the file does not
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.update((doc) => doc.set(`k${i}`, i))));
    const value = await store.read();
    assert.equal(Object.keys(value).length, 20);
  });

  it('refuses to touch a file that is not valid YAML', async () => {
    const file = ws.write('state.yaml', 'a: [1,\n');
    await assert.rejects(new YamlStore(file).update((doc) => doc.set('b', 1)), /not valid YAML/);
    await assert.rejects(new YamlStore(file).read(), /not valid YAML/);
    assert.equal(readFileSync(file, 'utf8'), 'a: [1,\n');
  });

  it('reads and writes orc durations', () => {
    assert.deepEqual([formatDuration(45_000), formatDuration(13 * 60_000 + 5000), formatDuration(2 * 3_600_000 + 15 * 60_000)], ['45s', '13m5s', '2h15m']);
    assert.equal(parseDurationMs('2h15m'), 8_100_000);
    assert.equal(parseDurationMs('250ms'), 250);
    assert.equal(parseDurationMs(null), 0);
    assert.equal(parseDurationSeconds('300s'), 300);
    assert.equal(parseDurationSeconds('1h30m'), 5400);
    assert.equal(parseDurationSeconds(90), 90);
    assert.equal(parseDurationSeconds('soon'), null);
  });
});
