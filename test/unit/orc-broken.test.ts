import * as assert from 'node:assert';
import { TempWorkspace, taskYaml } from './helpers/temp-workspace';
import { scanFolder } from './helpers/scan';

/** Each case: one bad task.yaml next to a good one. The good one must always survive; the bad one stays listed. */
const CASES: { name: string; content: string | Buffer; severity: 'error' | 'warning' | 'info'; line: number | null; message: RegExp; readable: boolean }[] = [
  { name: 'bad YAML syntax', content: 'id: TASK-101\ntitle: x\nblocked_by: [TASK-001\n', severity: 'error', line: 4, message: /^invalid YAML/, readable: false },
  { name: 'a wrong type (a list where orc reads text)', content: 'id: TASK-101\ntitle: x\npriority: [high]\n', severity: 'error', line: 3, message: /`priority` should be a string/, readable: true },
  { name: 'a number where orc reads text (yaml.v3 reads it as the text "5")', content: 'id: TASK-101\ntitle: x\npriority: 5\n', severity: 'info', line: 3, message: /unknown priority "5"/, readable: true },
  { name: 'blocked_by as a string', content: 'id: TASK-101\ntitle: x\nblocked_by: TASK-001\n', severity: 'error', line: 3, message: /`blocked_by` should be a list/, readable: true },
  { name: 'a title that is a list', content: 'id: TASK-101\ntitle:\n  - a\n', severity: 'error', line: 3, message: /`title` should be a string/, readable: true },
  { name: 'an empty file', content: '', severity: 'error', line: 1, message: /is empty/, readable: false },
  { name: 'comments only', content: '# nothing yet\n', severity: 'error', line: 1, message: /holds nothing/, readable: false },
  { name: 'binary junk', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0xff, 0xfe, 0x00]), severity: 'error', line: null, message: /binary/, readable: false },
  { name: 'a list at the top level', content: '- id: TASK-101\n', severity: 'error', line: 1, message: /should be a mapping/, readable: false },
  { name: 'an unknown status (orc loads it and shows it as written)', content: 'id: TASK-101\ntitle: x\nstatus: waiting_for_godot\n', severity: 'info', line: 3, message: /unknown task status "waiting_for_godot"/, readable: true },
  { name: 'an unknown weight (orc has no plan template for it)', content: 'id: TASK-101\ntitle: x\nweight: huge\n', severity: 'warning', line: 3, message: /unknown weight "huge": orc has no plan template/, readable: true },
  { name: 'an id that is not the folder name', content: 'id: TASK-777\ntitle: x\n', severity: 'warning', line: 1, message: /differs from its folder/, readable: true },
  { name: 'a duplicate key', content: 'id: TASK-101\ntitle: x\ntitle: y\n', severity: 'error', line: 3, message: /invalid YAML/, readable: false },
  { name: 'tab indentation', content: 'id: TASK-101\nmetadata:\n\tsource: cli\n', severity: 'error', line: 3, message: /invalid YAML/, readable: false },
  { name: 'no id', content: 'title: x\n', severity: 'warning', line: 1, message: /has no `id`/, readable: true },
];

describe('orc reader on broken files', () => {
  for (const c of CASES) {
    it(`reports ${c.name} and keeps the other tasks`, async () => {
      const ws = new TempWorkspace({
        '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'good', status: 'planned' }),
        '.orc/tasks/TASK-101/task.yaml': c.content,
      });
      try {
        const { tasks, diagnostics } = await scanFolder(ws.root);
        assert.ok(tasks.has('TASK-001'), 'the good task is listed');
        const file = ws.path('.orc/tasks/TASK-101/task.yaml');
        const found = diagnostics.filter((d) => d.file === file);
        const match = found.find((d) => c.message.test(d.message));
        assert.ok(match, `expected ${c.message} among ${JSON.stringify(found)}`);
        assert.strictEqual(match.severity, c.severity);
        assert.strictEqual(match.line, c.line);
        // Every task stays listed (issue 17): one whose file yields no fields as a placeholder with the problem.
        const listed = [...tasks.values()].find((t) => t.file === file);
        assert.ok(listed, 'the broken task is still listed');
        assert.strictEqual(listed.unreadable === undefined, c.readable);
        if (!c.readable) assert.deepStrictEqual([listed.status, listed.unreadable?.message], ['unreadable', match.message]);
      } finally {
        ws.dispose();
      }
    });
  }

  it('keeps the task when its state.yaml is broken, and reports the state file', async () => {
    const ws = new TempWorkspace({
      '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'good', status: 'running' }),
      '.orc/tasks/TASK-001/state.yaml': 'tokens: [oops\n',
    });
    try {
      const { tasks, diagnostics } = await scanFolder(ws.root);
      assert.ok(tasks.has('TASK-001'));
      assert.ok(diagnostics.some((d) => d.file === ws.path('.orc/tasks/TASK-001/state.yaml') && d.severity === 'error'));
    } finally {
      ws.dispose();
    }
  });

  it('refuses a file too large to be a state file without reading it', async () => {
    const ws = new TempWorkspace({ '.orc/tasks/TASK-001/task.yaml': `id: TASK-001\ntitle: big\ndescription: "${'x'.repeat(9 * 1024 * 1024)}"\n` });
    try {
      const { diagnostics } = await scanFolder(ws.root);
      assert.match(diagnostics[0]!.message, /too large/);
    } finally {
      ws.dispose();
    }
  });

  it('lists a task under its folder name when the file says another id', async () => {
    const ws = new TempWorkspace({ '.orc/tasks/TASK-112/task.yaml': taskYaml({ id: 'TASK-121', title: 'a' }) });
    try {
      const { tasks, diagnostics } = await scanFolder(ws.root);
      assert.deepStrictEqual([...tasks.keys()], ['TASK-112']);
      assert.ok(diagnostics.some((d) => /"TASK-121" differs from its folder name "TASK-112"/.test(d.message) && d.severity === 'warning'));
    } finally {
      ws.dispose();
    }
  });
});
