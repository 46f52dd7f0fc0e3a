import * as assert from 'node:assert';
import path from 'node:path';
import { FIXTURES, TempWorkspace } from '../helpers/temp-workspace';
import { McpSession, textOf } from './mcp-session';

const INIT_001 = ['TASK-001', 'INIT-001'];
const TOOLS = ['baton_decision', 'baton_decisions', 'baton_intent_context', 'baton_log_trace', 'baton_owner', 'baton_problems',
  'baton_status', 'baton_task', 'baton_tasks', 'baton_validate_scope'];

interface Row { system: string; kind: string; id: string; status: string; blocked?: boolean; uri: string }
interface Page<T> { total: number; offset: number; nextOffset: number | null; items: T[] }

describe('baton mcp: tools on the fixture workspace', function () {
  let ws: TempWorkspace;
  let mcp: McpSession;
  before(async () => {
    ws = new TempWorkspace({}, path.join(FIXTURES, 'workspace'));
    mcp = await McpSession.start([ws.root, '--home', ws.path('.home')]);
  });
  after(async () => { await mcp?.close(); ws?.dispose(); });

  it('lists its tools, each with a description and a JSON Schema of its input', async () => {
    const { tools } = await mcp.client.listTools();
    assert.deepStrictEqual(tools.map((t) => t.name).sort(), TOOLS);
    for (const t of tools) {
      assert.ok((t.description ?? '').length > 80, `${t.name} has a description written for a model`);
      assert.strictEqual(t.inputSchema.type, 'object');
    }
    const tasks = tools.find((t) => t.name === 'baton_tasks')!;
    const props = tasks.inputSchema.properties as Record<string, { type?: string; enum?: string[]; maximum?: number }>;
    assert.deepStrictEqual(props.system?.enum, ['orc', 'orchestral', 'intents', 'ultrawork', 'orange']);
    assert.strictEqual(props.limit?.maximum, 500);
    const scope = tools.find((t) => t.name === 'baton_validate_scope')!;
    assert.deepStrictEqual([...(scope.inputSchema.required ?? [])].sort(), ['intent', 'path']);
    assert.ok(scope.outputSchema, 'validate_scope declares its output');
    // Only the trace append writes.
    for (const t of tools) assert.strictEqual(t.annotations?.readOnlyHint, t.name !== 'baton_log_trace', t.name);
  });

  it('baton_status counts items by status as written, blocked, decisions waiting and problems', async () => {
    const { folders } = await mcp.json<{ folders: { folder: string; systems: Record<string, { items: number; byStatus: Record<string, Record<string, number>>; blocked: number; decisionsWaiting: number }>; decisionsWaiting: number; problems: Record<string, number> }[] }>('baton_status');
    assert.strictEqual(folders.length, 1);
    const f = folders[0]!;
    assert.strictEqual(f.folder, ws.root);
    assert.deepStrictEqual(f.systems.orc?.byStatus.task, { completed: 1, running: 1, planned: 1, created: 1, unreadable: 1 });
    assert.strictEqual(f.systems.orc?.blocked, 1);
    assert.deepStrictEqual(f.systems.intents?.byStatus.intent, { IN_PROGRESS: 1, PENDING: 1 });
    assert.strictEqual(f.systems.orange?.items, 4);
    assert.strictEqual(f.systems.orchestral?.decisionsWaiting, 1);
    assert.strictEqual(f.decisionsWaiting, 1);
    assert.strictEqual(f.problems.error, 1);
  });

  it('baton_tasks filters by system, status, blocked, text and initiative, and pages with a total', async () => {
    const orc = await mcp.json<Page<Row>>('baton_tasks', { system: 'orc', kind: 'task' });
    assert.deepStrictEqual(orc.items.map((r) => r.id), ['TASK-001', 'TASK-002', 'TASK-003', 'TASK-004', 'TASK-009']);
    assert.strictEqual(orc.total, 5);
    assert.strictEqual(orc.nextOffset, null);
    assert.strictEqual(orc.items[1]!.uri, 'baton://task/orc/TASK-002');
    const blocked = await mcp.json<Page<Row>>('baton_tasks', { blocked: true });
    assert.deepStrictEqual(blocked.items.map((r) => r.id), ['TASK-002']);
    const running = await mcp.json<Page<Row>>('baton_tasks', { status: ['IN_PROGRESS', 'waiting_human'] });
    assert.deepStrictEqual(running.items.map((r) => `${r.system}:${r.id}:${r.status}`), ['orchestral:run-20260201120000:waiting_human', 'intents:FIX-001:IN_PROGRESS']);
    // Statuses are matched as written: no normalising of case.
    assert.strictEqual((await mcp.json<Page<Row>>('baton_tasks', { status: ['in_progress'] })).total, 0);
    const text = await mcp.json<Page<Row>>('baton_tasks', { text: 'SHARED help' });
    assert.deepStrictEqual(text.items.map((r) => r.id), ['FIX-002']);
    const initiative = await mcp.json<Page<Row>>('baton_tasks', { initiative: 'INIT-001' });
    assert.deepStrictEqual(initiative.items.map((r) => r.id), INIT_001);

    const first = await mcp.json<Page<Row>>('baton_tasks', { limit: 4 });
    assert.strictEqual(first.items.length, 4);
    assert.strictEqual(first.nextOffset, 4);
    const all: Row[] = [...first.items];
    for (let next: number | null = first.nextOffset; next !== null;) {
      const page: Page<Row> = await mcp.json<Page<Row>>('baton_tasks', { limit: 4, offset: next });
      assert.strictEqual(page.total, first.total);
      all.push(...page.items);
      next = page.nextOffset;
    }
    assert.strictEqual(all.length, first.total);
    assert.strictEqual(new Set(all.map((r) => r.uri)).size, all.length, 'pages do not overlap');
  });

  it('baton_task gives one item in full: fields, dependencies both ways, phases, transcripts, problems', async () => {
    const t2 = await mcp.json<Record<string, unknown> & { dependencies: { blockedBy: { id: string; status: string | null }[] } }>('baton_task', { system: 'orc', id: 'TASK-002' });
    assert.strictEqual(t2.id, 'TASK-002');
    assert.strictEqual(t2.status, 'running');
    assert.ok(t2.fields && typeof t2.fields === 'object', 'the file\'s own fields');
    assert.ok(Array.isArray(t2.phases));
    assert.ok(Array.isArray(t2.transcripts));
    assert.ok(t2.dependencies.blockedBy.length > 0);
    for (const d of t2.dependencies.blockedBy) assert.ok('status' in d);
    const t9 = await mcp.json<{ status: string; problems: { file: string; severity: string; line: number }[] }>('baton_task', { system: 'orc', id: 'TASK-009' });
    assert.strictEqual(t9.status, 'unreadable');
    assert.deepStrictEqual(t9.problems.map((p) => [p.file, p.severity]), [['.orc/tasks/TASK-009/task.yaml', 'error']]);
    const missing = await mcp.call('baton_task', { system: 'orc', id: 'TASK-404' });
    assert.strictEqual(missing.isError, true);
    assert.match(textOf(missing), /no orc item TASK-404/);
  });

  it('baton_problems lists diagnostics, filtered by file', async () => {
    const all = await mcp.json<Page<{ file: string; line: number; severity: string; message: string }>>('baton_problems');
    assert.strictEqual(all.total, 1);
    const byFile = await mcp.json<Page<{ file: string }>>('baton_problems', { file: '.orc/tasks/TASK-009' });
    assert.deepStrictEqual(byFile.items.map((p) => p.file), ['.orc/tasks/TASK-009/task.yaml']);
    assert.strictEqual((await mcp.json<Page<unknown>>('baton_problems', { file: 'src/app.ts' })).total, 0);
    assert.strictEqual((await mcp.json<Page<unknown>>('baton_problems', { severity: ['warning'] })).total, 0);
  });

  it('baton_decisions lists what waits with its options; baton_decision gives one, pending or answered', async () => {
    const waiting = await mcp.json<Page<{ system: string; id: string; run: string; options: { id: string }[] }>>('baton_decisions');
    assert.deepStrictEqual(waiting.items.map((d) => [d.system, d.id, d.run]), [['orchestral', 'crp-001', 'run-20260201120000']]);
    assert.deepStrictEqual(waiting.items[0]!.options.map((o) => o.id), ['A', 'B']);
    const one = await mcp.json<{ state: string; decision: { id: string } }>('baton_decision', { id: 'crp-001', run: 'run-20260201120000' });
    assert.strictEqual(one.state, 'pending');
    // crp-001 of the older run was answered by vcr-001: its answer is shown.
    const done = await mcp.json<{ state: string; answer: { vcr: string; rationale: string } }>('baton_decision', { id: 'crp-001', run: 'run-20260131090000' });
    assert.strictEqual(done.state, 'answered');
    assert.strictEqual(done.answer.vcr, 'vcr-001');
    assert.strictEqual(done.answer.rationale, 'Defaults first.');
    const unknown = await mcp.call('baton_decision', { id: 'crp-404' });
    assert.strictEqual(unknown.isError, true);
    assert.match(textOf(unknown), /no decision crp-404/);
  });

  it('answers invalid input with a clear tool error, and keeps serving', async () => {
    for (const [name, args] of [['baton_tasks', { limit: 0 }], ['baton_tasks', { system: 'jira' }], ['baton_task', { id: 'TASK-001' }],
      ['baton_owner', { path: '' }], ['baton_tasks', { offset: -1 }], ['baton_validate_scope', { intent: 7, path: 'a' }]] as const) {
      const r = await mcp.call(name, args);
      assert.strictEqual(r.isError, true, `${name} ${JSON.stringify(args)}`);
      assert.match(textOf(r), /invalid|expected|too small|Too small/i, textOf(r));
    }
    const unknownFolder = await mcp.call('baton_status', { folder: 'elsewhere' });
    assert.strictEqual(unknownFolder.isError, true);
    assert.match(textOf(unknownFolder), /not an open folder/);
    assert.strictEqual((await mcp.json<Page<unknown>>('baton_tasks')).total > 0, true);
  });
});
