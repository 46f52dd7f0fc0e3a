import { normalizeTraceObject } from '../../../src/core/formats/intents/trace-entry';
import * as assert from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readTraceTail } from '../../../src/core/formats/intents/trace-tail';
import { TempWorkspace } from '../helpers/temp-workspace';
import { facts, fixtureDir, fixtureTrace, PROBLEM_TRACE_FIXTURES, scanFixture, VALID_TRACE_FIXTURES } from './wild-helpers';

const SHA = /^sha256:[0-9a-f]{64}$/;
const HEX = /^[0-9a-f]{64}$/;

describe('intents: agent_trace.jsonl as the forks write it (wild fixtures)', () => {
  let ws: TempWorkspace | undefined;
  afterEach(() => { ws?.dispose(); ws = undefined; });

  it('says nothing about any valid fixture, in the tail read or in the index', async () => {
    for (const name of VALID_TRACE_FIXTURES) {
      const tail = await fixtureTrace(name);
      assert.deepStrictEqual([tail.problems, tail.writeInProgress, tail.complete], [[], false, true], name);
      const scanned = await scanFixture(name);
      ws = scanned.ws;
      assert.deepStrictEqual(scanned.service.diagnostics(), [], name);
      ws.dispose();
    }
  });

  it('the spec\'s nested shape: intent, action, result, files, tool, command, agent, hash, revision, lines', async () => {
    const { entries } = await fixtureTrace('trace-spec-nested');
    assert.deepStrictEqual(entries.map((e) => [e.line, e.intentId, e.action, e.status]), [
      [7, null, 'ERROR', 'FAILURE'], [6, 'INT-102', 'TOOL_EXECUTION', 'SUCCESS'], [5, 'INT-101', 'TOOL_EXECUTION', 'FAILURE'],
      [4, 'INT-101', 'SCOPE_VIOLATION', 'DENIED'], [3, 'INT-101', 'TOOL_EXECUTION', 'SUCCESS'], [2, 'INT-101', 'CONTEXT_LOAD', 'SUCCESS'],
      [1, 'INT-101', 'INTENT_SELECTION', 'SUCCESS']]);
    const write = entries[4]!;
    assert.deepStrictEqual([write.shape, write.files, write.toolName, write.agentId, write.vcsRef, write.sessionId, write.timestamp, write.summary],
      ['spec', ['src/http/limits.ts'], 'write_to_file', 'roo-agent-a1', '4c1d2e9', 'sess-0302-a', '2026-03-02T09:03:12Z', 'Added a sliding-window limiter for POST /login']);
    assert.match(write.contentHash!, SHA);
    assert.strictEqual(entries[3]!.error, 'INT-101 may not write docs/limits.md; it is owned by INT-102');
    assert.deepStrictEqual([entries[2]!.command, entries[2]!.error], ['npm test -- limits', 'limits.test.ts: expected 429 after 5 attempts, got 200']);
  });

  it('folder and placeholder targets (".", ".orchestration", "n/a") are shown as written, never warned about', async () => {
    const { entries, problems } = await fixtureTrace('trace-spec-folder-targets');
    assert.deepStrictEqual(problems, []);
    assert.deepStrictEqual(entries.map((e) => [e.line, e.intentId, e.action, e.files, e.agentId, e.toolName]), [
      [5, 'INT-201', 'TOOL_EXECUTION', ['src/weather/client.ts'], 'roo-code-agent', 'write_to_file'],
      [4, null, 'TOOL_EXECUTION', ['n/a'], 'roo-code-agent', 'ask_followup_question'],
      [3, null, 'TOOL_EXECUTION', ['.orchestration'], 'roo-code-agent', 'list_files'],
      [2, null, 'TOOL_EXECUTION', ['.'], 'roo-code-agent', 'list_files'],
      [1, null, 'STATE_TRANSITION', ['n/a'], 'roo-code-agent', null]]);
    assert.deepStrictEqual([entries[0]!.mutationClass, entries[4]!.mutationClass, entries[4]!.contentHash], ['INTENT_EVOLUTION', 'N/A', 'n/a']);
  });

  it('a range whose end_line is 0 (a fork\'s way of writing one line) names its start line only', () => {
    // As the trace of mamee13/TRP1-Architecting-the-AI-Native-IDE---Intent-Code-Traceability writes a one-line range.
    const entry = normalizeTraceObject({ intent_id: 'INT-001', mutation_class: 'AST_REFACTOR',
      files: [{ relative_path: 'hello.js', conversations: [{ ranges: [{ start_line: 1, end_line: 0, content_hash: 'sha256:abc' }] }] }] }, 0, 1);
    assert.deepStrictEqual([entry.files, entry.summary], [['hello.js'], 'hello.js line 1']);
  });

  it('the flat trace_id/mutation_class/ranges shape, with one range, a list, "n/a", and a file + related strings line', async () => {
    const { entries } = await fixtureTrace('trace-flat-ranges');
    assert.deepStrictEqual(entries.map((e) => [e.line, e.shape, e.intentId, e.action, e.files, e.agentId, e.vcsRef, e.summary]), [
      [4, 'flat', 'INT-302', 'AST_REFACTOR', ['src/cart/format.ts'], 'claude-3-5-sonnet-20241022', null, 'src/cart/format.ts'],
      [3, 'flat', 'INT-302', 'AST_REFACTOR', ['src/cart/format.ts'], 'codex-3', '81be0d2', 'src/cart/format.ts lines 3–9'],
      [2, 'flat', 'INT-301', 'INTENT_EVOLUTION', ['src/cart/discount.ts', 'src/cart/total.ts'], 'codex-3', '7f3a9c1', 'src/cart/discount.ts, src/cart/total.ts'],
      [1, 'flat', 'INT-301', 'AST_REFACTOR', ['src/cart/total.ts'], 'codex-3', '7f3a9c1', 'src/cart/total.ts lines 12–48']]);
    assert.deepStrictEqual([entries[1]!.contentHash, entries[0]!.traceId], ['n/a', 'req-7']);
    assert.match(entries[0]!.contentHash!, HEX);
  });

  it('agent-trace.dev records as the forks write them: the intent from related, the class wherever it is kept', async () => {
    const { entries } = await fixtureTrace('trace-agent-trace-forks');
    assert.deepStrictEqual(entries.map((e) => [e.line, e.intentId, e.mutationClass, e.files.join(','), e.agentId]), [
      [14, 'INT-401', null, 'src/cart/total.ts', 'claude-3-5-sonnet-20241022'],
      [13, 'INT-402', 'INTENT_EVOLUTION', 'src/cart/coupon.ts', 'gpt-5.1-codex-max'],
      [12, 'INT-401', 'AST_REFACTOR', 'src/cart/currency.ts', 'claude-sonnet-4-6'],
      [11, 'INT-401', 'INTENT_EVOLUTION', 'src/cart/currency.ts', 'gemini-2.5-flash'],
      [10, null, null, '', null],
      [9, 'INT-401', null, 'src/cart/index.ts', 'unknown'],
      [8, 'INT-402', 'INTENT_EVOLUTION', 'src/cart/coupon.test.ts', 'claude-sonnet-4-6'],
      [7, 'INT-401', 'AST_REFACTOR', 'src/cart/rules.ts', 'google/gemini-2.0-flash'],
      [6, 'INT-401', 'AST_REFACTOR', 'src/cart/rules.ts', 'roo-code'],
      [5, 'INT-402', 'INTENT_EVOLUTION', 'src/cart/coupon.ts', 'unknown/model'],
      [4, 'INT-402', 'READ_ONLY', 'src/cart/total.ts', 'gpt-5-mini'],
      [3, 'INT-402', 'INTENT_EVOLUTION', 'src/cart/coupon.ts', 'gpt-5-mini'],
      [2, 'INT-401', 'AST_REFACTOR', 'src/cart/total.ts', 'claude-sonnet-4'],
      [1, 'INT-401', null, 'src/cart/total.ts', 'claude-sonnet-4']]);
    assert.ok(entries.every((e) => e.line === 10 || e.shape === 'agent-trace'));
    const byLine = new Map(entries.map((e) => [e.line, e]));
    assert.match(byLine.get(1)!.contentHash!, SHA);
    assert.deepStrictEqual([byLine.get(1)!.vcsRef, byLine.get(1)!.traceId, byLine.get(1)!.summary],
      ['d4e5f60718293a4b5c6d7e8f9012345678abcdef', '0b9e7c31-2f4a-4d6b-9c18-5e3a7f2d1c01', 'src/cart/total.ts lines 1–40']);
    assert.deepStrictEqual([byLine.get(3)!.toolName, byLine.get(3)!.status, byLine.get(3)!.sessionId], ['write_to_file', 'success', '019ca1b2-0002-7000-8000-00000000a002']);
    assert.deepStrictEqual([byLine.get(7)!.sessionId, byLine.get(11)!.traceId, byLine.get(12)!.contentHash, byLine.get(12)!.sessionId],
      ['sess-88', 'TRC-5E21A0C4', 'ast-sha256:5b1c9e0a7d3f', 'sess-cart-2']);
    assert.deepStrictEqual([byLine.get(13)!.toolName, byLine.get(13)!.sessionId], ['apply_patch', null]);
    assert.match(byLine.get(13)!.contentHash!, HEX);
    assert.strictEqual(byLine.get(9)!.contentHash, null);
  });

  it('the agent-trace.dev specification\'s own names: files[].path, contributor.model_id, vcs.revision, tool.name', async () => {
    const { entries } = await fixtureTrace('trace-agent-trace-official');
    assert.deepStrictEqual(entries.map((e) => [e.line, e.shape, e.intentId, e.files, e.agentId, e.toolName, e.vcsRef, e.contentHash]), [
      [2, 'agent-trace', null, ['src/parser/tokens.ts', '/tmp/scratch/parser-notes.md'], 'anthropic/claude-sonnet-4-5', 'claude-code', '1b2c3d4e5f60718293a4b5c6d7e8f90123456789', null],
      [1, 'agent-trace', null, ['src/parser/tokens.ts', 'src/parser/errors.ts'], 'anthropic/claude-opus-4-5-20251101', 'cursor', '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567', 'murmur3:5d2c9a10']]);
    assert.strictEqual(entries[1]!.traceId, '3b1f6a2c-8d4e-4c7a-9f0b-1e2d3c4b5a60');
  });

  it('camelCase and bare names: intentId, relativePath, mutationClasses, contentHash, hash, path, filePath, success', async () => {
    const { entries } = await fixtureTrace('trace-camelcase-fields');
    assert.deepStrictEqual(entries.map((e) => [e.line, e.intentId, e.action, e.status, e.files, e.toolName, e.agentId]), [
      [6, 'INT-602', null, null, ['src/users/schema.ts'], null, 'AI'],
      [5, 'INT-602', null, 'success', ['src/users/schema.ts'], 'write_to_file', null],
      [4, 'INT-601', 'feature', null, [], 'write_to_file', null],
      [3, 'INT-601', 'INTENT_EVOLUTION', null, [], 'read_file', null],
      [2, 'INT-601', 'ADD_FUNCTION, ADD_EXPORT', null, ['src/users/controller.ts'], null, null],
      [1, 'INT-601', null, null, [], null, null]]);
    assert.strictEqual(entries[4]!.summary, 'src/users/controller.ts lines 1–52');
    assert.strictEqual(entries[3]!.sessionId, '019cb0c1-45ea-75de-afb8-0e8370de472f');
    for (const i of [0, 2, 4]) assert.match(entries[i]!.contentHash!, HEX);
  });

  it('{intent_id, file_path, operation, classification} and its relatives: action and class apart, paths as written', async () => {
    const { entries } = await fixtureTrace('trace-file-path-operation');
    assert.deepStrictEqual(entries.map((e) => [e.line, e.intentId, e.action, e.mutationClass, e.files, e.status]), [
      [6, 'INT-701', 'INTENT_EVOLUTION', 'INTENT_EVOLUTION', ['public/app.js'], 'success'],
      [5, 'INT-702', 'selectActiveIntentTool', 'AST_REFACTOR', ['\\theme-site\\src\\theme\\colors.ts'], null],
      [4, 'INT-702', null, null, ['plans/theme-plan.md'], null],
      [3, 'INT-702', 'fix', 'fix', ['src/theme/colors.ts'], null],
      [2, 'INT-701', 'WRITE', 'INTENT_EVOLUTION', ['public/index.html'], null],
      [1, 'INT-701', 'WRITE', 'AST_REFACTOR', ['public/index.html'], null]]);
    assert.deepStrictEqual([entries[0]!.vcsRef, entries[0]!.toolName, entries[0]!.sessionId], ['4f5e6d7', 'write_to_file', '019cb5d0-1111']);
    assert.deepStrictEqual([entries[1]!.contentHash, entries[2]!.agentId, entries[2]!.vcsRef, entries[3]!.contentHash, entries[3]!.vcsRef],
      ['a2301b9458e418ac840d660033d0796', 'claude-sonnet-4-5', 'local-dev', '9f1e2d...c0lors', 'de7c5a3']);
  });

  it('modified_ranges: the files, the new range, agent_action as the action', async () => {
    const { entries } = await fixtureTrace('trace-modified-ranges');
    assert.deepStrictEqual(entries.map((e) => [e.line, e.intentId, e.action, e.mutationClass, e.files, e.toolName, e.summary]), [
      [2, 'INT-801', 'EDIT_FILE', 'AST_REFACTOR', ['src/log/format.ts', 'src/log/index.ts'], 'apply_diff', 'src/log/format.ts, src/log/index.ts'],
      [1, 'INT-801', 'WRITE_FILE', 'INTENT_EVOLUTION', ['src/log/format.ts'], 'write_to_file', 'src/log/format.ts lines 1–24']]);
    assert.strictEqual(entries[1]!.vcsRef, '105a6612d04b5483fbd76ac9c255def14cbb28e8');
    assert.match(entries[1]!.contentHash!, HEX);
  });

  it('related as strings names the intent; events, targets and objects with nothing known are entries, not problems', async () => {
    const { entries, problems } = await fixtureTrace('trace-related-strings-and-events');
    assert.deepStrictEqual(problems, []);
    assert.deepStrictEqual(entries.map((e) => [e.line, e.intentId, e.action, e.status, e.files, e.toolName, e.summary]), [
      [7, null, null, null, [], null, null],
      [6, null, null, null, [], null, null],
      [5, 'WX-8', 'system_init', 'ok', [], null, 'Initialized orchestration logging.'],
      [4, 'WX-7', null, null, [], 'select_active_intent', 'Selected active intent.'],
      [3, 'WX-7', null, 'success', [], 'select_active_intent', 'Active intent selected.'],
      [2, 'WX-7', 'AST_REFACTOR', 'SUCCESS', ['skills/fetch_trends.py'], 'write_file', 'skills/fetch_trends.py'],
      [1, 'WX-7', 'AST_REFACTOR', 'PENDING', ['skills/fetch_trends.py'], 'write_file', 'skills/fetch_trends.py']]);
    assert.deepStrictEqual(facts(entries[0]!), [7, null, null, null, [], null, null, null]);
  });

  it('a hash chain: intact, nothing; entries removed, one warning at the first broken link', async () => {
    assert.deepStrictEqual((await fixtureTrace('trace-hash-chain')).entries.map((e) => [e.line, e.intentId]),
      [[5, 'INT-902'], [4, 'INT-902'], [3, 'INT-901'], [2, 'INT-901'], [1, 'INT-901']]);
    const broken = await fixtureTrace('trace-hash-chain-broken');
    assert.deepStrictEqual(broken.entries.map((e) => e.line), [4, 3, 2, 1]);
    assert.deepStrictEqual(broken.problems.map((p) => [p.line, p.severity]), [[3, 'warning']]);
    assert.match(broken.problems[0]!.message, /hash chain breaks here: prev_record_hash is not the record_hash of the entry before it \(line 2\)/);
  });

  it('several broken links are still one problem, counting them', async () => {
    const link = (i: number, prev: string | null, record: string) => JSON.stringify({ id: `r${i}`, timestamp: `2026-01-01T00:00:0${i}Z`, integrity: { chain: 'sha256', prev_record_hash: prev, record_hash: record } });
    ws = new TempWorkspace({ 't.jsonl': [link(1, null, 'sha256:a'), link(2, 'sha256:a', 'sha256:b'), link(3, 'sha256:x', 'sha256:c'), link(4, 'sha256:c', 'sha256:d'),
      link(5, null, 'sha256:e'), link(6, 'sha256:e', 'sha256:f')].join('\n') + '\n' });
    const tail = await readTraceTail(ws.path('t.jsonl'), { limit: 10 });
    assert.deepStrictEqual(tail.problems.map((p) => [p.line, p.severity]), [[3, 'warning']]);
    assert.match(tail.problems[0]!.message, /\(2 breaks in the part read, the newest at line 5\)$/);
  });

  it('pretty-printed objects are the entries they are, numbered where they start, with one problem for the file', async () => {
    const tail = await fixtureTrace('trace-pretty-printed');
    assert.deepStrictEqual(tail.entries.map((e) => [e.line, e.intentId, e.files, e.timestamp]), [
      [36, 'INT-1001', ['src/forecast/cache.ts'], '2026-03-14T12:45:10.000Z'],
      [30, 'INT-1002', ['src/forecast/units.ts'], '2026-03-14T12:31:58.862Z'],
      [23, 'INT-1002', ['src/forecast/units.ts'], '2026-03-14T12:20:00.667Z'],
      [2, 'INT-1001', ['src/forecast/api.ts'], '2026-03-14T12:00:00Z'],
      [1, 'INT-1001', ['src/forecast/index.ts'], '2026-03-14T11:59:00Z']]);
    assert.deepStrictEqual([tail.entries[0]!.mutationClass, tail.entries[1]!.summary, tail.entries[1]!.action], ['AST_REFACTOR', 'Renamed toF() to celsiusToFahrenheit()', 'AST_REFACTOR']);
    assert.match(tail.entries[1]!.contentHash!, HEX);
    assert.deepStrictEqual(tail.problems.map((p) => [p.line, p.severity]), [[2, 'warning']]);
    assert.match(tail.problems[0]!.message, /not one JSON object per line .* skip it; the same for 3 newer entries, the newest at line 36$/);
    assert.strictEqual(tail.writeInProgress, false, 'the last object ends without a newline, yet it is whole');
    const newest = await readTraceTail(path.join(fixtureDir('trace-pretty-printed'), '.orchestration', 'agent_trace.jsonl'), { limit: 2 });
    assert.deepStrictEqual(newest.entries.map((e) => [e.line, e.fromEnd]), [[36, 41], [30, 47]], 'read from the end: the newest two, where they start');
  });

  it('two objects on one line are both read, the later one newer, with one problem for the file', async () => {
    const tail = await fixtureTrace('trace-two-objects-one-line');
    assert.deepStrictEqual(tail.entries.map((e) => [e.line, e.intentId, e.action, e.files]), [
      [2, 'INT-1102', 'AST_REFACTOR', ['src/gate/check.ts']],
      [1, 'INT-1102', 'INTENT_EVOLUTION', ['src/gate/check.ts']],
      [1, 'INT-1101', null, ['src/gate/keeper.ts']]]);
    assert.deepStrictEqual(tail.problems.map((p) => [p.line, p.severity]), [[1, 'warning']]);
  });

  it('broken lines are one error, and a good object glued to one is still read', async () => {
    const tail = await fixtureTrace('trace-broken-lines');
    assert.deepStrictEqual(tail.entries.map((e) => [e.line, e.intentId, e.files, e.toolName, e.agentId]), [
      [3, 'INT-1201', ['src/auth/handshake.txt'], 'apply_patch', 'gpt-5.1-codex-max'],
      [2, 'INT-1201', ['src/auth/handshake.txt'], 'apply_patch', 'gpt-5.1-codex-max']]);
    assert.deepStrictEqual(tail.problems.map((p) => [p.line, p.severity, p.message]), [[1, 'error', 'not valid JSON (the JSON value is not closed), through line 2']]);
  });

  it('# comment lines and blank lines are skipped and keep the line numbers right', async () => {
    assert.deepStrictEqual((await fixtureTrace('trace-comment-header')).entries.map((e) => [e.line, e.intentId, e.mutationClass]),
      [[16, 'INT-1301', 'INTENT_EVOLUTION'], [15, 'INT-1301', 'AST_REFACTOR'], [14, 'INT-1301', 'INTENT_EVOLUTION']]);
    assert.deepStrictEqual((await fixtureTrace('trace-only-comments')).entries, []);
    const blank = await fixtureTrace('trace-leading-blank-line');
    assert.deepStrictEqual(blank.entries.map((e) => [e.line, e.intentId, e.status, e.files, e.toolName]), [
      [7, 'math-utils', 'success', ['unknown'], 'update_todo_list'], [6, 'math-utils', 'success', ['src/math/sum.py'], 'write_to_file'],
      [5, 'math-utils', 'success', ['.orchestration/active_intents.yaml'], 'read_file'], [4, null, 'success', ['src'], 'list_files'],
      [3, 'math-utils', 'success', ['unknown'], 'select_active_intent'], [2, null, 'success', ['unknown'], 'select_active_intent']]);
    assert.strictEqual(blank.entries[0]!.mutationClass, 'UNKNOWN');
  });

  it('the problem fixtures have exactly one problem each', async () => {
    for (const name of PROBLEM_TRACE_FIXTURES) assert.strictEqual((await fixtureTrace(name)).problems.length, 1, name);
  });

  it('the Intents view\'s recent trace of an intent comes from every shape (related, intentId, file_path, modified_ranges)', async () => {
    const cases: [Parameters<typeof scanFixture>[0], string, (number | null)[]][] = [
      ['trace-agent-trace-forks', 'INT-401', [14, 12, 11, 9, 7]], ['trace-camelcase-fields', 'INT-602', [6, 5]],
      ['trace-file-path-operation', 'INT-701', [6, 2, 1]], ['trace-modified-ranges', 'INT-801', [2, 1]],
      ['trace-related-strings-and-events', 'WX-7', [4, 3, 2, 1]], ['trace-pretty-printed', 'INT-1002', [30, 23]]];
    for (const [name, id, lines] of cases) {
      const scanned = await scanFixture(name);
      ws = scanned.ws;
      assert.deepStrictEqual(scanned.intents.get(id)!.recentTrace.map((e) => e.line), lines, `${name} ${id}`);
      ws.dispose();
    }
  });

  it('a file nothing else owns is owned through the trace by the intent that last changed it; reads and selections do not count', async () => {
    const scanned = await scanFixture('trace-agent-trace-forks');
    ws = scanned.ws;
    const owners = (file: string) => scanned.service.intents.ownersOf(ws!.root, file).map((o) => `${o.intent}/${o.via}/${o.name}`);
    assert.deepStrictEqual(owners('src/cart/total.ts'), ['INT-401/trace/Cart totals and rules'], 'line 14; the READ_ONLY read by INT-402 does not count');
    assert.deepStrictEqual(owners('src/cart/coupon.ts'), ['INT-402/trace/Coupons']);
    assert.deepStrictEqual(owners('src/cart/index.ts'), ['INT-401/trace/Cart totals and rules']);
    assert.deepStrictEqual(owners('src/cart/other.ts'), []);
    const scope = await scanned.service.intents.validateScope('INT-402', 'src/cart/coupon.ts', ws.root);
    assert.strictEqual(scope.allowed, false, 'having changed a file is no permission to change it');
    ws.dispose();

    const blank = await scanFixture('trace-leading-blank-line');
    ws = blank.ws;
    assert.deepStrictEqual(blank.service.intents.ownersOf(ws.root, 'src/math/sum.py').map((o) => o.via), ['trace']);
    assert.deepStrictEqual(blank.service.intents.ownersOf(ws.root, '.orchestration/active_intents.yaml'), [], 'a read_file entry');
    ws.dispose();
    const events = await scanFixture('trace-related-strings-and-events');
    ws = events.ws;
    assert.deepStrictEqual(events.service.intents.ownersOf(ws.root, 'skills/fetch_trends.py').map((o) => `${o.intent}/${o.via}`), ['WX-7/trace']);
  });

  it('owned_scope and the intent map come first: the trace owns only what they leave; an append moves the generation only when an owner changes', async () => {
    const scanned = await scanFixture('trace-spec-nested');
    ws = scanned.ws;
    const { intents } = scanned.service;
    assert.deepStrictEqual(intents.ownersOf(ws.root, 'src/http/limits.ts').map((o) => `${o.intent}/${o.via}`), ['INT-101/owned_scope']);
    const generation = intents.ownershipGeneration(ws.root);
    const trace = ws.path('.orchestration/agent_trace.jsonl');
    const append = async (line: object) => {
      ws!.write('.orchestration/agent_trace.jsonl', `${readFileSync(trace, 'utf8')}${JSON.stringify(line)}\n`);
      await scanned.service.fileChanged(trace);
    };
    await append({ timestamp: '2026-03-02T11:00:00Z', agent_id: 'b', intent_id: 'INT-101', action_type: 'CONTEXT_LOAD', payload: { tool_name: 'read_file', target_files: ['README.md'] }, result: { status: 'SUCCESS' } });
    assert.strictEqual(intents.ownershipGeneration(ws.root), generation, 'a read gives no file an owner');
    await append({ timestamp: '2026-03-02T11:01:00Z', agent_id: 'b', intent_id: 'INT-102', action_type: 'TOOL_EXECUTION', payload: { tool_name: 'write_to_file', target_files: ['README.md'] }, result: { status: 'SUCCESS' } });
    assert.strictEqual(intents.ownershipGeneration(ws.root), generation + 1);
    assert.deepStrictEqual(intents.ownersOf(ws.root, 'README.md').map((o) => `${o.intent}/${o.via}`), ['INT-102/trace']);
    await append({ timestamp: '2026-03-02T11:02:00Z', agent_id: 'b', intent_id: 'INT-101', action_type: 'TOOL_EXECUTION', payload: { tool_name: 'write_to_file', target_files: ['docs/limits.md'] }, result: { status: 'DENIED' } });
    assert.strictEqual(intents.ownershipGeneration(ws.root), generation + 1, 'a denied write changes nothing');
  });
});

