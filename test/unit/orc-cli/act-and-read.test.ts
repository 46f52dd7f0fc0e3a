import * as assert from 'node:assert/strict';
import path from 'node:path';
import type { OrcTask } from '../../../src/core/formats/orc/model';
import { approveGate, runTask, type OrcActionOptions } from '../../../src/core/orc-cli/orc-actions';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { FAKE_ORC, FakeOrcProject, seedTask, seedWorkflow } from './fake-orc-project';

// The loop the editor closes: orc (here the stand-in) writes the database, Baton's reader shows what it wrote.
// A run stopped at a human gate is a pending gate in Needs You; approving it through orc takes it away.

async function scan(p: FakeOrcProject) {
  const service = new OrchestrationService({ folders: [{ root: p.root, orcHome: path.join(p.home, '.orc') }] });
  await service.scan();
  const task = service.items().find((i): i is OrcTask => i.kind === 'task' && i.id === 'TASK-001');
  const gates = service.decisions().filter((d) => d.system === 'orc').map((d) => d.id);
  return { task, gates };
}

describe('acting through orc, reading what orc wrote', () => {
  for (const registered of [false, true]) {
    it(`a human gate reached by orc run shows as pending and orc approve clears it (${registered ? 'registry' : 'in-repo'} database)`, async () => {
      const p = new FakeOrcProject({ registered }).createDb((db) => {
        seedWorkflow(db);
        seedTask(db, { id: 'TASK-001', title: 'Through the gate', status: 'planned' });
      });
      try {
        const options: OrcActionOptions = { trusted: true, orcPath: FAKE_ORC, env: p.env({ PATH: path.dirname(process.execPath) }) };
        const stopped = await runTask(p.root, 'TASK-001', options);
        assert.equal(stopped.ok, false);
        const before = await scan(p);
        assert.equal(before.task?.status, 'blocked');
        assert.deepEqual(before.gates, ['TASK-001:implement']);

        const approved = await approveGate(p.root, 'TASK-001', options);
        assert.equal(approved.ok, true);
        const after = await scan(p);
        assert.equal(after.task?.status, 'planned');
        assert.deepEqual(after.gates, [], 'blocked_reason stays gate_pending in metadata, but the task is no longer blocked');
      } finally { p.dispose(); }
    });
  }
});
