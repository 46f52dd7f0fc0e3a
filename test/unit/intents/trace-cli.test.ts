import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { REPO, TempWorkspace } from '../helpers/temp-workspace';
import { fixtureDir, PROBLEM_TRACE_FIXTURES, VALID_TRACE_FIXTURES } from './wild-helpers';

const CLI = path.join(REPO, 'dist', 'cli.js');

function baton(args: string[], cwd = REPO) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: path.join(REPO, '.vscode-test', 'cli-test-cache') } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function traceJson(args: string[]) {
  const r = baton(['trace', ...args, '--json']);
  return { code: r.code, stderr: r.stderr, json: JSON.parse(r.stdout) as { entries: Record<string, unknown>[]; diagnostics: Record<string, unknown>[] } & Record<string, unknown> };
}

describe('baton trace and baton check on the wild trace fixtures', () => {
  let ws: TempWorkspace | undefined;
  before(function () {
    if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first');
  });
  afterEach(() => { ws?.dispose(); ws = undefined; });

  it('check exits 0 and prints nothing on every valid trace fixture', () => {
    for (const name of VALID_TRACE_FIXTURES) {
      const r = baton(['check', fixtureDir(name), '--no-cache']);
      assert.deepStrictEqual([r.code, r.stdout, r.stderr], [0, '', ''], name);
    }
  });

  it('check prints one line for each problem fixture: warnings exit 0, the unreadable lines exit 1', () => {
    const expected: Record<typeof PROBLEM_TRACE_FIXTURES[number], [number, RegExp]> = {
      'trace-pretty-printed': [0, /^\.orchestration\/agent_trace\.jsonl:2:1: warning: this entry is not one JSON object per line/],
      'trace-two-objects-one-line': [0, /^\.orchestration\/agent_trace\.jsonl:1:1: warning: this entry is not one JSON object per line/],
      'trace-hash-chain-broken': [0, /^\.orchestration\/agent_trace\.jsonl:3:1: warning: the hash chain breaks here/],
      'trace-broken-lines': [1, /^\.orchestration\/agent_trace\.jsonl:1:1: error: not valid JSON \(the JSON value is not closed\), through line 2$/],
    };
    for (const name of PROBLEM_TRACE_FIXTURES) {
      const r = baton(['check', fixtureDir(name), '--no-cache']);
      const lines = r.stdout.trimEnd().split('\n');
      assert.strictEqual(r.code, expected[name][0], name);
      assert.strictEqual(lines.length, 1, `${name}: ${r.stdout}`);
      assert.match(lines[0]!, expected[name][1], name);
    }
  });

  it('trace --json gives the normalised entries, newest first, with every field CLI.md names (null when absent)', () => {
    const r = traceJson([fixtureDir('trace-agent-trace-forks'), '--limit', '3']);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.deepStrictEqual([r.json.baton, r.json.root, r.json.file, r.json.intent, r.json.limit, r.json.complete, r.json.diagnostics],
      [1, fixtureDir('trace-agent-trace-forks'), '.orchestration/agent_trace.jsonl', null, 3, false, []]);
    assert.deepStrictEqual(r.json.entries.map((e) => [e.line, e.time, e.agent, e.intent, e.action, e.files, e.result]), [
      [14, '2026-03-07T11:40:00.000Z', 'claude-3-5-sonnet-20241022', 'INT-401', null, ['src/cart/total.ts'], null],
      [13, '2026-03-07T11:34:18.251Z', 'gpt-5.1-codex-max', 'INT-402', 'INTENT_EVOLUTION', ['src/cart/coupon.ts'], null],
      [12, '2026-03-07T11:30:00Z', 'claude-sonnet-4-6', 'INT-401', 'AST_REFACTOR', ['src/cart/currency.ts'], null]]);
    for (const e of r.json.entries) {
      for (const key of ['time', 'agent', 'intent', 'action', 'files', 'result', 'hash', 'line']) assert.ok(key in e, `${key} in every entry`);
    }
    assert.deepStrictEqual([r.json.entries[2]!.hash, r.json.entries[1]!.tool, r.json.entries[0]!.shape], ['ast-sha256:5b1c9e0a7d3f', 'apply_patch', 'agent-trace']);

    const spec = traceJson([fixtureDir('trace-spec-nested'), '--limit', '1']).json.entries[0]!;
    assert.deepStrictEqual(spec, { time: '2026-03-02T10:20:00Z', agent: 'roo-agent-b7', intent: null, action: 'ERROR', files: [], result: 'FAILURE',
      hash: null, line: 7, fromEnd: 1, mutationClass: null, tool: null, command: null, summary: 'No reply from the model',
      error: 'request timed out after 120 s', session: 'sess-0302-b', revision: null, id: null, shape: 'spec' });
  });

  it('--intent keeps that intent\'s entries, from every shape that names it', () => {
    const related = traceJson([fixtureDir('trace-agent-trace-forks'), '--intent', 'INT-402', '--limit', '50']);
    assert.deepStrictEqual(related.json.entries.map((e) => e.line), [13, 8, 5, 4, 3]);
    assert.deepStrictEqual([related.json.intent, related.json.complete], ['INT-402', true]);
    assert.deepStrictEqual(traceJson([fixtureDir('trace-related-strings-and-events'), '--intent', 'WX-7']).json.entries.map((e) => e.line), [4, 3, 2, 1]);
    assert.deepStrictEqual(traceJson([fixtureDir('trace-file-path-operation'), '--intent', 'INT-702']).json.entries.map((e) => e.files), [
      ['\\theme-site\\src\\theme\\colors.ts'], ['plans/theme-plan.md'], ['src/theme/colors.ts']]);
    assert.deepStrictEqual(traceJson([fixtureDir('trace-spec-nested'), '--intent', 'NOPE']).json.entries, []);
  });

  it('--limit takes the newest N; pretty-printed and glued objects count as the entries they are', () => {
    assert.deepStrictEqual(traceJson([fixtureDir('trace-pretty-printed'), '--limit', '2']).json.entries.map((e) => [e.line, e.intent]), [[36, 'INT-1001'], [30, 'INT-1002']]);
    const glued = traceJson([fixtureDir('trace-two-objects-one-line')]);
    assert.deepStrictEqual(glued.json.entries.map((e) => [e.line, e.intent]), [[2, 'INT-1102'], [1, 'INT-1102'], [1, 'INT-1101']]);
    assert.deepStrictEqual(glued.json.diagnostics.map((d) => [d.line, d.severity]), [[1, 'warning']]);
    assert.strictEqual(glued.code, 0);
  });

  it('text output: two lines an entry, newest first; the problems after them; exit 1 when one is an error', () => {
    const r = baton(['trace', fixtureDir('trace-spec-nested'), '--limit', '2']);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.strictEqual(r.stdout, [
      '.orchestration/agent_trace.jsonl: 2 entries, newest first (the newest; --limit N shows more)',
      '2026-03-02T10:20:00Z  (no intent)  ERROR  FAILURE',
      '    agent roo-agent-b7 · line 7',
      '    No reply from the model',
      '    error: request timed out after 120 s',
      '2026-03-02T10:15:00Z  INT-102  TOOL_EXECUTION  SUCCESS',
      `    docs/limits.md · tool write_to_file · agent roo-agent-b7 · hash ${traceJson([fixtureDir('trace-spec-nested'), '--limit', '2']).json.entries[1]!.hash} · line 6`,
      '    Documented the login limit',
      ''].join('\n'));
    const broken = baton(['trace', fixtureDir('trace-broken-lines')]);
    assert.strictEqual(broken.code, 1);
    assert.match(broken.stdout, /^\.orchestration\/agent_trace\.jsonl: 2 entries, newest first \(all of them\)\n/);
    assert.match(broken.stdout, /\n1 problem:\n {2}\.orchestration\/agent_trace\.jsonl:1:1: error: not valid JSON \(the JSON value is not closed\), through line 2\n$/);
    const forks = baton(['trace', fixtureDir('trace-agent-trace-forks'), '--limit', '30']).stdout;
    assert.match(forks, /\n2026-03-07T11:05:44\.120Z {2}INT-402 {2}INTENT_EVOLUTION {2}success\n {4}src\/cart\/coupon\.ts · tool write_to_file · agent gpt-5-mini · hash sha256:[0-9a-f]{64} · line 3\n/);
    // An agent-trace.dev record that names neither an action nor a tool attributes code: it says so.
    assert.match(forks, /^\.orchestration\/agent_trace\.jsonl: 14 entries, newest first \(all of them\)\n2026-03-07T11:40:00\.000Z {2}INT-401 {2}attribution\n/);
  });

  it('text output escapes control characters and bidirectional overrides that came from the file', () => {
    ws = new TempWorkspace({ '.orchestration/agent_trace.jsonl': `${JSON.stringify({ timestamp: '2026-01-01T00:00:00Z', intent_id: 'I\u001b[31mRED',
      action_type: 'TOOL_EXECUTION', payload: { target_files: ['src/\u202eevil.ts'] }, result: { status: 'SUCCESS', output_summary: 'two\nlines\u0007' } })}\n` });
    const r = baton(['trace', ws.root]);
    assert.strictEqual(r.code, 0, r.stderr);
    // eslint-disable-next-line no-control-regex
    assert.ok(!/[\u0000-\u0008\u000b-\u001f\u007f\u202e]/.test(r.stdout), JSON.stringify(r.stdout));
    assert.match(r.stdout, /I\\x1b\[31mRED {2}TOOL_EXECUTION {2}SUCCESS\n {4}src\/\\u202eevil\.ts · line 1\n {4}two\\nlines\\x07\n/);
    assert.strictEqual(traceJson([ws.root]).json.entries[0]!.intent, 'I\u001b[31mRED', 'JSON keeps the value as written');
  });

  it('a folder without a trace: no entries, exit 0; usage errors exit 2', () => {
    ws = new TempWorkspace({ 'README.md': 'nothing here\n' });
    const none = baton(['trace', ws.root]);
    assert.deepStrictEqual([none.code, none.stdout], [0, `No agent trace in ${ws.root} (looked for .orchestration/agent_trace.jsonl).\n`]);
    assert.deepStrictEqual(traceJson([ws.root]).json, { baton: 1, root: ws.root, file: null, intent: null, limit: 20, complete: true, writeInProgress: false, entries: [], diagnostics: [] });
    for (const args of [['--limit', '0'], ['--limit', 'ten'], ['--limit', '10001'], ['--limit', '1.5'], ['--intent', ''], [ws.root, ws.root], ['--unknown']]) {
      const r = baton(['trace', ...(args[0]!.startsWith('-') ? [ws.root] : []), ...args]);
      assert.strictEqual(r.code, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, /usage: baton trace \[DIR\] \[--intent ID\] \[--limit N\] \[--json\]/);
    }
    assert.strictEqual(baton(['trace', path.join(ws.root, 'missing')]).code, 2);
  });

  it('DIR defaults to the current folder; --help lists trace', () => {
    ws = new TempWorkspace();
    cpSync(fixtureDir('trace-flat-ranges'), ws.root, { recursive: true });
    assert.deepStrictEqual(JSON.parse(baton(['trace', '--json', '--limit', '1'], ws.root).stdout).entries.map((e: { id: string }) => e.id), ['req-7']);
    assert.match(baton(['--help']).stdout, /\n {2}baton trace \[DIR\] \[--intent ID\] \[--limit N\] \[--json\] \[--worktrees\] \[--refs PATTERN\]…\n/);
  });

  it('owner names an intent through the trace when nothing else owns the file', () => {
    const r = baton(['owner', 'src/cart/coupon.ts', '--root', fixtureDir('trace-agent-trace-forks'), '--json', '--no-cache']);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.deepStrictEqual(JSON.parse(r.stdout), { file: 'src/cart/coupon.ts', owners: [{ intent: 'INT-402', name: 'Coupons', via: 'trace' }] });
    assert.strictEqual(baton(['owner', 'src/users/schema.ts', '--root', fixtureDir('trace-camelcase-fields'), '--no-cache']).stdout,
      'src/users/schema.ts: INT-602 User schema (via trace)\n');
  });
});
