import * as assert from 'node:assert';
import { batonApi, shownViews } from './helpers/baton';

// Issue 17 item 5. This file runs right after activation.test.ts, before any test opens a Baton view.
describe('attention at a glance', () => {
  it('sets the activity-bar badge at activation, before any Baton view is shown', async () => {
    const api = await batonApi();
    assert.strictEqual(api.decisions.needsYou.current, undefined, 'Needs You was never shown');
    // The fixture's run waits on one CRP.
    const expected = { value: 1, tooltip: '1 decision waiting for you' };
    assert.deepStrictEqual(api.attention.badge.badge, expected);
    assert.deepStrictEqual(api.attention.badge.carrierBadge, expected, 'a tree view created at activation holds it');
    assert.strictEqual(api.attention.badge.carrierId, 'baton.tasks');
    assert.ok(shownViews(api.attention.contextKeys()).includes('baton.tasks'), 'the carrier is a view the workbench shows');
    assert.deepStrictEqual(api.decisions.needsYou.badge, expected);
  });

  it('shows the views of systems that have state, and hides Ultrawork (no session here)', async () => {
    const api = await batonApi();
    const keys = api.attention.contextKeys();
    assert.deepStrictEqual(['orc', 'orchestral', 'intents', 'orange', 'ultrawork', 'orcInitiatives'].map((s) => keys[`baton.has.${s}`]),
      [true, true, true, true, false, true]);
    assert.deepStrictEqual(shownViews(keys), ['baton.needsYou', 'baton.tasks', 'baton.initiatives', 'baton.runs', 'baton.intents', 'baton.orange']);
  });

  it('shows running (a live executor) and orphaned apart, as the counting function and the tree do', async () => {
    const api = await batonApi();
    const orphan = api.service.items().find((i) => i.system === 'orc' && i.id === 'TASK-002');
    assert.ok(orphan?.system === 'orc' && orphan.kind === 'task' && orphan.status === 'running' && orphan.orphaned);
    assert.doesNotMatch(api.statusBar.text, /running/, 'an orphaned task is not counted as running');
    assert.match(api.statusBar.text, /\$\(warning\) 1 orphaned/);
  });
});
