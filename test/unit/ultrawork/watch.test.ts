import * as assert from 'node:assert';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { UltraworkSession, UltraworkTask } from '../../../src/core/formats/ultrawork/model';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { emptyWorkspace, fixtureHome, SESSIONS } from './helpers';

describe('Ultrawork sessions outside every workspace folder, as the watcher reports them', () => {
  let ws: string;
  let home: string;
  let service: OrchestrationService;
  beforeEach(async () => {
    ws = emptyWorkspace();
    home = emptyWorkspace();
    mkdirSync(path.join(home, SESSIONS), { recursive: true });
    service = new OrchestrationService({ folders: [{ root: ws, ultraworkSessions: path.join(home, SESSIONS) }] });
    await service.scan();
  });
  afterEach(() => { service.dispose(); rmSync(ws, { recursive: true, force: true }); rmSync(home, { recursive: true, force: true }); });
  const sessions = () => service.items().filter((i): i is UltraworkSession => i.system === 'ultrawork' && i.kind === 'session');
  const task = (id: string) => service.items().find((i): i is UltraworkTask => i.system === 'ultrawork' && i.kind === 'task' && i.id === id);

  it('watches the sessions root itself (the home folder is outside the workspace)', () => {
    assert.ok(service.watchPatterns().some((p) => p.base === path.join(home, SESSIONS) && p.glob === '**'));
  });

  it('a new session folder reported alone is searched for its files; a changed task and a deleted session follow', async () => {
    const dir = path.join(home, SESSIONS, 'a1-v5-mine');
    cpSync(path.join(fixtureHome('valid'), SESSIONS, 'a1-v5-mine'), dir, { recursive: true });
    const added = await service.fileChanged(dir);
    assert.ok(added, 'the new folder under the home root reached the index');
    assert.deepStrictEqual(sessions().map((s) => s.id), ['a1-v5-mine']);
    assert.strictEqual(task('a1-v5-mine/3')!.blocked, true);

    writeFileSync(path.join(dir, 'tasks', '2.json'), JSON.stringify({ id: '2', subject: 'Mount', status: 'resolved', blockedBy: ['1'] }));
    const change = await service.fileChanged(path.join(dir, 'tasks', '2.json'));
    assert.ok(change!.changed.some((i) => i.id === 'a1-v5-mine/3'), 'the task waiting on it changed too');
    assert.strictEqual(task('a1-v5-mine/3')!.blocked, false);

    // A lock file of the plugin's writes is not ours.
    writeFileSync(path.join(dir, 'session.json.lock'), '');
    assert.strictEqual(await service.fileChanged(path.join(dir, 'session.json.lock')), undefined);

    rmSync(dir, { recursive: true, force: true });
    const removed = await service.fileChanged(dir);
    assert.ok(removed!.removed.length >= 5);
    assert.deepStrictEqual(sessions(), []);
  });

  it('numbers evidence lines exactly when the log starts with blank lines (skipped, still counted)', async () => {
    const dir = path.join(home, SESSIONS, 'padded');
    mkdirSync(path.join(dir, 'evidence'), { recursive: true });
    writeFileSync(path.join(dir, 'session.json'), JSON.stringify({ version: '7.0', working_dir: ws, phase: 'EXECUTION' }));
    writeFileSync(path.join(dir, 'evidence', 'log.jsonl'), '\n'.repeat(100000) + '{bad\n\n{"type":"manual","summary":"ok"}\n');
    await service.fileChanged(dir);
    const problems = service.diagnostics().filter((d) => d.file.endsWith('log.jsonl'));
    assert.deepStrictEqual(problems.map((d) => `${d.line}:${d.severity}`), ['100001:error']);
    assert.deepStrictEqual(sessions()[0]!.recentEvidence.map((e) => e.summary), ['ok']);
  });

  it('reads only the end of a huge evidence/log.jsonl', async () => {
    const dir = path.join(home, SESSIONS, 'big');
    mkdirSync(path.join(dir, 'evidence'), { recursive: true });
    writeFileSync(path.join(dir, 'session.json'), JSON.stringify({ version: '7.0', session_id: 'big', working_dir: ws, phase: 'EXECUTION' }));
    const line = (i: number) => JSON.stringify({ timestamp: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}Z`, type: 'command_execution', task_id: '1', command: `step ${i}`, output_preview: 'x'.repeat(200) });
    writeFileSync(path.join(dir, 'evidence', 'log.jsonl'), Array.from({ length: 60000 }, (_, i) => line(i)).join('\n') + '\n');
    await service.fileChanged(dir);
    const s = sessions()[0]!;
    assert.deepStrictEqual([s.evidenceCount, s.evidencePartial, s.recentEvidence[0]!.summary], [2000, true, 'step 59999']);
  });
});
