import * as assert from 'node:assert';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIXTURES, TempWorkspace } from '../helpers/temp-workspace';
import { McpSession, textOf } from './mcp-session';

interface OwnerAnswer { folder: string; file: string; owners: { intent: string; via: string; pattern?: string }[]; conflict: boolean; intents: string[] }

describe('baton mcp: intents (owner, scope, context, trace)', function () {
  let ws: TempWorkspace;
  let outside: string;
  let mcp: McpSession;
  before(async () => {
    ws = new TempWorkspace({}, path.join(FIXTURES, 'workspace'));
    outside = mkdtempSync(path.join(os.tmpdir(), 'baton-outside-'));
    writeFileSync(path.join(outside, 'secret.txt'), 'not yours');
    // A link inside the owned scope whose target lies outside the folder.
    symlinkSync(path.join(outside, 'secret.txt'), ws.path('src/owned/escape.ts'));
    mcp = await McpSession.start([ws.root, '--home', ws.path('.home')]);
  });
  after(async () => { await mcp?.close(); ws?.dispose(); rmSync(outside, { recursive: true, force: true }); });

  it('baton_owner names the owners from owned_scope and the intent map, and the conflict', async () => {
    const util = await mcp.json<OwnerAnswer>('baton_owner', { path: 'src/shared/util.ts' });
    assert.deepStrictEqual(util.owners.map((o) => `${o.intent}:${o.via}`), ['FIX-002:owned_scope', 'FIX-001:intent_map']);
    assert.strictEqual(util.conflict, true);
    const greeting = await mcp.json<OwnerAnswer>('baton_owner', { path: ws.path('src/owned/greeting.ts') });
    assert.strictEqual(greeting.file, 'src/owned/greeting.ts');
    assert.deepStrictEqual(greeting.intents, ['FIX-001']);
    assert.strictEqual(greeting.conflict, false);
    const none = await mcp.json<OwnerAnswer>('baton_owner', { path: 'src/app.ts' });
    assert.deepStrictEqual(none.owners, []);
  });

  it('refuses paths outside the folder: .., an absolute path elsewhere, a symbolic link out', async () => {
    for (const p of ['../elsewhere.ts', 'src/../../x.ts', path.join(outside, 'secret.txt'), 'src/owned/escape.ts', '/etc/passwd']) {
      const r = await mcp.call('baton_owner', { path: p });
      assert.strictEqual(r.isError, true, p);
      assert.match(textOf(r), /outside/, p);
    }
  });

  it('baton_validate_scope allows within the scope, and denies with the reason otherwise', async () => {
    const ok = await mcp.json<{ allowed: boolean; via: string; pattern: string; reason: string }>('baton_validate_scope', { intent: 'FIX-001', path: 'src/owned/greeting.ts' });
    assert.deepStrictEqual([ok.allowed, ok.via, ok.pattern], [true, 'owned_scope', 'src/owned/**']);
    const no = await mcp.json<{ allowed: boolean; reason: string }>('baton_validate_scope', { intent: 'FIX-002', path: 'src/app.ts' });
    assert.strictEqual(no.allowed, false);
    assert.match(no.reason, /outside the scope of FIX-002/);
    const unknown = await mcp.json<{ allowed: boolean; reason: string }>('baton_validate_scope', { intent: 'FIX-404', path: 'src/app.ts' });
    assert.deepStrictEqual([unknown.allowed, unknown.reason], [false, 'there is no intent FIX-404']);
    const link = await mcp.json<{ allowed: boolean; reason: string }>('baton_validate_scope', { intent: 'FIX-001', path: 'src/owned/escape.ts' });
    assert.strictEqual(link.allowed, false);
    assert.match(link.reason, /symbolic link/);
  });

  it('baton_intent_context gives the context block; an unknown intent is a tool error', async () => {
    const ctx = await mcp.json<{ intent: { system: string; id: string; status: string }; ownedScope: string[]; acceptanceCriteria: string[]; text: string }>(
      'baton_intent_context', { intent: 'FIX-001' });
    assert.deepStrictEqual([ctx.intent.system, ctx.intent.id, ctx.intent.status], ['intents', 'FIX-001', 'IN_PROGRESS']);
    assert.deepStrictEqual(ctx.ownedScope, ['src/owned/**']);
    assert.deepStrictEqual(ctx.acceptanceCriteria, ['GET /hello answers "Hello, world!"']);
    assert.match(ctx.text, /^<intent_context id="FIX-001">/);
    assert.match(ctx.text, /Greeting endpoint/);
    const r = await mcp.call('baton_intent_context', { intent: 'FIX-404' });
    assert.strictEqual(r.isError, true);
    assert.match(textOf(r), /no intent FIX-404/);
  });

  it('baton_log_trace appends one line in the trace\'s own shape (flat here) with the file\'s sha256 hash, and refuses paths outside (nothing written)', async () => {
    const trace = ws.path('.orchestration/agent_trace.jsonl');
    const before = readFileSync(trace, 'utf8');
    // The fixture's newest entry is the forks' flat line (trace_id, mutation_class, ranges{file, content_hash, start_line, end_line}).
    assert.match(before.trim().split('\n').pop()!, /^\{"trace_id":.*"ranges":\{"file"/);
    const written = await mcp.json<{ shape: string; written: { intent_id: string; ranges: { file: string; content_hash: string } } }>('baton_log_trace', {
      intent: 'FIX-001', agent: 'test-agent', action: 'WRITE_FILE', files: ['src/owned/greeting.ts'], status: 'SUCCESS', summary: 'greets',
    });
    const hash = `sha256:${createHash('sha256').update(readFileSync(ws.path('src/owned/greeting.ts'))).digest('hex')}`;
    const lines = readFileSync(ws.path('src/owned/greeting.ts'), 'utf8').split('\n').length - 1;
    assert.strictEqual(written.shape, 'flat');
    assert.strictEqual(written.written.ranges.content_hash, hash);
    const after = readFileSync(trace, 'utf8');
    assert.ok(after.startsWith(before));
    const added = after.slice(before.length).split('\n').filter(Boolean);
    assert.strictEqual(added.length, 1);
    const line = JSON.parse(added[0]!);
    assert.deepStrictEqual(Object.keys(line), ['trace_id', 'timestamp', 'agent_id', 'mutation_class', 'intent_id', 'ranges']);
    assert.deepStrictEqual([line.intent_id, line.agent_id, line.mutation_class, line.ranges],
      ['FIX-001', 'test-agent', 'WRITE_FILE', { file: 'src/owned/greeting.ts', content_hash: hash, start_line: 1, end_line: lines }]);
    assert.deepStrictEqual(line, written.written);
    for (const p of ['../x.ts', path.join(outside, 'secret.txt'), 'src/owned/escape.ts']) {
      const r = await mcp.call('baton_log_trace', { intent: 'FIX-001', agent: 'a', action: 'WRITE_FILE', files: [p], status: 'SUCCESS', summary: 's' });
      assert.strictEqual(r.isError, true, p);
      assert.match(textOf(r), /outside/, textOf(r));
    }
    assert.strictEqual(readFileSync(trace, 'utf8'), after, 'no line for a refused path');
  });
});
