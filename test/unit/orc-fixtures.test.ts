import * as assert from 'node:assert';
import path from 'node:path';
import { FIXTURES } from './helpers/temp-workspace';
import { scanFolder } from './helpers/scan';

/** The fixture folders under test/fixtures/orc, checked against their EXPECTED.md. */
const fixture = (name: string) => path.join(FIXTURES, 'orc', name);

describe('orc fixtures', () => {
  describe('valid/', () => {
    it('reads every task with the computed values of EXPECTED.md and no diagnostics', async () => {
      const { tasks, initiatives, diagnostics } = await scanFolder(fixture('valid'), Date.parse('2026-01-12T10:15:00Z'));
      assert.deepStrictEqual(diagnostics, []);
      const table = [...tasks.values()].sort((a, b) => a.id.localeCompare(b.id)).map((t) => [
        t.id, t.status, t.priority, t.queue, t.category, t.weight, t.initiativeId,
        t.blockedBy, t.blocks, t.relatedTo, t.referencedBy, t.blocked, t.orphaned, t.requiresUiTesting]);
      assert.deepStrictEqual(table, [
        ['TASK-001', 'completed', 'high', 'active', 'feature', 'medium', 'INIT-001', [], ['TASK-002'], ['TASK-004'], ['TASK-005'], false, false, true],
        ['TASK-002', 'running', 'critical', 'active', 'feature', 'medium', 'INIT-001', ['TASK-001'], ['TASK-003'], [], ['TASK-005'], false, false, false],
        ['TASK-003', 'planned', 'normal', 'active', 'feature', 'small', 'INIT-001', ['TASK-002'], [], [], [], true, false, false],
        ['TASK-004', 'created', 'low', 'backlog', 'bug', 'small', null, [], [], ['TASK-002'], ['TASK-002'], false, false, false],
        ['TASK-005', 'completed', 'normal', 'active', 'docs', 'trivial', null, [], [], [], [], false, false, false],
      ]);
      assert.deepStrictEqual(tasks.get('TASK-002')!.tokens, { input: 1000, output: 500, cacheCreation: 200, cacheRead: 3000, total: 4700, effectiveInput: 4200 });
      assert.deepStrictEqual(tasks.get('TASK-001')!.tokens, { input: 12000, output: 3400, cacheCreation: 1500, cacheRead: 20000, total: 36900, effectiveInput: 33500 });
      assert.strictEqual(tasks.get('TASK-003')!.tokens, null);
      assert.strictEqual(tasks.get('TASK-005')!.resolved, true);
      assert.deepStrictEqual(tasks.get('TASK-001')!.gates.map((g) => [g.phase, g.type, g.decision]),
        [['spec', 'ai', 'rejected'], ['spec', 'ai', 'approved'], ['implement', 'auto', 'approved'], ['test', 'auto', 'approved']]);
      assert.deepStrictEqual(tasks.get('TASK-002')!.gates.map((g) => [g.phase, g.type, g.decision]),
        [['spec', 'ai', 'approved'], ['research', 'skip', 'approved']]);
      assert.deepStrictEqual([...initiatives.values()].map((i) => [i.id, i.status, i.blockedBy, i.blocks, i.blocked]).sort(), [
        ['INIT-001', 'active', [], ['INIT-002'], false],
        ['INIT-002', 'draft', ['INIT-001'], [], true],
      ]);
    });

    it('flags the running task orphaned once its heartbeat is an hour old (executor on another host)', async () => {
      const { tasks } = await scanFolder(fixture('valid'), Date.parse('2026-01-12T11:14:30Z'));
      assert.strictEqual(tasks.get('TASK-002')!.orphaned, true);
    });
  });

  it('config-variant/: reads .orc/config.yaml without orc.yaml, no diagnostics', async () => {
    const { tasks, diagnostics } = await scanFolder(fixture('config-variant'));
    assert.deepStrictEqual(diagnostics, []);
    assert.deepStrictEqual([...tasks.keys()], ['TASK-001']);
  });

  describe('broken/', () => {
    it('lists the readable tasks, and the unreadable ones as placeholders', async () => {
      const { tasks: all } = await scanFolder(fixture('broken'));
      const tasks = new Map([...all].filter(([, t]) => !t.unreadable));
      assert.deepStrictEqual([...tasks.keys()].sort(), ['TASK-001', 'TASK-102', 'TASK-103', 'TASK-104', 'TASK-105', 'TASK-106',
        'TASK-107', 'TASK-111', 'TASK-112', 'TASK-115']);
      assert.ok([...all.values()].filter((t) => t.unreadable).every((t) => t.status === 'unreadable' && t.unreadable!.message));
      const t = (id: string) => tasks.get(id)!;
      assert.strictEqual(t('TASK-102').priority, '5', 'orc (yaml.v3) reads the number 5 as the text "5"');
      assert.deepStrictEqual(t('TASK-102').blockedBy, [], 'a string is not coerced into a list');
      assert.deepStrictEqual(t('TASK-001').blocks, ['TASK-107', 'TASK-115']);
      assert.strictEqual(t('TASK-103').blocked, false, 'a self-edge is ignored');
      assert.strictEqual(t('TASK-107').blocked, true, 'a missing blocker is unmet');
      assert.strictEqual(t('TASK-111').status, 'waiting_for_godot');
      assert.deepStrictEqual(t('TASK-111').fields.pr, { url: (t('TASK-111').fields.pr as { url: string }).url, number: 42 });
      assert.strictEqual(t('TASK-115').orphaned, false, 'an unreadable state.yaml proves nothing');
      assert.strictEqual(t('TASK-115').tokens, null);
    });

    it('reports every problem at its file and line with the right severity', async () => {
      const { diagnostics } = await scanFolder(fixture('broken'));
      const rel = (f: string) => path.relative(fixture('broken'), f).split(path.sep).join('/');
      const got = diagnostics.map((d) => `${rel(d.file)}:${d.line ?? '-'}:${d.severity}`);
      const expected: [string, number | null | number[], string, RegExp][] = [
        ['TASK-101/task.yaml', 4, 'error', /invalid YAML/],
        ['TASK-102/task.yaml', [2, 3], 'error', /`title` should be a string/],
        ['TASK-102/task.yaml', 6, 'info', /unknown priority "5"/],
        ['TASK-102/task.yaml', 7, 'error', /`blocked_by` should be a list/],
        ['TASK-103/task.yaml', 5, 'error', /cannot block itself/],
        ['TASK-104/task.yaml', 5, 'error', /cycle: TASK-104 → TASK-105 → TASK-106 → TASK-104/],
        ['TASK-107/task.yaml', 6, 'warning', /TASK-999/],
        ['TASK-107/task.yaml', 8, 'info', /TASK-998/],
        ['TASK-108/task.yaml', 1, 'error', /empty/],
        ['TASK-109/task.yaml', null, 'error', /binary/],
        ['TASK-110/task.yaml', 1, 'error', /should be a mapping/],
        ['TASK-111/task.yaml', 3, 'info', /unknown task status "waiting_for_godot"/],
        ['TASK-112/task.yaml', 1, 'warning', /"TASK-121" differs from its folder name "TASK-112"/],
        ['TASK-113/task.yaml', 6, 'error', /invalid YAML/],
        ['TASK-114/task.yaml', 5, 'error', /invalid YAML/],
        ['TASK-115/state.yaml', 10, 'error', /invalid YAML/],
      ];
      for (const [file, line, severity, message] of expected) {
        const match = diagnostics.find((d) => rel(d.file) === `.orc/tasks/${file}` && message.test(d.message)
          && (Array.isArray(line) ? line.includes(d.line!) : d.line === line) && d.severity === severity);
        assert.ok(match, `expected ${file}:${line} ${severity} ${message} among\n${got.join('\n')}`);
      }
      assert.strictEqual(diagnostics.length, expected.length, got.join('\n'));
    });
  });
});
