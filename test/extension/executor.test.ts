import * as assert from 'node:assert';
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { OrcTask } from '../../src/core/formats/orc/model';
import type { BatonApi } from '../../src/vscode/extension';
import type { RunSession } from '../../src/vscode/executor/run-session';
import { batonApi, childNamed, labels, until, workspaceRoot } from './helpers/baton';
import { answerGateFromInbox, runCli } from './helpers/executor';

/** out/test/extension → the project, where the fake Claude CLI lives. */
const PROJECT = path.resolve(__dirname, '../../..');
const FAKE_CLAUDE = path.join(PROJECT, 'test/fixtures/bin/claude');

/** The fake's script: a prompt naming a task plays that task's steps; any other prompt (the AI gate) approves. */
const SCENARIO = {
  rules: [
    { match: 'TASK-110', steps: [{ text: 'Writing the greeting.' }, { write: 'executor-out/greeting.txt', content: 'hello\n' },
      { tool: 'Bash', input: { command: 'npm test' }, output: '3 passing' }, { sleep: 400 },
      { result: 'success', text: 'Greeting written. <phase_complete>true</phase_complete>' }] },
    { match: 'TASK-111', steps: [{ text: 'Drafted the spec.' }, { result: 'success', text: 'Spec done. <phase_complete>true</phase_complete>' }] },
    { match: 'TASK-112', steps: [{ text: 'Thinking hard…' }, { hang: true }] },
  ],
  calls: [[{ result: 'success', text: '<gate_decision>approved</gate_decision><gate_rationale>fine</gate_rationale>' }]],
};

interface Fixture { readonly id: string; readonly title: string; readonly phases: readonly { name: string; gate: string }[] }

const TASKS: readonly Fixture[] = [
  { id: 'TASK-110', title: 'Executor test: greeting', phases: [{ name: 'implement', gate: 'auto' }, { name: 'test', gate: 'auto' }] },
  { id: 'TASK-111', title: 'Executor test: human gate', phases: [{ name: 'spec', gate: 'human' }, { name: 'implement', gate: 'auto' }] },
  { id: 'TASK-112', title: 'Executor test: a phase that hangs', phases: [{ name: 'implement', gate: 'auto' }] },
];

async function writeTask(root: string, t: Fixture): Promise<void> {
  const dir = path.join(root, '.orc/tasks', t.id);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, 'task.yaml'), `id: ${t.id}\ntitle: "${t.title}"\nweight: small\nstatus: planned\nqueue: active\n` +
    'priority: low\ncategory: test\ncreated_at: 2026-11-22T06:00:00Z\n');
  await fs.writeFile(path.join(dir, 'plan.yaml'), `task_id: ${t.id}\nweight: small\nphases:\n` +
    t.phases.map((p) => `  - name: ${p.name}\n    type: ${p.name}\n    max_iterations: 2\n    checkpoint: true\n    gate: {type: ${p.gate}}\n`).join(''));
}

function task(api: BatonApi, id: string): OrcTask {
  const found = api.service.items().find((i): i is OrcTask => i.system === 'orc' && i.kind === 'task' && i.id === id);
  if (!found) throw new Error(`no task ${id}`);
  return found;
}

/** Waits on the run's own events; a timeout shows what its terminal says (the executor's reason, if any). */
async function untilRun(session: RunSession, check: () => boolean, ms = 20_000): Promise<void> {
  try {
    await until(session.onDidChange, check, ms);
  } catch (err) {
    throw new Error(`${(err as Error).message}; the run's terminal:\n${session.terminal.text}`, { cause: err });
  }
}

function git(root: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 'test', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'test', GIT_COMMITTER_EMAIL: 't@example.com' } });
}

