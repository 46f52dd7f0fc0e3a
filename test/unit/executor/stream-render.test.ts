import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { LineSplitter, parseStreamLine, toolTarget } from '../../../src/core/executor/stream-json';
import { renderEvent } from '../../../src/core/executor/render';
import { tokenTotals } from '../../../src/core/model/tokens';
import { FAKE_CLAUDE } from './fixture';

describe('executor: stream-json and rendering', () => {
  it('joins lines split across chunks, even inside a multi-byte character, and keeps a cut-off last line', () => {
    const line1 = JSON.stringify({ type: 'assistant', message: { id: 'm1', content: [{ type: 'text', text: 'héllo ✓' }] } });
    const line2 = JSON.stringify({ type: 'result', subtype: 'success', is_error: false, result: 'done' });
    const bytes = Buffer.from(`${line1}\n${line2}\n{"type":"assi`);
    const cut = bytes.indexOf(Buffer.from('✓')) + 1; // in the middle of the check mark's three bytes
    const s = new LineSplitter();
    const lines = [...s.push(bytes.subarray(0, cut)), ...s.push(bytes.subarray(cut, cut + 5)), ...s.push(bytes.subarray(cut + 5))];
    assert.deepEqual(lines, [line1, line2]);
    assert.equal(s.flush(), '{"type":"assi');
    const first = parseStreamLine(lines[0]!);
    assert.ok(first?.type === 'assistant');
    assert.deepEqual(first.blocks, [{ kind: 'text', text: 'héllo ✓' }]);
  });

  it('ignores unknown types and fields, and reads results with their usage and errors', () => {
    assert.deepEqual(parseStreamLine('{"type":"rate_limit_event","x":1}'), { type: 'other' });
    assert.deepEqual(parseStreamLine('{"type":"system","subtype":"hook_started"}'), { type: 'other' });
    assert.deepEqual(parseStreamLine('not json'), { type: 'invalid', line: 'not json' });
    assert.equal(parseStreamLine('   '), null);
    const r = parseStreamLine(JSON.stringify({ type: 'result', subtype: 'error_during_execution', is_error: true, errors: ['boom', { code: 1 }],
      usage: { input_tokens: 5, output_tokens: 2, brand_new: 9 }, total_cost_usd: 0.5, modelUsage: {} }));
    assert.ok(r?.type === 'result');
    assert.deepEqual(r.errors, ['boom', '{"code":1}']);
    assert.deepEqual(r.usage, { input_tokens: 5, output_tokens: 2, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 });
    assert.equal(toolTarget({ file_path: 'src/a.ts', content: 'x' }), 'src/a.ts');
    assert.equal(toolTarget({ command: 'npm test' }), 'npm test');
    assert.equal(toolTarget({}), null);
  });

  it('renders every event as plain text, with terminal escapes shown escaped (never raw)', () => {
    const t = tokenTotals(1000, 200, 30, 4000);
    const lines = [
      ...renderEvent({ type: 'run-start', taskId: 'TASK-1', phases: ['spec'], cwd: '/r', branch: 'orc/TASK-1' }),
      ...renderEvent({ type: 'assistant-text', phase: 'spec', text: 'Hi \u001b[31mred\u001b[0m\nsecond line' }),
      ...renderEvent({ type: 'tool-use', phase: 'spec', name: 'Edit', target: 'src/a.ts' }),
      ...renderEvent({ type: 'tool-result', phase: 'spec', brief: 'boom', isError: true }),
      ...renderEvent({ type: 'usage', phase: 'spec', phaseTokens: t, taskTokens: t, costUsd: 0.1234 }),
      ...renderEvent({ type: 'phase-end', phase: 'spec', status: 'failed', message: 'error_max_turns', exitCode: 1, signal: null }),
      ...renderEvent({ type: 'gate-waiting', gate: { root: '/r', taskId: 'TASK-1', phase: 'spec', stateFile: '/r/s' } }),
      ...renderEvent({ type: 'run-end', outcome: { status: 'failed', message: 'spec failed', phasesRun: ['spec'] } }),
    ];
    const text = lines.join('\n');
    assert.ok(!text.includes('\u001b'));
    assert.match(text, /^=== TASK-1: phases spec$/m);
    assert.match(text, /^Hi \\x1b\[31mred\\x1b\[0m$/m);
    assert.deepEqual(renderEvent({ type: 'assistant-text', phase: 's', text: 'a\u001b]0;title\u0007b\u001b[2Jc' }), [String.raw`a\x1b]0;title\x07b\x1b[2Jc`]);
    assert.match(text, /^second line$/m);
    assert.match(text, /^ {2}> Edit src\/a\.ts$/m);
    assert.match(text, /^ {4}error: boom$/m);
    assert.match(text, /tokens: spec 5,230 \(in 1,000, out 200, cache 30\+4,000\) .* cost \$0\.1234/);
    assert.match(text, /^=== spec: failed \(exit status 1\) - error_max_turns$/m);
    assert.match(text, /baton answer TASK-1:spec --option approve/);
    assert.match(text, /=== run failed: spec failed \(phases run: spec\)/);
  });

  it('the fake claude checks its flags like the real one', () => {
    const run = (args: string[], input = 'prompt') => spawnSync(FAKE_CLAUDE, args, { input, encoding: 'utf8' });
    const noVerbose = run(['-p', '--output-format', 'stream-json']);
    assert.equal(noVerbose.status, 1);
    assert.equal(noVerbose.stderr.trim(), 'Error: When using --print, --output-format=stream-json requires --verbose');
    assert.equal(run(['-p', '--output-format', 'stream-json', '--verbose', '--session-id', 'abc']).status, 1);
    assert.equal(run(['-p', '--output-format', 'stream-json', '--verbose', '--resume']).status, 1);
    assert.equal(run(['-p', '--output-format', 'stream-json', '--verbose', 'a prompt in argv']).status, 1);
    const ok = run(['-p', '--output-format', 'stream-json', '--verbose', '--add-dir', '/tmp', '/var']);
    assert.equal(ok.status, 0, ok.stderr);
    assert.match(ok.stdout.split('\n')[0]!, /"subtype":"init"/);
    const named = (scenario: string) => spawnSync(FAKE_CLAUDE, ['-p', '--output-format', 'stream-json', '--verbose'],
      { input: 'p', encoding: 'utf8', cwd: os.tmpdir(), env: { ...process.env, FAKE_CLAUDE_SCENARIO: scenario } });
    const maxTurns = named('max-turns');
    assert.equal(maxTurns.status, 1);
    assert.match(maxTurns.stdout, /"subtype":"error_max_turns","is_error":true/);
    const crash = named('crash');
    assert.equal(crash.signal, 'SIGKILL');
    assert.ok(!crash.stdout.endsWith('\n'), 'the last line is cut off');
    assert.match(named('blocked').stdout, /<phase_blocked>/);
  });
});
