import * as assert from 'node:assert';
import { dependencyChain } from '../../../src/core/formats/orc/initiative-view';
import { TempWorkspace, taskYaml } from '../helpers/temp-workspace';
import { scanFolder } from '../helpers/scan';

describe('orc initiatives: progress and dependency chain', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  it('counts completed tasks over the listed and the linking ones, live status first', async () => {
    ws = new TempWorkspace({
      '.orc/initiatives/INIT-001/initiative.yaml': 'id: INIT-001\ntitle: Auth\nstatus: active\ntasks:\n  - {id: TASK-001, status: running}\n  - {id: TASK-009, title: Gone, status: completed}\n',
      '.orc/initiatives/INIT-002/initiative.yaml': 'id: INIT-002\ntitle: Next\nstatus: draft\nblocked_by: [INIT-001]\n',
      '.orc/initiatives/INIT-003/initiative.yaml': 'id: INIT-003\ntitle: Later\nstatus: draft\nblocked_by: [INIT-002, INIT-001]\n',
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'a', status: 'completed', initiative_id: 'INIT-001' }),
      '.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: 'b', status: 'running', initiative_id: 'INIT-001' }),
    });
    const { initiatives } = await scanFolder(ws.root);
    const i1 = initiatives.get('INIT-001')!;
    assert.deepStrictEqual(i1.progress.tasks.map((t) => [t.id, t.status, t.known]),
      [['TASK-001', 'completed', true], ['TASK-009', 'completed', false], ['TASK-002', 'running', true]]);
    assert.deepStrictEqual([i1.progress.completed, i1.progress.total], [2, 3]);
    const i3 = initiatives.get('INIT-003')!;
    assert.deepStrictEqual(i3.dependencyChain, ['INIT-001', 'INIT-002', 'INIT-003'], 'blockers first');
    assert.deepStrictEqual([i3.blocked, initiatives.get('INIT-001')!.blocks], [true, ['INIT-002', 'INIT-003']]);
  });

  it('cuts a cycle instead of looping, and walks a 10,000-long chain without overflowing', () => {
    assert.deepStrictEqual(dependencyChain('A', (id) => ({ A: ['B'], B: ['A'] } as Record<string, string[]>)[id] ?? []), ['B', 'A']);
    const chain = dependencyChain('N10000', (id) => { const n = Number(id.slice(1)); return n > 0 ? [`N${n - 1}`] : []; });
    assert.deepStrictEqual([chain.length, chain[0], chain.at(-1)], [10001, 'N0', 'N10000']);
  });
});