/** Resolves once no process of group `pgid` is left; rejects after `ms`. */
async function groupGone(pgid: number, ms: number): Promise<void> {
  const alive = () => { try { process.kill(-pgid, 0); return true; } catch { return false; } };
  const deadline = Date.now() + ms;
  while (alive()) {
    if (Date.now() > deadline) { process.kill(-pgid, 'SIGKILL'); throw new Error(`Claude's group ${pgid} outlived its killed executor by ${ms} ms`); }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('Executor in the real editor (fake Claude CLI)', function () {
  this.timeout(60_000);
  let api: BatonApi;
  let root: string;
  let log: string;
  let scratch: string;
  const hadGit = { value: false };

  before(async () => {
    api = await batonApi();
    root = workspaceRoot();
    // The fake's script and call log live beside the workspace (in the run's temp folder), outside the repository.
    scratch = path.join(path.dirname(root), `executor-test-${process.pid}`);
    await fs.mkdir(scratch, { recursive: true });
    log = path.join(scratch, 'claude-calls.jsonl');
    const scenario = path.join(scratch, 'scenario.json');
    await fs.writeFile(scenario, JSON.stringify(SCENARIO));
    // The editor's process is the executor's: the fake reads its script and log from the inherited environment.
    process.env.FAKE_CLAUDE_SCENARIO_FILE = scenario;
    process.env.FAKE_CLAUDE_LOG = log;
    // The temp workspace sits inside the project's own checkout: git must never walk up into it.
    process.env.GIT_CEILING_DIRECTORIES = path.dirname(root);
    for (const t of TASKS) await writeTask(root, t);
    // baton.claude.path is a machine setting: a workspace cannot choose the program; the person's settings can.
    await assert.rejects(Promise.resolve(vscode.workspace.getConfiguration('baton').update('claude.path', FAKE_CLAUDE, vscode.ConfigurationTarget.Workspace)));
    await vscode.workspace.getConfiguration('baton').update('claude.path', FAKE_CLAUDE, vscode.ConfigurationTarget.Global);
    // The executor checkpoints with git: the temp copy of the fixture becomes a repository with one commit, so the
    // checkout is clean (worktrees are off in the fixture's orc.yaml).
    hadGit.value = await fs.stat(path.join(root, '.git')).then(() => true, () => false);
    if (!hadGit.value) { git(root, 'init', '-q'); git(root, 'add', '-A'); git(root, 'commit', '-q', '-m', 'fixture'); }
    for (const t of TASKS) await api.service.fileChanged(path.join(root, '.orc/tasks', t.id));
    assert.ok(TASKS.every((t) => task(api, t.id).status === 'planned'));
  });

  // Leave the fixture as the other tests expect it: the extra tasks, the repository and the setting go.
  after(async () => {
    await vscode.commands.executeCommand('baton.orc.cancelRun', 'TASK-112');
    await vscode.workspace.getConfiguration('baton').update('claude.path', undefined, vscode.ConfigurationTarget.Global);
    delete process.env.FAKE_CLAUDE_SCENARIO_FILE;
    delete process.env.FAKE_CLAUDE_LOG;
    for (const s of api.executor.runs.running()) { s.cancel(); await s.done; }
    for (const t of TASKS) await fs.rm(path.join(root, '.orc/tasks', t.id), { recursive: true, force: true });
    for (const extra of ['executor-out', ...(hadGit.value ? [] : ['.git'])]) await fs.rm(path.join(root, extra), { recursive: true, force: true });
    await fs.rm(scratch, { recursive: true, force: true });
    delete process.env.GIT_CEILING_DIRECTORIES;
    for (const t of TASKS) await api.service.fileChanged(path.join(root, '.orc/tasks', t.id));
    assert.deepStrictEqual(await labels(api), ['Unreadable', 'Created', 'Planned', 'Running', 'Completed']);
  });

  it('offers Run on a task row, Cancel on a running one and Resume on an orphaned one (the menus\' when clauses on the real rows)', async () => {
    const manifest = JSON.parse(await fs.readFile(path.join(PROJECT, 'package.json'), 'utf8')) as
      { contributes: { menus: Record<string, { command: string; when?: string; group?: string }[]> } };
    const entries = manifest.contributes.menus['view/item/context']!.filter((m) => m.command.startsWith('baton.orc.') && /Run|Claude/i.test(m.command));
    /** The executor commands a row offers, inline or in its context menu (only `view` and `viewItem =~` clauses occur). */
    const offered = async (id: string, group: string, inline: boolean) => {
      const item = api.tasksTree.getTreeItem(await childNamed(api, id, await childNamed(api, group)));
      return entries.filter((m) => (m.group ?? '').startsWith('inline') === inline && m.when?.includes('view == baton.tasks')
        && [...(m.when ?? '').matchAll(/viewItem =~ \/(.*?)\/(?= |$)/g)].every((r) => new RegExp(r[1]!).test(String(item.contextValue))))
        .map((m) => m.command.replace('baton.orc.', ''));
    };
    assert.deepStrictEqual(await offered('TASK-110', 'Planned', true), ['runTask']);
    assert.deepStrictEqual(await offered('TASK-002', 'Running', true), ['resumeRun'], 'TASK-002 is running with no executor: orphaned');
    assert.deepStrictEqual(await offered('TASK-001', 'Completed', true), []);
    assert.deepStrictEqual(await offered('TASK-110', 'Planned', false), ['runTask', 'runPhase', 'showRunTerminal']);
    assert.deepStrictEqual(await offered('TASK-002', 'Running', false), ['runTask', 'runPhase', 'resumeRun', 'openInClaudeCode', 'showRunTerminal']);
  });

  it('runs every phase of a task: live rendering in its terminal, the status bar, then the tree and state.yaml', async () => {
    const session = await vscode.commands.executeCommand<RunSession>('baton.orc.runTask', 'TASK-110');
    assert.ok(session, 'Run Task returns the run');
    assert.ok(session.terminal.isShown, 'the run has a terminal');
    await untilRun(session, () => api.executor.statusBar.text.includes('TASK-110 implement'));
    assert.match(api.executor.statusBar.text, /\$\(sync~spin\) TASK-110 implement · \d+s/);
    const outcome = await session.done;
    assert.strictEqual(outcome.status, 'completed', session.terminal.text);
    assert.deepStrictEqual([...outcome.phasesRun], ['implement', 'test']);
    const text = session.terminal.text;
    for (const line of ['=== TASK-110: phases implement, test', '--- implement, iteration 1', 'Writing the greeting.', '  > Write', '=== run completed']) {
      assert.ok(text.includes(line), `the terminal shows "${line}":\n${text}`);
    }
    assert.ok(session.events.some((e) => e.type === 'usage'), 'usage events reach the session');
    assert.strictEqual(api.executor.statusBar.text, '', 'the status bar item goes when nothing runs');
    await until(api.tasksTree.onDidChangeTreeData, async () => (await labels(api, await childNamed(api, 'Completed'))).some((l) => l.startsWith('TASK-110')), 10_000);
    const t = task(api, 'TASK-110');
    assert.deepStrictEqual(t.phases.map((p) => [p.name, p.status]), [['implement', 'completed'], ['test', 'completed']]);
    assert.ok(t.tokens && t.tokens.total > 0, 'tokens recorded');
    const calls = (await fs.readFile(log, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { argv: string[] });
    const own = calls.filter((c) => c.argv.includes('--session-id'));
    assert.ok(own.length >= 2, 'one claude call per phase');
    for (const c of own) assert.ok(c.argv.includes('-p') && c.argv.includes('--verbose') && c.argv.includes('stream-json'), c.argv.join(' '));
  });

  it('shows a human gate in Needs you; approving it there continues the run', async () => {
    const session = await vscode.commands.executeCommand<RunSession>('baton.orc.runTask', 'TASK-111');
    assert.ok(session);
    await untilRun(session, () => session.state === 'waiting');
    assert.match(api.executor.statusBar.text, /\$\(bell\) TASK-111 spec/);
    await until(api.service.onDidChange, () => api.service.decisions().some((d) => d.file.includes('TASK-111')), 10_000);
    const outcome = await answerGateFromInbox(api, 'TASK-111', { form: 'gate', decision: 'approved', rationale: 'spec reads well' });
    assert.ok(outcome.ok, outcome.message);
    // What the form sends is checked before anything else: a rejection without a reason never reaches a writer.
    const refused = await api.decisions.needsYou.current!.receive({ type: 'answer', requestId: 'x', key: 'any', version: 'v',
      answer: { form: 'gate', decision: 'rejected', rationale: '  ' } });
    assert.ok(!refused.ok && /rejection needs a reason/.test(refused.error), JSON.stringify(refused));
    const done = await session.done;
    assert.strictEqual(done.status, 'completed', session.terminal.text);
    assert.deepStrictEqual([...done.phasesRun], ['spec', 'implement']);
    assert.ok(!api.service.decisions().some((d) => d.file.includes('TASK-111')), 'the gate left the inbox');
    const gate = task(api, 'TASK-111').gates.find((g) => g.phase === 'spec');
    assert.strictEqual(gate?.decision, 'approved');
    assert.match(session.terminal.text, /gate after spec \(human\): approved/);
    assert.match(session.terminal.text, /checkpoint [0-9a-f]{10}: \[orc\] TASK-111: spec complete/);
  });

  it('keeps a run going when its terminal is closed, shows it again, and cancels it: the terminal ends with the outcome', async () => {
    const session = await vscode.commands.executeCommand<RunSession>('baton.orc.runTask', 'TASK-112');
    assert.ok(session);
    await untilRun(session, () => session.terminal.text.includes('Thinking hard'));
    // Closing its terminal does not kill the run (the person is asked; unanswered, it keeps running), and the
    // terminal comes back with everything so far.
    const shown = vscode.window.terminals.find((t) => t.name === 'Baton: TASK-112');
    assert.ok(shown, `the run's terminal among ${vscode.window.terminals.map((t) => t.name).join(', ')}`);
    const closed = new Promise((resolve) => { const sub = session.terminal.onDidClose(() => { sub.dispose(); resolve(undefined); }); });
    shown.dispose();
    await closed;
    assert.ok(session.running && !session.terminal.isShown, 'still running without its terminal');
    assert.strictEqual(await vscode.commands.executeCommand('baton.orc.showRunTerminal', 'TASK-112'), session);
    assert.ok(session.terminal.isShown);
    const outcome = await vscode.commands.executeCommand('baton.orc.cancelRun', 'TASK-112');
    assert.strictEqual((outcome as { status: string }).status, 'cancelled');
    assert.match(session.terminal.text, /=== run cancelled/);
    assert.ok(!session.running);
  });

  it('an executor killed mid-phase leaves the task orphaned; Resume continues the same Claude session', async () => {
    // The editor's own extension host cannot be killed from inside it: the same executor runs as `baton run` in a
    // separate process, which is killed with SIGKILL while the fake Claude hangs, exactly as a crashed host would be.
    const cli = runCli(PROJECT, root, 'TASK-112', process.env);
    await cli.printed('Thinking hard');
    const calls = async () => (await fs.readFile(log, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { argv: string[]; pid: number; sessionId: string });
    const hung = (await calls()).at(-1)!;
    assert.ok(hung.argv.includes('--session-id'), hung.argv.join(' '));
    const exited = new Promise((resolve) => cli.child.once('exit', resolve));
    process.kill(cli.child.pid!, 'SIGKILL');
    await exited;
    // The fake runs in its own process group, as the real Claude does; the watchdog beside it (group-guard.ts)
    // ends that group once the executor that started it is gone, so no orphan keeps writing to the repository.
    await groupGone(hung.pid, 5000);
    const stateFile = path.join(root, '.orc/tasks/TASK-112/state.yaml');
    await api.service.fileChanged(stateFile);
    api.service.recheck();
    const orphan = task(api, 'TASK-112');
    assert.ok(orphan.orphaned, `orphaned after the kill (${orphan.orphanReason})`);
    const row = api.tasksTree.getTreeItem(await childNamed(api, 'TASK-112', await childNamed(api, 'Running')));
    assert.match(String(row.contextValue), /:orphaned/);
    // Resume, with the task now scripted to finish.
    await fs.writeFile(process.env.FAKE_CLAUDE_SCENARIO_FILE!, JSON.stringify({ ...SCENARIO,
      rules: SCENARIO.rules.map((r) => r.match === 'TASK-112' ? { match: 'TASK-112', steps: [{ text: 'Picking up where I left off.' },
        { result: 'success', text: 'Done. <phase_complete>true</phase_complete>' }] } : r) }));
    const session = await vscode.commands.executeCommand<RunSession>('baton.orc.resumeRun', 'TASK-112');
    assert.ok(session);
    const outcome = await session.done;
    assert.strictEqual(outcome.status, 'completed', session.terminal.text);
    const resumed = (await calls()).at(-1)!;
    assert.deepStrictEqual(resumed.argv.slice(resumed.argv.indexOf('--resume'), resumed.argv.indexOf('--resume') + 2), ['--resume', hung.sessionId]);
    assert.ok(!task(api, 'TASK-112').orphaned);
  });

  it('opens the task\'s Claude session in an ordinary terminal running claude --resume', async () => {
    const terminal = await vscode.commands.executeCommand<vscode.Terminal>('baton.orc.openInClaudeCode', 'TASK-110');
    assert.ok(terminal);
    const options = terminal.creationOptions as vscode.TerminalOptions;
    assert.strictEqual(options.shellPath, FAKE_CLAUDE);
    assert.deepStrictEqual(options.shellArgs, ['--resume', task(api, 'TASK-110').state?.session?.id]);
    assert.strictEqual(options.cwd, root);
    terminal.dispose();
  });
});
