import assert from 'node:assert/strict';
import path from 'node:path';
import { loadExecutorConfig, type ExecutorConfig } from '../../../src/core/executor/config';
import { loadTaskContext, type TaskContext } from '../../../src/core/executor/load-task';
import { builtInTemplate } from '../../../src/core/executor/prompt-templates';
import { phaseTemplate } from '../../../src/core/executor/prompts';
import { writeTranscript } from '../../../src/core/executor/transcript';
import { prepareWorkspace } from '../../../src/core/executor/workspace';
import { ExecutorRepo } from '../executor/fixture';
import { taskYaml, TempWorkspace } from '../helpers/temp-workspace';
import { link, Outside } from './outside';

const TASK = '.orc/tasks/TASK-001';

function repo(planPhase: Record<string, unknown>, orcYaml = 'version: 1\n'): TempWorkspace {
  return new TempWorkspace({
    'orc.yaml': orcYaml,
    [`${TASK}/task.yaml`]: taskYaml({ id: 'TASK-001', title: 'paths' }),
    [`${TASK}/plan.yaml`]: `phases: ${JSON.stringify([{ name: 'implement', type: 'implement', ...planPhase }])}\n`,
    '.orc/prompts/ok.md': 'TEMPLATE INSIDE {{TASK_ID}}\n',
  });
}

async function load(ws: TempWorkspace): Promise<{ ctx: TaskContext; config: ExecutorConfig }> {
  const ctx = await loadTaskContext(ws.root, 'TASK-001');
  const config = await loadExecutorConfig(ws.root);
  if ('error' in ctx) throw new Error(ctx.error);
  if ('error' in config) throw new Error(config.error);
  return { ctx, config };
}

describe('paths: the executor (prompt templates, task folder, transcripts, worktrees)', () => {
  let ws: TempWorkspace | undefined;
  let out: Outside;
  beforeEach(() => { out = new Outside(); });
  afterEach(() => { ws?.dispose(); ws = undefined; out.dispose(); });

  it('never reads a prompt_template that climbs out, is absolute elsewhere, Windows-style or a symlink out', async () => {
    for (const declared of ['../../../../../secret.md', out.sentinel, '..\\..\\..\\..\\secret.md', 'prompts/linked.md', 'linked-dir/implement.md']) {
      ws = repo({ prompt_template: declared });
      link(out.sentinel, ws.path('.orc/prompts/linked.md'));
      link(out.subdir, ws.path('.orc/linked-dir'));
      const { ctx, config } = await load(ws);
      const text = await phaseTemplate(ctx, ctx.phases[0]!, config);
      out.assertNotLeaked(text, `the template for ${declared}`);
      assert.equal(text, builtInTemplate('implement'), `${declared} falls back to the built-in template`);
      ws.dispose(); ws = undefined;
    }
  });

  it('never reads <prompts.directory>/<type>.md when the directory is outside or a link out; reads one inside', async () => {
    for (const dir of [out.subdir, '../../..' + out.subdir, 'linked-prompts']) {
      ws = repo({}, `version: 1\nprompts:\n  directory: ${JSON.stringify(dir)}\n`);
      link(out.subdir, ws.path('linked-prompts'));
      const { ctx, config } = await load(ws);
      out.assertNotLeaked(await phaseTemplate(ctx, ctx.phases[0]!, config), `the template from ${dir}`);
      ws.dispose(); ws = undefined;
    }
    ws = repo({ prompt_template: 'prompts/ok.md' });
    const { ctx, config } = await load(ws);
    assert.equal(await phaseTemplate(ctx, ctx.phases[0]!, config), 'TEMPLATE INSIDE {{TASK_ID}}\n', 'a template inside is used');
  });

  it('refuses a run whose task folder, task.yaml or transcripts/ is a link out of the repository', async () => {
    for (const [what, make] of [
      ['transcripts/', (w: TempWorkspace) => link(out.subdir, w.path(`${TASK}/transcripts`))],
      ['state.yaml', (w: TempWorkspace) => link(path.join(out.subdir, 'secret.md'), w.path(`${TASK}/state.yaml`))],
    ] as const) {
      ws = repo({});
      make(ws);
      const ctx = await loadTaskContext(ws.root, 'TASK-001');
      assert.ok('error' in ctx, `${what}: the run is refused`);
      assert.match(ctx.error, /symbolic link/);
      ws.dispose(); ws = undefined;
    }
    ws = new TempWorkspace({ 'orc.yaml': 'version: 1\n' });
    link(out.dir, ws.path('.orc/tasks/TASK-001'));
    const before = out.snapshot();
    const ctx = await loadTaskContext(ws.root, 'TASK-001');
    assert.ok('error' in ctx);
    assert.equal(out.snapshot(), before);
  });

  it('never writes a transcript through transcripts/ that became a link out of the task folder', async () => {
    ws = repo({});
    const { ctx } = await load(ws);
    link(out.subdir, ws.path(`${TASK}/transcripts`));
    const before = out.snapshot();
    await assert.rejects(writeTranscript({ taskDir: ctx.taskDir, taskId: 'TASK-001', phase: 'implement', phaseIndex: 1, iteration: 9,
      startedAt: new Date(), durationMs: 1, tokens: 1, status: 'completed', prompt: 'p', response: 'r', completion: [], files: [] } as never),
    /transcript not written: .*symbolic link/);
    assert.equal(out.snapshot(), before, 'nothing was written outside');
  });

  it('refuses to create or reuse a worktree when .orc/worktrees is a link out of the repository', async function () {
    this.timeout(60_000);
    const r = new ExecutorRepo({ worktrees: true });
    try {
      link(out.subdir, r.ws.path('.orc/worktrees'));
      const config = await loadExecutorConfig(r.root);
      if ('error' in config) throw new Error(config.error);
      const before = out.snapshot();
      const host = { confirmDirtyCheckout: async () => true } as never;
      const result = await prepareWorkspace(r.root, 'TASK-001', config, host);
      assert.ok('error' in result, 'refused');
      assert.match((result as { error: string }).error, /worktree .* refused: .*symbolic link/);
      assert.equal(out.snapshot(), before, 'no checkout was created outside');
    } finally {
      r.dispose();
    }
  });
});
