import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { taskYaml, TempWorkspace } from '../helpers/temp-workspace';
import { link, Outside } from './outside';

describe('paths: the index never reads a state file that is a link out of its root', () => {
  let ws: TempWorkspace;
  let out: Outside;
  beforeEach(() => {
    out = new Outside();
    ws = new TempWorkspace({ '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'plain' }),
      '.orc/shared/task-2.yaml': taskYaml({ id: 'TASK-002', title: 'linked from inside' }) });
  });
  afterEach(() => { ws.dispose(); out.dispose(); });

  it('a task.yaml linked outside is a diagnostic and contributes nothing; one linked inside is read', async () => {
    const outsideYaml = path.join(out.subdir, 'task.yaml');
    writeFileSync(outsideYaml, taskYaml({ id: 'TASK-003', title: out.secret }));
    link(outsideYaml, ws.path('.orc/tasks/TASK-003/task.yaml'));
    link(ws.path('.orc/shared/task-2.yaml'), ws.path('.orc/tasks/TASK-002/task.yaml'));
    const service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    out.assertNotLeaked(service.items(), 'the items');
    out.assertNotLeaked(service.diagnostics(), 'the diagnostics');
    assert.deepEqual(service.items().filter((i) => i.system === 'orc' && i.kind === 'task').map((i) => i.id).sort(), ['TASK-001', 'TASK-002']);
    const d = service.diagnostics().find((x) => x.file === ws.path('.orc/tasks/TASK-003/task.yaml'));
    assert.match(d?.message ?? '', /not read: .*symbolic link/);
    // A refresh (the watcher's path) refuses it the same way.
    await service.fileChanged(ws.path('.orc/tasks/TASK-003/task.yaml'));
    out.assertNotLeaked(service.items(), 'the items after a refresh');
  });

  it('an Ultrawork session.json or orange TASK.md linked out of its home root is never read (adapters that read for themselves)', async () => {
    const home = ws.path('home');
    const sessions = path.join(home, '.claude', 'ultrawork', 'sessions');
    const orangeRoot = path.join(home, 'orange');
    const outsideSession = path.join(out.subdir, 'session.json');
    writeFileSync(outsideSession, JSON.stringify({ version: '5', session_id: 's-1', working_dir: ws.root, goal: out.secret, phase: 'PLANNING' }));
    link(outsideSession, path.join(sessions, 's-1', 'session.json'));
    ws.write('home/orange/projects.json', JSON.stringify([{ name: 'app', path: ws.root }]));
    const outsideTask = path.join(out.subdir, 'TASK.md');
    writeFileSync(outsideTask, `---\nid: abc\nproject: app\nstatus: pending\nsummary: ${out.secret}\n---\n`);
    link(outsideTask, path.join(orangeRoot, 'tasks', 'app', 'abc', 'TASK.md'));
    const service = new OrchestrationService({ folders: [{ root: ws.root, ultraworkSessions: sessions, orangeRoot }] });
    await service.scan();
    out.assertNotLeaked(service.items(), 'the items');
    out.assertNotLeaked(service.diagnostics(), 'the diagnostics');
    const refused = service.diagnostics().filter((d) => /not read: .*symbolic link/.test(d.message)).map((d) => path.basename(d.file)).sort();
    assert.deepEqual(refused, ['TASK.md', 'session.json']);
  });
});
