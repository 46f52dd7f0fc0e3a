import * as assert from 'node:assert';
import path from 'node:path';
import { watchTargets } from '../../src/core/service/watch-targets';
import { TempWorkspace } from './helpers/temp-workspace';

/** What Node's watcher is pointed at for the adapters' patterns: recursive only where Baton reads files. */
describe('live index: watch targets', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  it('watches orc\'s task folders recursively, never its worktrees; the workspace folder and .orc without recursion', () => {
    ws = new TempWorkspace({
      'orc.yaml': 'version: 1\n',
      '.orc/config.yaml': 'x: 1\n',
      '.orc/tasks/TASK-001/task.yaml': 'id: TASK-001\n',
      '.orc/worktrees/TASK-001/node_modules/lib/index.js': '',
      'node_modules/big/index.js': '',
    });
    const known = [ws.path('orc.yaml'), ws.path('.orc/config.yaml'), ws.path('.orc/tasks/TASK-001/task.yaml')];
    const targets = [...watchTargets([{ base: ws.root, glob: '{orc.yaml,.orc/**}' }], known).values()];
    const shown = targets.map((t) => `${path.relative(ws.root, t.dir) || '.'}${t.recursive ? ' (recursive)' : ''}`).sort();
    assert.deepStrictEqual(shown, ['.', '.orc', '.orc/tasks (recursive)', '.orc/worktrees']);
    const root = targets.find((t) => t.dir === ws.root)!;
    assert.ok(root.accepts(ws.path('orc.yaml')));
    assert.ok(root.accepts(ws.path('.orc')), 'the state folder appearing');
    assert.ok(!root.accepts(ws.path('package.json')));
    const tasks = targets.find((t) => t.recursive)!;
    assert.ok(tasks.accepts(ws.path('.orc/tasks/TASK-002/task.yaml')));
  });

  it('a home root (**): the root without recursion, its folders that hold read files recursively', () => {
    ws = new TempWorkspace({
      'orange/projects.json': '[]',
      'orange/tasks/app/abc/TASK.md': '---\n',
      'orange/workspaces/app--1/src/index.ts': '',
    });
    const base = ws.path('orange');
    const known = [path.join(base, 'projects.json'), path.join(base, 'tasks/app/abc/TASK.md')];
    const shown = [...watchTargets([{ base, glob: '**' }], known).values()].map((t) => `${path.relative(base, t.dir) || '.'}${t.recursive ? ' (recursive)' : ''}`).sort();
    assert.deepStrictEqual(shown, ['.', 'tasks (recursive)', 'workspaces']);
  });

  it('several state folders of one pattern ({.orchestral,.dure}/**), each watched for its own appearance', () => {
    ws = new TempWorkspace({ '.dure/runs/run-1/state.json': '{}' });
    const targets = watchTargets([{ base: ws.root, glob: '{.orchestral,.dure}/**' }], [ws.path('.dure/runs/run-1/state.json')]);
    const root = [...targets.values()].find((t) => t.dir === ws.root)!;
    assert.ok(root.accepts(ws.path('.orchestral')) && root.accepts(ws.path('.dure')));
    assert.ok([...targets.values()].some((t) => t.dir === ws.path('.dure/runs') && t.recursive));
  });
});
