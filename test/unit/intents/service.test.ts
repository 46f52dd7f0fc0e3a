import * as assert from 'node:assert';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { StaleFileError } from '../../../src/core/service/intents-service';
import { REPO, TempWorkspace } from '../helpers/temp-workspace';

const DEMO = path.join(REPO, 'demo');
const INTENTS = '.orchestration/active_intents.yaml';
const TRACE = '.orchestration/agent_trace.jsonl';

async function open(ws: TempWorkspace) {
  const service = new OrchestrationService({ folders: [{ root: ws.root }] });
  await service.scan();
  return service;
}

function sha256(file: string): string {
  return `sha256:${createHash('sha256').update(readFileSync(file)).digest('hex')}`;
}

/** A copy of the demo's intents files and source tree (not its home folders). */
function demoCopy(): TempWorkspace {
  const ws = new TempWorkspace();
  for (const dir of ['.orchestration', 'src', 'docs']) cpSync(path.join(DEMO, dir), ws.path(dir), { recursive: true });
  return ws;
}

describe('intents: the service interface of spec 003', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  it('getActiveIntents / getIntent give the linked intents with their map rows and recent trace', async () => {
    ws = demoCopy();
    const { intents } = await open(ws);
    assert.deepStrictEqual((await intents.getActiveIntents()).map((i) => i.id), ['INT-001', 'INT-002', 'INT-003', 'INT-004']);
    const auth = (await intents.getIntent('INT-001'))!;
    assert.deepStrictEqual([auth.title, auth.status, auth.assignedAgent], ['Harden authentication', 'IN_PROGRESS', 'roo-agent-7f2c']);
    assert.deepStrictEqual(auth.mapRows.map((r) => r.file), ['src/auth/login.ts', 'src/auth/session.ts']);
    assert.deepStrictEqual(auth.recentTrace.map((t) => t.action), ['ERROR', 'AST_REFACTOR', 'SCOPE_VIOLATION', 'AST_REFACTOR', 'TOOL_EXECUTION']);
    assert.strictEqual(await intents.getIntent('INT-404'), undefined);
  });

  it('updateIntentStatus writes only the changed bytes: a BOM, CRLF and a byte that is not UTF-8 elsewhere are kept; read-only is refused', async () => {
    ws = demoCopy();
    const crlf = readFileSync(ws.path(INTENTS), 'utf8').replace(/\n/g, '\r\n');
    const at = crlf.indexOf('#');
    const original = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(crlf.slice(0, at + 1)), Buffer.from([0xe9]), Buffer.from(crlf.slice(at + 1))]);
    writeFileSync(ws.path(INTENTS), original);
    const service = await open(ws);
    await service.intents.updateIntentStatus('INT-004', 'IN_PROGRESS');
    const after = readFileSync(ws.path(INTENTS));
    assert.strictEqual((await service.intents.getIntent('INT-004'))!.status, 'IN_PROGRESS');
    assert.deepStrictEqual(after.subarray(0, at + 5), original.subarray(0, at + 5), 'the BOM and the invalid byte are kept');
    assert.strictEqual(after.toString('latin1').split('\n').filter((l) => !l.endsWith('\r')).length, 1, 'every line still ends in CRLF (the last has no newline)');
    chmodSync(ws.path(INTENTS), 0o444);
    await service.fileChanged(ws.path(INTENTS));
    await assert.rejects(service.intents.updateIntentStatus('INT-004', 'DONE'), /active_intents\.yaml is read-only \(mode 444\); nothing was written/);
  });

  it('updateIntentStatus writes the file (comments kept), and the index reads it back at once', async () => {
    ws = demoCopy();
    const service = await open(ws);
    const before = readFileSync(ws.path(INTENTS), 'utf8');
    await service.intents.updateIntentStatus('INT-004', 'IN_PROGRESS');
    const after = readFileSync(ws.path(INTENTS), 'utf8');
    assert.strictEqual((await service.intents.getIntent('INT-004'))!.status, 'IN_PROGRESS');
    const changed = after.split('\n').filter((l, i) => l !== before.split('\n')[i]);
    assert.strictEqual(changed.length, 2, changed.join('\n'));
    assert.match(changed[0]!, /^ {6}status: IN_PROGRESS$/);
    assert.match(changed[1]!, /^ {6}updated_at: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.strictEqual(after.split('\n').length, before.split('\n').length);
    await assert.rejects(service.intents.updateIntentStatus('INT-004', '  '), /cannot be empty/);
    await assert.rejects(service.intents.updateIntentStatus('INT-404', 'DONE'), /there is no intent INT-404/);
  });

  it('refuses to write when the file changed since it was read, and leaves the new content alone', async () => {
    ws = demoCopy();
    const service = await open(ws);
    const edited = readFileSync(ws.path(INTENTS), 'utf8').replace('name: Refresh the developer guide', 'name: Someone else edited this');
    ws.write(INTENTS, edited);
    await assert.rejects(service.intents.updateIntentStatus('INT-002', 'COMPLETED'), (err: Error) =>
      err instanceof StaleFileError && /changed since Baton read it/.test(err.message));
    assert.strictEqual(readFileSync(ws.path(INTENTS), 'utf8'), edited);
    // The refusal re-reads the file: the next attempt works on the new content.
    await service.fileChanged(ws.path(INTENTS));
    await service.intents.updateIntentStatus('INT-002', 'COMPLETED');
    assert.match(readFileSync(ws.path(INTENTS), 'utf8'), /name: Someone else edited this\n {6}description: Document login, refresh, logout and the rate limits.\n {6}status: COMPLETED\n/);
  });

  it('logTrace appends one valid line in the spec shape with the target file\'s sha256', async () => {
    ws = demoCopy();
    const service = await open(ws);
    const before = readFileSync(ws.path(TRACE), 'utf8');
    const entry = await service.intents.logTrace({ agent_id: 'human', intent_id: 'INT-001', action_type: 'TOOL_EXECUTION',
      payload: { tool_name: 'edit', target_files: ['src/auth/login.ts'] }, result: { status: 'SUCCESS', output_summary: 'edited by hand' } });
    const after = readFileSync(ws.path(TRACE), 'utf8');
    assert.ok(after.startsWith(before));
    const added = after.slice(before.length);
    assert.strictEqual(added.split('\n').length, 2, 'one line and its newline');
    const line = JSON.parse(added);
    assert.deepStrictEqual(Object.keys(line), ['timestamp', 'agent_id', 'intent_id', 'action_type', 'payload', 'result', 'metadata']);
    assert.strictEqual(line.result.content_hash, sha256(ws.path('src/auth/login.ts')));
    assert.strictEqual(line.metadata.session_id, service.intents.sessionId);
    assert.strictEqual(entry.shape, 'spec', 'the demo trace\'s newest entry is spec-shaped');
    assert.deepStrictEqual(line, entry.entry);
    assert.strictEqual((await service.intents.getIntent('INT-001'))!.recentTrace[0]!.summary, 'edited by hand', 'read back at once');
  });

  it('logTrace never glues its line to a partial one, and refuses invalid entries and escaping targets', async () => {
    ws = new TempWorkspace({ [TRACE]: '{"timestamp":"2026-01-01T00:00:00Z"}\n{"half":' });
    const service = await open(ws);
    await service.intents.logTrace({ agent_id: 'a', intent_id: null, action_type: 'ERROR', result: { status: 'FAILURE', output_summary: 'x' } });
    const lines = readFileSync(ws.path(TRACE), 'utf8').split('\n');
    assert.deepStrictEqual([lines.length, lines[1], JSON.parse(lines[2]!).action_type, lines[3]], [4, '{"half":', 'ERROR', '']);
    await assert.rejects(service.intents.logTrace({ agent_id: 'a', intent_id: null, action_type: '', result: { status: 'SUCCESS', output_summary: '' } }), /action_type/);
    await assert.rejects(service.intents.logTrace({ agent_id: 'a', intent_id: null, action_type: 'X', payload: { target_files: ['../../etc/passwd'] },
      result: { status: 'SUCCESS', output_summary: '' } }), /outside/);
  });

  it('validateScope says which entry matched, or why not; paths that escape are refused', async () => {
    ws = demoCopy();
    const { intents } = await open(ws);
    assert.deepStrictEqual(await intents.validateScope('INT-001', 'src/auth/login.ts'),
      { allowed: true, intentId: 'INT-001', file: 'src/auth/login.ts', via: 'owned_scope', pattern: 'src/auth/**', reason: 'owned_scope entry src/auth/** matches src/auth/login.ts' });
    const no = await intents.validateScope('INT-001', ws.path('src/app.ts'));
    assert.deepStrictEqual([no.allowed, no.file, no.pattern], [false, 'src/app.ts', undefined]);
    assert.match(no.reason, /outside the scope of INT-001 \(src\/auth\/\*\*\)/);
    assert.strictEqual((await intents.validateScope('INT-001', 'src/authentication.ts')).allowed, false);
    assert.strictEqual((await intents.validateScope('INT-002', 'docs/guide.md')).pattern, 'docs/');
    const escape = await intents.validateScope('INT-001', 'src/auth/../../../etc/passwd');
    assert.strictEqual(escape.allowed, false);
    assert.match(escape.reason, /outside/);
    assert.match((await intents.validateScope('NOPE', 'src/app.ts')).reason, /there is no intent NOPE/);
  });

  it('getIntentContext is a block ready to paste into a prompt', async () => {
    ws = demoCopy();
    const { intents } = await open(ws);
    const ctx = await intents.getIntentContext('INT-001');
    assert.deepStrictEqual(ctx.ownedFiles, ['src/auth/login.ts', 'src/auth/session.ts']);
    assert.strictEqual(ctx.recentTrace.length, 7);
    for (const part of ['<intent_context id="INT-001">', '# INT-001: Harden authentication', '## Constraints\n- Do not change the public shape of POST /auth/login',
      '## Acceptance criteria\n- Reusing an old refresh token', '## Owned scope (you may change only files matching these)\n- src/auth/**',
      '## Recent trace (newest first)\n- 2026-01-15T15:10:42Z ERROR FAILURE: 1 failed, 4 passed', '</intent_context>']) {
      assert.ok(ctx.text.includes(part), `missing:\n${part}\nin:\n${ctx.text}`);
    }
  });

  it('the ownership index is rebuilt when the intents file changes, not on lookups or trace appends', async () => {
    ws = demoCopy();
    const service = await open(ws);
    const { intents } = service;
    assert.deepStrictEqual(intents.ownersOf(ws.root, 'src/auth/login.ts').map((o) => `${o.intent}/${o.via}`), ['INT-001/owned_scope', 'INT-001/intent_map']);
    const compiled = intents.compiledPatterns(ws.root);
    const generation = intents.ownershipGeneration(ws.root);
    assert.strictEqual(compiled, 6);
    for (let i = 0; i < 500; i++) intents.ownersOf(ws.root, `src/auth/x${i}.ts`);
    await intents.logTrace({ agent_id: 'a', intent_id: 'INT-001', action_type: 'CONTEXT_LOAD', result: { status: 'SUCCESS', output_summary: 'read' } });
    intents.ownersOf(ws.root, 'src/auth/login.ts');
    assert.strictEqual(intents.compiledPatterns(ws.root), compiled);
    assert.strictEqual(intents.ownershipGeneration(ws.root), generation, 'a trace append is not an ownership change');
    // A map row for an intent nobody lists changes no intent, but changes ownership.
    ws.write('.orchestration/intent_map.md', `${readFileSync(ws.path('.orchestration/intent_map.md'), 'utf8')}| \`src/db/users.ts\` | \`INT-404\` | | |\n`);
    await service.fileChanged(ws.path('.orchestration/intent_map.md'));
    assert.strictEqual(intents.ownershipGeneration(ws.root), generation + 1);
    assert.deepStrictEqual(intents.ownersOf(ws.root, 'src/db/users.ts'), [{ intent: 'INT-404', name: '', via: 'intent_map' }]);
    ws.write(INTENTS, readFileSync(ws.path(INTENTS), 'utf8').replace('- docs/ # the whole folder', '- docs/\n          - "site/**"'));
    await service.fileChanged(ws.path(INTENTS));
    assert.deepStrictEqual(intents.ownersOf(ws.root, 'site/index.html').map((o) => o.intent), ['INT-002']);
    assert.strictEqual(intents.compiledPatterns(ws.root), compiled + 1);
    assert.strictEqual(intents.ownershipGeneration(ws.root), generation + 2);
  });

  it('intentMap compares recorded hashes with the files: same, drifted, truncated prefix, missing, unrecorded', async () => {
    ws = demoCopy();
    ws.write('.orchestration/intent_map.md', `${readFileSync(ws.path('.orchestration/intent_map.md'), 'utf8')}`
      + `| \`src/db/users.ts\` | \`INT-009\` | | \`sha256:${sha256(ws.path('src/db/users.ts')).slice(7, 19)}...\` |\n`
      + '| `src/gone.ts` | `INT-001` | | `sha256:0000abcd` |\n| `src/app.ts` | `INT-004` | | `n/a` |\n');
    ws.write('src/auth/session.ts', '// changed by hand\n');
    const service = await open(ws);
    const rows = await service.intents.intentMap(ws.root);
    assert.deepStrictEqual(rows.map((r) => [r.file, r.ownerName, r.drift]), [
      ['src/auth/login.ts', 'Harden authentication', 'same'],
      ['src/auth/session.ts', 'Harden authentication', 'drifted'],
      ['src/components/Header.tsx', 'Account menu in the header', 'same'],
      ['src/middleware/rateLimiter.ts', 'Shared rate-limit store', 'drifted'],
      ['docs/guide.md', 'Refresh the developer guide', 'same'],
      ['src/db/users.ts', null, 'same'],
      ['src/gone.ts', 'Harden authentication', 'missing'],
      ['src/app.ts', 'Shared rate-limit store', 'unrecorded'],
    ]);
    // INT-009 is not in active_intents.yaml (finished intents leave it, the map keeps their files): shown, no problem.
    assert.deepStrictEqual(rows.find((r) => r.file === 'src/db/users.ts')!.owner, 'INT-009');
    assert.deepStrictEqual(service.diagnostics().filter((d) => d.file.endsWith('intent_map.md')), []);
  });
});
