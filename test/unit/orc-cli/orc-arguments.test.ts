import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { commandLine, quotePosix } from '../../../src/core/orc-cli/command-line';
import { approveArgs, closeArgs, editTaskArgs, newTaskArgs, rejectArgs, runArgs } from '../../../src/core/orc-cli/orc-arguments';

// The argument arrays Baton builds, checked against orc's flag definitions (internal/cli/cmd_*.go at a48c6caf),
// and the copyable command lines shown when Baton cannot run orc itself.

describe('orc arguments', () => {
  it('one array per action, with orc\'s long flag names', () => {
    assert.deepEqual(approveArgs('TASK-012'), { args: ['approve', 'TASK-012'] });
    assert.deepEqual(rejectArgs('TASK-012', ' Needs tests '), { args: ['reject', 'TASK-012', '--reason', 'Needs tests'] });
    assert.deepEqual(closeArgs('TASK-012', { force: true, message: 'done' }), { args: ['close', 'TASK-012', '--yes', '--force', '--message', 'done'] });
    assert.deepEqual(runArgs('TASK-012'), { args: ['run', 'TASK-012'] });
    assert.deepEqual(editTaskArgs('TASK-012', { removeBlockers: ['TASK-001'], addBlockers: ['TASK-002', 'TASK-003'] }),
      { args: ['edit', 'TASK-012', '--add-blocker', 'TASK-002,TASK-003', '--remove-blocker', 'TASK-001'] });
    assert.deepEqual(newTaskArgs({ title: ' Add login ', targetBranch: 'release/2' }), { args: ['new', '--json', '--target-branch', 'release/2', '--', 'Add login'] });
  });

  it('refuses what orc would read otherwise', () => {
    assert.deepEqual(editTaskArgs('TASK-1', { blockedBy: [], addBlockers: ['TASK-2'] }), { invalid: 'orc edit ignores --add-blocker/--remove-blocker when --blocked-by is given' });
    assert.deepEqual(editTaskArgs('TASK-1', { description: '' }), { invalid: 'orc edit cannot clear a description' });
    assert.deepEqual(editTaskArgs('TASK-1', { priority: 'urgent' as never }), { invalid: '"urgent" is not an orc priority (critical, high, normal, low)' });
    assert.deepEqual(newTaskArgs({ title: 't', category: 'feat' as never }), { invalid: '"feat" is not an orc category (feature, bug, refactor, chore, docs, test)' });
    assert.deepEqual(newTaskArgs({ title: 't', initiative: '-x' }), { invalid: '"-x" is not an orc initiative id' });
    assert.deepEqual(rejectArgs(''), { invalid: '"" is not an orc task id' });
  });

  it('copyable command lines: a POSIX shell hands orc the same arguments', () => {
    const args = ['reject', 'TASK-012', '--reason', `it's "quoted" $HOME \`x\` \\ ; & | * ? ~ \n newline`];
    const line = commandLine(args, 'linux');
    assert.equal(line, `orc reject TASK-012 --reason 'it'\\''s "quoted" $HOME \`x\` \\ ; & | * ? ~ \n newline'`);
    // The line, run by sh with `orc` defined as "print each argument", gives back the same array.
    const echoed = spawnSync('sh', ['-c', `orc() { for a in "$@"; do printf '%s\\0' "$a"; done; }; ${line}`], { encoding: 'utf8' });
    assert.deepEqual(echoed.stdout.split('\0').slice(0, -1), args);
    assert.equal(quotePosix(''), `''`);
    assert.equal(commandLine(['edit', 'TASK-1', '--initiative', ''], 'linux'), `orc edit TASK-1 --initiative ''`);
    assert.equal(commandLine(['approve', 'TASK-1'], 'win32'), 'orc approve TASK-1');
    assert.equal(commandLine(['new', '--', '@splat $x'], 'win32'), `orc new -- '@splat $x'`);
  });
});