describe('intents: the tail reader with multi-line objects in big files', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  const jsonl = (i: number) => JSON.stringify({ trace_id: `t${i}`, timestamp: '2026-01-01T00:00:00Z', intent_id: 'A', mutation_class: 'AST_REFACTOR', ranges: { file: `src/f${i}.ts` } });

  it('reads a pretty-printed object across read chunks at the end of a big file, cheaply, and numbers its lines when small', async () => {
    const body = Array.from({ length: 20000 }, (_, i) => jsonl(i + 1));
    const big = JSON.stringify({ id: 'pretty', intent_id: 'B', file_path: 'src/big.ts', notes: Array.from({ length: 3000 }, (_, i) => `note ${i} ${'x'.repeat(40)}`) }, null, 2);
    ws = new TempWorkspace({ 'agent_trace.jsonl': `${body.join('\n')}\n${big}\n${jsonl(20001)}\n` });
    const tail = await readTraceTail(ws.path('agent_trace.jsonl'), { limit: 3, numberLines: true });
    assert.deepStrictEqual(tail.entries.map((e) => [e.intentId, e.files[0], e.line]), [['A', 'src/f20001.ts', 23008], ['B', 'src/big.ts', 20001], ['A', 'src/f20000.ts', 20000]]);
    assert.ok(tail.bytesRead < tail.size / 4, `read ${tail.bytesRead} of ${tail.size} bytes`);
    assert.deepStrictEqual(tail.problems.map((p) => p.line), [20001]);
  });

  it('a multi-line object still being written at the end is a write in progress, not a problem', async () => {
    ws = new TempWorkspace({ 'agent_trace.jsonl': `${jsonl(1)}\n${jsonl(2)}\n{\n  "intent_id": "A",\n  "file_path": "src/x` });
    const tail = await readTraceTail(ws.path('agent_trace.jsonl'), { limit: 10 });
    assert.deepStrictEqual([tail.entries.map((e) => e.line), tail.problems, tail.writeInProgress], [[2, 1], [], true]);
  });

  it('a broken line between good ones is one error at its line; the good lines around it stay entries', async () => {
    ws = new TempWorkspace({ 'agent_trace.jsonl': [jsonl(1), '  "dangling": "key",', '}', jsonl(4), 'not json at all', jsonl(6)].join('\n') + '\n' });
    const tail = await readTraceTail(ws.path('agent_trace.jsonl'), { limit: 10 });
    assert.deepStrictEqual(tail.entries.map((e) => e.line), [6, 4, 1]);
    assert.deepStrictEqual(tail.problems.map((p) => [p.line, p.severity]), [[5, 'error'], [2, 'error']]);
    assert.match(tail.problems[1]!.message, /through line 3$/);
  });

  it('a flood of unreadable lines is at most twenty problems', async () => {
    ws = new TempWorkspace({ 'agent_trace.jsonl': [...Array.from({ length: 60 }, (_, i) => `garbage ${i}\n${jsonl(i)}`), jsonl(99)].join('\n') + '\n' });
    const tail = await readTraceTail(ws.path('agent_trace.jsonl'), { limit: 1000 });
    assert.strictEqual(tail.entries.length, 61);
    assert.strictEqual(tail.problems.length, 20);
    assert.match(tail.problems[19]!.message, /^41 more unreadable parts, this one and those before it back to line 1 \(not listed one by one\)$/);
  });
});
