import * as assert from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { FIXTURES, TempWorkspace } from '../helpers/temp-workspace';
import { McpSession, waitFor } from './mcp-session';

const TASK_3 = 'baton://task/orc/TASK-003';

describe('baton mcp: a live index (files changed on disk, resources, subscriptions)', function () {
  let ws: TempWorkspace;
  let mcp: McpSession;
  const updates: string[] = [];
  before(async () => {
    ws = new TempWorkspace({}, path.join(FIXTURES, 'workspace'));
    mcp = await McpSession.start([ws.root, '--home', ws.path('.home')]);
    mcp.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => { updates.push(n.params.uri); });
  });
  after(async () => { await mcp?.close(); ws?.dispose(); });

  it('offers baton://task/{system}/{id} as a template and lists the items', async () => {
    const { resourceTemplates } = await mcp.client.listResourceTemplates();
    assert.deepStrictEqual(resourceTemplates.map((t) => t.uriTemplate), ['baton://task/{system}/{id}']);
    const { resources } = await mcp.client.listResources();
    assert.ok(resources.some((r) => r.uri === TASK_3 && r.mimeType === 'application/json'));
    const read = await mcp.client.readResource({ uri: TASK_3 });
    const item = JSON.parse(String((read.contents[0] as { text: string }).text));
    assert.deepStrictEqual([item.system, item.id, item.status], ['orc', 'TASK-003', 'planned']);
    assert.ok(mcp.client.getServerCapabilities()?.resources?.subscribe, 'subscriptions are offered');
  });

  it('a file changed on disk is in the next answers, and a subscribed resource is told', async () => {
    await mcp.client.subscribeResource({ uri: TASK_3 });
    const file = ws.path('.orc/tasks/TASK-003/task.yaml');
    ws.write('.orc/tasks/TASK-003/task.yaml', readFileSync(file, 'utf8').replace('status: planned', 'status: running'));
    await waitFor(async () => ((await mcp.json<{ status: string }>('baton_task', { system: 'orc', id: 'TASK-003' })).status === 'running' || undefined),
      'TASK-003 to read as running');
    await waitFor(() => updates.includes(TASK_3) || undefined, 'notifications/resources/updated for TASK-003');
    const read = await mcp.client.readResource({ uri: TASK_3 });
    assert.strictEqual(JSON.parse(String((read.contents[0] as { text: string }).text)).status, 'running');
    // A resource not subscribed to is not announced.
    assert.ok(!updates.includes('baton://task/orc/TASK-004'));
  });

  it('after unsubscribing, a change is no longer announced', async () => {
    await mcp.client.unsubscribeResource({ uri: TASK_3 });
    const seen = updates.length;
    const file = ws.path('.orc/tasks/TASK-003/task.yaml');
    ws.write('.orc/tasks/TASK-003/task.yaml', readFileSync(file, 'utf8').replace('status: running', 'status: paused'));
    await waitFor(async () => ((await mcp.json<{ status: string }>('baton_task', { system: 'orc', id: 'TASK-003' })).status === 'paused' || undefined),
      'TASK-003 to read as paused');
    assert.strictEqual(updates.length, seen);
  });

  it('a task folder made after the start is found', async () => {
    ws.write('.orc/tasks/TASK-010/task.yaml', 'id: TASK-010\ntitle: "Made while serving"\nstatus: created\nweight: small\n');
    await waitFor(async () => ((await mcp.json<{ total: number }>('baton_tasks', { text: 'made while serving' })).total === 1 || undefined),
      'TASK-010 to be listed');
  });

  it('a state folder made after the start (.dure/) is watched and read', async () => {
    const run = path.join(FIXTURES, 'wild/dure/waiting-on-you/.dure/runs/run-20260130091200');
    for (const rel of ['state.json', 'crp/crp-1769764363000.json', 'briefing/raw.md']) ws.write(`.dure/runs/run-20260130091200/${rel}`, readFileSync(path.join(run, rel)));
    // Well under the 15 s of the periodic look for new files: the folder's appearance is what reads it.
    await waitFor(async () => ((await mcp.json<{ total: number }>('baton_tasks', { system: 'orchestral', text: 'run-20260130091200' })).total === 1 || undefined),
      'the new .dure run to be listed', 10_000);
    // And the new folder's later changes arrive through its own watcher.
    const state = ws.path('.dure/runs/run-20260130091200/state.json');
    ws.write('.dure/runs/run-20260130091200/state.json', readFileSync(state, 'utf8').replace('"waiting_human"', '"failed"'));
    await waitFor(async () => ((await mcp.json<{ status: string }>('baton_task', { system: 'orchestral', id: 'run-20260130091200' })).status === 'failed' || undefined),
      'the run\'s change to be read', 10_000);
  });

  it('a change under a home root (an orange task under --home) is read', async () => {
    const rel = '.home/orange/tasks/fixture/bGS3g6mCg93LRY54t6Uy6/TASK.md';
    ws.write(rel, readFileSync(ws.path(rel), 'utf8').replace(/^status: working$/m, 'status: stuck'));
    await waitFor(async () => ((await mcp.json<{ status: string }>('baton_task', { system: 'orange', id: 'bGS3g6mCg93LRY54t6Uy6' })).status === 'stuck' || undefined),
      'the orange task to read as stuck');
  });

  it('a CRP answered on disk (a VCR appears) shows its answer in baton_decision', async () => {
    const q = { id: 'crp-001', run: 'run-20260201120000' };
    assert.strictEqual((await mcp.json<{ state: string }>('baton_decision', q)).state, 'pending');
    ws.write('.orchestral/runs/run-20260201120000/vcr/vcr-1769900000000.json', JSON.stringify({
      vcr_id: 'vcr-1769900000000', crp_id: 'crp-001', created_at: '2026-02-01T12:10:00Z', decision: 'B', rationale: 'Keep it simple.',
      additional_notes: '', applies_to_future: false,
    }, null, 2));
    const answered = await waitFor(async () => {
      const d = await mcp.json<{ state: string; answer: { decision: string; rationale: string } | null }>('baton_decision', q);
      return d.state === 'answered' ? d : undefined;
    }, 'crp-001 to be answered');
    assert.deepStrictEqual([answered.answer?.decision, answered.answer?.rationale], ['B', 'Keep it simple.']);
    const pending = await mcp.json<{ items: { id: string; run: string }[] }>('baton_decisions', { system: 'orchestral' });
    assert.ok(!pending.items.some((d) => d.run === 'run-20260201120000'), JSON.stringify(pending.items));
  });

  it('an orc human gate approved in state.yaml shows its record in baton_decision', async () => {
    const gate = (decision: string) => ['status: paused', 'gates:',
      `  - {phase: review, type: human, decision: ${decision}, rationale: "looks right", timestamp: 2026-01-10T11:00:00Z}`, ''].join('\n');
    ws.write('.orc/tasks/TASK-004/state.yaml', gate('pending'));
    const pending = await waitFor(async () => {
      const d = await mcp.json<{ state: string; decision: { options: { id: string }[] } }>('baton_decision', { id: 'TASK-004:review', system: 'orc' }).catch(() => undefined);
      return d?.state === 'pending' ? d : undefined;
    }, 'the gate to wait for a person');
    assert.deepStrictEqual(pending.decision.options.map((o) => o.id), ['approve', 'reject']);
    ws.write('.orc/tasks/TASK-004/state.yaml', gate('approved'));
    const answered = await waitFor(async () => {
      const d = await mcp.json<{ state: string; answer: { decision: string; rationale: string } | null }>('baton_decision', { id: 'TASK-004:review', system: 'orc' });
      return d.state === 'answered' ? d : undefined;
    }, 'the gate to be answered');
    assert.deepStrictEqual([answered.answer?.decision, answered.answer?.rationale], ['approved', 'looks right']);
  });
});
