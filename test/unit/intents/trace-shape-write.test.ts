import * as assert from 'node:assert';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, symlinkSync } from 'node:fs';
import { readTraceTail } from '../../../src/core/formats/intents/trace-tail';
import type { WrittenTraceEntry } from '../../../src/core/formats/intents/trace-write';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { TempWorkspace } from '../helpers/temp-workspace';
import { fixtureDir, PROBLEM_TRACE_FIXTURES, VALID_TRACE_FIXTURES, type TraceFixture } from './wild-helpers';

const TRACE = '.orchestration/agent_trace.jsonl';
const TARGET = 'src/new/a.ts';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
const MILLIS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const INPUT = {
  agent_id: 'test-agent', intent_id: 'INT-NEW', action_type: 'WRITE_FILE',
  payload: { tool_name: 'write_to_file', target_files: [TARGET] },
  result: { status: 'SUCCESS', output_summary: 'wrote a' },
  metadata: { vcs_ref: 'abc1234' },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Line = any;

/**
 * A temp copy of a fixture (its trace cut to its first `keep` lines when given, so an older line is the newest),
 * with a three-line target file.
 */
function copyOf(fixture: TraceFixture, keep?: number): TempWorkspace {
  const ws = new TempWorkspace();
  cpSync(fixtureDir(fixture), ws.root, { recursive: true });
  if (keep !== undefined) ws.write(TRACE, readFileSync(ws.path(TRACE), 'utf8').split('\n').slice(0, keep).join('\n') + '\n');
  ws.write(TARGET, 'one\ntwo\nthree\n');
  return ws;
}

/**
 * Appends INPUT through IntentsService.logTrace and checks what holds for every shape: the bytes before the new line
 * are unchanged, exactly one line was added, it is what logTrace returned, and Baton's reader reads it back as the
 * same intent, files, hash and action.
 */
async function append(ws: TempWorkspace, input: Record<string, unknown> = INPUT): Promise<{ line: Line; written: WrittenTraceEntry; hash: string }> {
  const service = new OrchestrationService({ folders: [{ root: ws.root }] });
  await service.scan();
  const before = existsSync(ws.path(TRACE)) ? readFileSync(ws.path(TRACE)) : Buffer.alloc(0);
  const written = await service.intents.logTrace(input as never, ws.root);
  const after = readFileSync(ws.path(TRACE));
  assert.ok(after.subarray(0, before.length).equals(before), 'nothing before the new line changed');
  const added = after.subarray(before.length).toString('utf8').replace(/^\n/, '');
  assert.match(added, /^[^\n]+\n$/, 'one line and its newline');
  const line = JSON.parse(added);
  assert.deepStrictEqual(line, written.entry);
  const hash = `sha256:${createHash('sha256').update(readFileSync(ws.path(TARGET))).digest('hex')}`;
  const tail = await readTraceTail(ws.path(TRACE), { limit: 1 });
  const read = tail.entries[0]!;
  assert.deepStrictEqual([read.intentId, read.files, read.contentHash, read.action], ['INT-NEW', [TARGET], hash, 'WRITE_FILE'], 'read back as written');
  return { line, written, hash };
}

describe('intents: logTrace writes the trace file\'s own shape', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  it('spec 003 (trace-spec-nested): the spec\'s nested line, as before', async () => {
    ws = copyOf('trace-spec-nested');
    const { line, written, hash } = await append(ws);
    assert.strictEqual(written.shape, 'spec');
    assert.deepStrictEqual(Object.keys(line), ['timestamp', 'agent_id', 'intent_id', 'action_type', 'payload', 'result', 'metadata']);
    assert.deepStrictEqual([line.payload.target_files, line.result.content_hash, line.metadata.vcs_ref], [[TARGET], hash, 'abc1234']);
  });

  it('an empty or missing trace, one of comments only, or a newest entry of no known shape get spec 003\'s shape', async () => {
    for (const setup of [(w: TempWorkspace) => w.write(TRACE, ''), (w: TempWorkspace) => w.remove(TRACE),
      (w: TempWorkspace) => w.write(TRACE, readFileSync(fixtureDir('trace-only-comments') + '/' + TRACE, 'utf8'))]) {
      ws?.dispose();
      ws = copyOf('trace-spec-nested');
      setup(ws);
      const { line, written } = await append(ws);
      assert.strictEqual(written.shape, 'spec');
      assert.strictEqual(line.action_type, 'WRITE_FILE');
    }
    ws.dispose();
    ws = copyOf('trace-related-strings-and-events'); // ends with {"foo":"bar"} and {"baz":123}
    assert.strictEqual((await append(ws)).written.shape, 'spec');
  });

  it('flat (trace-flat-ranges line 1): trace_id, ranges as one object with the whole file\'s lines, vcs, the example\'s precision', async () => {
    ws = copyOf('trace-flat-ranges', 1);
    const { line, written, hash } = await append(ws);
    assert.strictEqual(written.shape, 'flat');
    assert.deepStrictEqual(Object.keys(line), ['trace_id', 'timestamp', 'agent_id', 'intent_id', 'mutation_class', 'ranges', 'vcs']);
    assert.match(line.trace_id, UUID);
    assert.match(line.timestamp, SECONDS);
    assert.deepStrictEqual([line.agent_id, line.intent_id, line.mutation_class], ['test-agent', 'INT-NEW', 'WRITE_FILE']);
    assert.deepStrictEqual(line.ranges, { file: TARGET, content_hash: hash, start_line: 1, end_line: 3 });
    assert.deepStrictEqual(line.vcs, { revision_id: 'abc1234' });
  });

  it('flat with a list of ranges (trace-flat-ranges line 2) stays a list', async () => {
    ws = copyOf('trace-flat-ranges', 2);
    const { line, hash } = await append(ws);
    assert.deepStrictEqual(line.ranges, [{ file: TARGET, content_hash: hash, start_line: 1, end_line: 3 }]);
  });

  it('flat, the req_id variant (trace-flat-ranges, newest): its own id, file, hash and model keys; related requests left alone', async () => {
    ws = copyOf('trace-flat-ranges');
    const { line, written, hash } = await append(ws);
    assert.strictEqual(written.shape, 'flat');
    assert.deepStrictEqual(Object.keys(line), ['req_id', 'intent_id', 'file', 'timestamp', 'mutation_class', 'content_hash', 'model_identifier', 'ranges']);
    assert.match(line.req_id, UUID);
    assert.match(line.timestamp, MILLIS);
    assert.deepStrictEqual([line.file, line.content_hash, line.model_identifier], [TARGET, hash, 'test-agent']);
    assert.deepStrictEqual(line.ranges, { file: TARGET, content_hash: hash });
  });

  it('modified_ranges (trace-modified-ranges): the action as agent_action, tool_name, revision_id, a list of ranges', async () => {
    ws = copyOf('trace-modified-ranges');
    const { line, hash } = await append(ws);
    assert.match(line.id, UUID);
    assert.deepStrictEqual([line.agent_action, line.tool_name, line.revision_id, line.intent_id], ['WRITE_FILE', 'write_to_file', 'abc1234', 'INT-NEW']);
    assert.deepStrictEqual(line.modified_ranges, [{ file: TARGET, content_hash: hash }]);
    assert.strictEqual('ranges' in line, false);
  });

  it('agent-trace.dev as the forks write it (trace-agent-trace-forks): relative_path, entity_type/model_identifier, related specification', async () => {
    ws = copyOf('trace-agent-trace-forks');
    const { line, written, hash } = await append(ws);
    assert.strictEqual(written.shape, 'agent-trace');
    assert.deepStrictEqual(Object.keys(line), ['id', 'timestamp', 'vcs', 'files']);
    assert.match(line.id, UUID);
    assert.match(line.timestamp, MILLIS);
    assert.deepStrictEqual(line.vcs, { revision_id: 'abc1234' });
    assert.deepStrictEqual(line.files, [{ relative_path: TARGET, conversations: [{
      url: line.files[0].conversations[0].url,
      contributor: { entity_type: 'AI', model_identifier: 'test-agent' },
      ranges: [{ start_line: 1, end_line: 3, content_hash: hash }],
      related: [{ type: 'specification', value: 'INT-NEW' }],
      mutation_class: 'WRITE_FILE',
    }] }]);
    assert.match(line.files[0].conversations[0].url, /^baton-/, 'the conversation is Baton\'s session');
  });

  it('agent-trace.dev in the specification\'s names (trace-agent-trace-official): version kept, path, type/model_id, tool, vcs type', async () => {
    ws = copyOf('trace-agent-trace-official');
    const { line, hash } = await append(ws);
    assert.deepStrictEqual(Object.keys(line), ['version', 'id', 'timestamp', 'vcs', 'tool', 'files']);
    assert.strictEqual(line.version, '0.1.0');
    assert.match(line.timestamp, SECONDS);
    assert.deepStrictEqual([line.vcs, line.tool], [{ type: 'git', revision: 'abc1234' }, { name: 'write_to_file' }]);
    assert.deepStrictEqual(line.files, [{ path: TARGET, conversations: [{ contributor: { type: 'ai', model_id: 'test-agent' },
      ranges: [{ start_line: 1, end_line: 3, content_hash: hash }], related: [{ type: 'intent', value: 'INT-NEW' }], mutation_class: 'WRITE_FILE' }] }]);
  });

  it('agent-trace.dev with camelCase extras at the top (trace-leading-blank-line): toolName, mutationClass, result', async () => {
    ws = copyOf('trace-leading-blank-line');
    const { line } = await append(ws);
    assert.deepStrictEqual([line.toolName, line.mutationClass, line.result], ['write_to_file', 'WRITE_FILE', 'SUCCESS']);
    assert.strictEqual('mutation_class' in line.files[0].conversations[0], false, 'the action is where the example keeps it');
  });

  it('agent-trace.dev with ranges on the file entry (trace-camelcase-fields line 2): relativePath, mutationClasses, ranges and related on the file', async () => {
    ws = copyOf('trace-camelcase-fields', 2);
    const { line, written, hash } = await append(ws);
    assert.strictEqual(written.shape, 'agent-trace');
    assert.deepStrictEqual(Object.keys(line), ['id', 'timestamp', 'vcs', 'intentId', 'files']);
    assert.strictEqual(line.intentId, 'INT-NEW');
    assert.deepStrictEqual(line.files, [{ relativePath: TARGET, contributor: { type: 'ai', model_id: 'test-agent' }, ranges: [{ startLine: 1, endLine: 3, contentHash: hash }],
      related: [{ type: 'specification', value: 'INT-NEW' }], mutationClasses: ['WRITE_FILE'] }]);
  });

  it('one file per line (trace-file-path-operation line 1): id, operation, file_path, content_hash, related specification', async () => {
    ws = copyOf('trace-file-path-operation', 1);
    const { line, written, hash } = await append(ws);
    assert.strictEqual(written.shape, 'record');
    assert.deepStrictEqual(Object.keys(line), ['id', 'timestamp', 'intent_id', 'operation', 'file_path', 'content_hash', 'related', 'agent_id']);
    assert.match(line.id, UUID);
    assert.match(line.timestamp, MILLIS);
    assert.deepStrictEqual([line.operation, line.file_path, line.content_hash, line.related], ['WRITE_FILE', TARGET, hash, [{ type: 'specification', value: 'INT-NEW' }]]);
  });

  it('one file per line, the post-hook variant (trace-file-path-operation, newest): semantic_classification, git_sha, lines, tool and status', async () => {
    ws = copyOf('trace-file-path-operation');
    const { line } = await append(ws);
    assert.strictEqual('id' in line, false, 'the example has no id key');
    assert.deepStrictEqual([line.semantic_classification, line.git_sha, line.start_line, line.end_line, line.tool_name, line.status],
      ['WRITE_FILE', 'abc1234', 1, 3, 'write_to_file', 'SUCCESS']);
  });

  it('camelCase (trace-camelcase-fields line 4, then the newest): intentId, toolName, hash, classification, filePath, agentId', async () => {
    ws = copyOf('trace-camelcase-fields', 4);
    const { line, hash } = await append(ws);
    assert.deepStrictEqual(Object.keys(line), ['timestamp', 'intentId', 'toolName', 'hash', 'classification', 'agentId', 'filePath']);
    assert.deepStrictEqual([line.intentId, line.toolName, line.hash, line.classification, line.filePath, line.agentId],
      ['INT-NEW', 'write_to_file', hash, 'WRITE_FILE', TARGET, 'test-agent']);
    ws.dispose();
    ws = copyOf('trace-camelcase-fields');
    const newest = (await append(ws)).line;
    assert.deepStrictEqual([newest.intent_id, newest.contributor, newest.filePath, newest.operation], ['INT-NEW', 'test-agent', TARGET, 'WRITE_FILE']);
  });

  it('a hash chain under integrity (trace-hash-chain): linked to the newest record_hash, record_hash computed the way the hook does', async () => {
    ws = copyOf('trace-hash-chain');
    const newest = JSON.parse(readFileSync(ws.path(TRACE), 'utf8').trim().split('\n').pop()!);
    const { line, written } = await append(ws);
    assert.deepStrictEqual(Object.keys(line), ['id', 'timestamp', 'vcs', 'files', 'integrity']);
    assert.strictEqual(line.integrity.prev_record_hash, newest.integrity.record_hash);
    assert.strictEqual(line.integrity.chain, 'sha256');
    // Gersum/Roo-Code-10x's getTraceCanonicalPayload: {id, timestamp, vcs, files, prev_record_hash}.
    const canonical = JSON.stringify({ id: line.id, timestamp: line.timestamp, vcs: line.vcs, files: line.files, prev_record_hash: line.integrity.prev_record_hash });
    assert.strictEqual(line.integrity.record_hash, `sha256:${createHash('sha256').update(canonical).digest('hex')}`);
    assert.deepStrictEqual(written.chain, { prev: newest.integrity.record_hash, recordHash: true, note: undefined });
    const tail = await readTraceTail(ws.path(TRACE), { limit: 100 });
    assert.deepStrictEqual(tail.problems, [], 'the chain is still intact');
  });

  it('a chain whose newest record_hash Baton cannot repeat (trace-hash-chain-broken): the prev link at the top level, record_hash left out and said so', async () => {
    ws = copyOf('trace-hash-chain-broken');
    const newest = JSON.parse(readFileSync(ws.path(TRACE), 'utf8').trim().split('\n').pop()!);
    const { line, written } = await append(ws);
    assert.strictEqual(line.prev_record_hash, newest.record_hash);
    assert.strictEqual('record_hash' in line, false);
    assert.strictEqual('integrity' in line, false);
    assert.deepStrictEqual([written.chain?.prev, written.chain?.recordHash], [newest.record_hash, false]);
    assert.match(written.chain!.note!, /record_hash left out/);
    const tail = await readTraceTail(ws.path(TRACE), { limit: 100 });
    assert.deepStrictEqual(tail.problems.map((p) => [p.severity, p.line]), [['warning', 3]], 'only the break that was there');
  });

  it('an entry without files in an agent-trace.dev trace keeps intent, action and agent at the top; a chain is then linked but not sealed', async () => {
    ws = copyOf('trace-hash-chain');
    const newest = JSON.parse(readFileSync(ws.path(TRACE), 'utf8').trim().split('\n').pop()!);
    const service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    const written = await service.intents.logTrace({ ...INPUT, payload: { command: 'npm test' } }, ws.root);
    const line = JSON.parse(readFileSync(ws.path(TRACE), 'utf8').trim().split('\n').pop()!);
    assert.deepStrictEqual(line, written.entry);
    assert.deepStrictEqual([line.files, line.intent_id, line.mutation_class, line.contributor], [[], 'INT-NEW', 'WRITE_FILE', { entity_type: 'AI', model_identifier: 'test-agent' }]);
    assert.deepStrictEqual(line.integrity, { chain: 'sha256', prev_record_hash: newest.integrity.record_hash });
    assert.match(written.chain!.note!, /fields the newest entry has not \(intent_id, mutation_class, contributor\)/);
    const read = (await readTraceTail(ws.path(TRACE), { limit: 1 })).entries[0]!;
    assert.deepStrictEqual([read.intentId, read.action, read.agentId, read.files], ['INT-NEW', 'WRITE_FILE', 'test-agent', []]);
  });

  it('a trace that is a symbolic link leading out of the folder is neither read for its shape nor written', async () => {
    ws = copyOf('trace-spec-nested');
    const outside = new TempWorkspace({ 'elsewhere.jsonl': '{"version":"0.1.0","id":"x","files":[{"path":"secret","conversations":[]}]}\n' });
    try {
      ws.remove(TRACE);
      symlinkSync(outside.path('elsewhere.jsonl'), ws.path(TRACE));
      const service = new OrchestrationService({ folders: [{ root: ws.root }] });
      await service.scan();
      await assert.rejects(service.intents.logTrace(INPUT, ws.root), /trace file refused: .*outside/);
      assert.strictEqual(readFileSync(outside.path('elsewhere.jsonl'), 'utf8'), '{"version":"0.1.0","id":"x","files":[{"path":"secret","conversations":[]}]}\n');
    } finally {
      outside.dispose();
    }
  });

  it('every fixture: the new line reads back as the same intent, files, hash and action, nothing before it changed', async () => {
    for (const fixture of [...VALID_TRACE_FIXTURES, ...PROBLEM_TRACE_FIXTURES]) {
      ws?.dispose();
      ws = copyOf(fixture);
      await append(ws).catch((err: Error) => { throw new Error(`${fixture}: ${err.message}`); });
    }
  });

  it('a second target gets its own hash in its own range; a caller\'s content_hash is the first one\'s', async () => {
    ws = copyOf('trace-agent-trace-forks');
    ws.write('src/new/b.ts', 'b\n');
    const input = { ...INPUT, payload: { target_files: [TARGET, 'src/new/b.ts'] }, result: { status: 'SUCCESS', output_summary: 's', content_hash: 'sha256:given' } };
    const service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    const { entry } = await service.intents.logTrace(input, ws.root);
    const hashes = (entry.files as Line[]).map((f) => f.conversations[0].ranges[0].content_hash);
    assert.deepStrictEqual(hashes, ['sha256:given', `sha256:${createHash('sha256').update('b\n').digest('hex')}`]);
  });
});
