import * as assert from 'node:assert';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { OrchestrationService } from '../../src/core/service/orchestration-service';
import type { WorkItem } from '../../src/core/service/work-item';
import { itemJson } from '../../src/core/report/scan-report';
import { TempWorkspace } from './helpers/temp-workspace';

/*
 * Issue 17 item 6 beyond orc: a Dure run, an intents file, an orange task and an Ultrawork session or task whose own
 * file is broken (bad syntax), or is a named pipe where the file should be, stays in the index as an `unreadable`
 * placeholder carrying the file's first problem at its place; fixed, the real item comes back. Before this change
 * the orange task and every intent vanished, the run and the session read as "no state"/"unknown", and a FIFO was
 * skipped by discovery (the run then claimed it had no state.json at all).
 */
const ORANGE = 'orange-home';
const SESSIONS = 'uw-sessions';
const TASK_ID = 'Xk3v9QpLm2Rt7Ws1Yz0Ab';
const SESSION = '5b0c7c7e-1a2b-4c3d-8e9f-001122334455';

const FILES = {
  state: '.orchestral/runs/run-20260301120000/state.json',
  intents: '.orchestration/active_intents.yaml',
  orange: `${ORANGE}/tasks/app/${TASK_ID}/TASK.md`,
  session: `${SESSIONS}/${SESSION}/session.json`,
  uwTask: `${SESSIONS}/${SESSION}/tasks/1.json`,
};

function readableFiles(root: string): Record<string, string> {
  return {
    [FILES.state]: JSON.stringify({ run_id: 'run-20260301120000', phase: 'build', iteration: 1, max_iterations: 3, started_at: '2026-03-01T12:00:00Z' }, null, 2),
    '.orchestral/runs/run-20260301120000/briefing/raw.md': '# Cache the price list\n',
    [FILES.intents]: 'intents:\n  - id: INT-001\n    name: Price cache\n    status: IN_PROGRESS\n    owned_scope:\n      - src/prices/**\n',
    [`${ORANGE}/projects.json`]: JSON.stringify([{ name: 'app', path: root, default_branch: 'main', pool_size: 2 }]),
    [FILES.orange]: `---\nid: ${TASK_ID}\nproject: app\nbranch: price-cache\nstatus: working\nsummary: Cache the price list\n---\n\nBody.\n`,
    [FILES.session]: JSON.stringify({ version: '7.0', session_id: SESSION, goal: 'Cache prices', phase: 'EXECUTION', working_dir: root, original_dir: root }, null, 2),
    [FILES.uwTask]: JSON.stringify({ id: '1', subject: 'Add the cache', status: 'open', criteria: [] }, null, 2),
  };
}

/** Each file broken the way an editor or a crashed writer leaves it, and the line its first error is on. */
const BROKEN: Record<keyof typeof FILES, { text: string; line: number }> = {
  state: { text: '{\n  "phase": "build",\n  "iteration": \n}\n', line: 4 },
  intents: { text: 'intents:\n  - id: INT-001\n    name: [Price cache\n', line: 4 },
  orange: { text: `---\nid: ${TASK_ID}\nstatus: [working\n---\nBody.\n`, line: 4 },
  session: { text: '{\n  "phase": "EXECUTION",\n  oops\n}\n', line: 3 },
  uwTask: { text: '{ "id": "1", "subject": }\n', line: 1 },
};

describe('a broken file never hides its run, intents, orange task or Ultrawork session (issue 17 item 6)', () => {
  let ws: TempWorkspace;
  let service: OrchestrationService;
  afterEach(() => { service?.dispose(); ws?.dispose(); });

  const open = () => new OrchestrationService({ folders: [{ root: ws.root, orangeRoot: ws.path(ORANGE), ultraworkSessions: ws.path(SESSIONS) }] });
  const byFile = (items: readonly WorkItem[], rel: keyof typeof FILES) => items.find((i) => i.file === ws.path(FILES[rel]));
  const statuses = (items: readonly WorkItem[]) => Object.fromEntries((Object.keys(FILES) as (keyof typeof FILES)[]).map((k) => [k, byFile(items, k)?.status]));

  beforeEach(async () => {
    ws = new TempWorkspace();
    for (const [rel, text] of Object.entries(readableFiles(ws.root))) ws.write(rel, text);
    service = open();
    await service.scan();
    assert.deepStrictEqual(statuses(service.items()), { state: 'build', intents: 'IN_PROGRESS', orange: 'working', session: 'EXECUTION', uwTask: 'open' });
  });

  it('broken syntax: each item stays, `unreadable`, with the first error at its line; a fresh scan agrees; fixed, it comes back', async () => {
    for (const [key, { text }] of Object.entries(BROKEN)) await service.fileChanged(ws.write(FILES[key as keyof typeof FILES], text));
    const items = service.items();
    assert.deepStrictEqual(statuses(items), { state: 'unreadable', intents: 'unreadable', orange: 'unreadable', session: 'unreadable', uwTask: 'unreadable' });
    for (const [key, { line }] of Object.entries(BROKEN)) {
      const item = byFile(items, key as keyof typeof FILES)!;
      assert.ok(item.unreadable, `${key} carries its problem`);
      assert.strictEqual(item.unreadable.line, line, `${key}: ${JSON.stringify(item.unreadable)}`);
      const diagnostic = service.diagnostics().find((d) => d.file === item.file && d.severity === 'error');
      assert.ok(diagnostic, `${key}'s problem is still a diagnostic`);
      assert.deepStrictEqual(item.unreadable, { message: diagnostic.message, line: diagnostic.line, column: diagnostic.column }, key);
      assert.strictEqual((itemJson(ws.root, item).unreadable as { line?: number } | undefined)?.line, line, `scan --json carries it for ${key}`);
    }
    // Named by what is known without the file, nothing invented.
    assert.deepStrictEqual(['state', 'intents', 'orange', 'session', 'uwTask'].map((k) => byFile(items, k as keyof typeof FILES)!.id),
      ['run-20260301120000', 'active_intents.yaml', TASK_ID, SESSION, `${SESSION}/1`]);
    const run = byFile(items, 'state')!;
    assert.ok(run.system === 'orchestral' && run.kind === 'run' && run.title === 'Cache the price list' && run.phase === null, 'the run keeps its briefing title, no phase');
    // No false second problem: the run is not "without a state.json", the session task is not missing.
    assert.ok(!service.diagnostics().some((d) => /has no state\.json|no task file|started_at/.test(d.message)), service.diagnostics().map((d) => d.message).join('\n'));
    // A placeholder is never something to decide, and it owns no file.
    assert.ok(!service.decisions().some((d) => d.status === 'unreadable'));
    const intent = byFile(items, 'intents')!;
    assert.ok(intent.system === 'intents' && intent.scope.length === 0);

    const fresh = open();
    await fresh.scan();
    assert.deepStrictEqual(statuses(fresh.items()), statuses(items));
    fresh.dispose();

    for (const [rel, text] of Object.entries(readableFiles(ws.root))) await service.fileChanged(ws.write(rel, text));
    assert.deepStrictEqual(statuses(service.items()), { state: 'build', intents: 'IN_PROGRESS', orange: 'working', session: 'EXECUTION', uwTask: 'open' });
    assert.ok(!service.items().some((i) => i.unreadable));
  });

  it('a named pipe where the file should be: found by discovery, never read, the item unreadable with why', async function () {
    if (process.platform === 'win32') this.skip();
    for (const rel of Object.values(FILES)) {
      rmSync(ws.path(rel));
      execFileSync('mkfifo', [ws.path(rel)]);
    }
    // A fresh scan (discovery must list the pipes) and the watcher path (a change on each) agree.
    const fresh = open();
    await fresh.scan();
    for (const rel of Object.values(FILES)) await service.fileChanged(ws.path(rel));
    for (const svc of [fresh, service]) {
      const items = svc.items();
      assert.deepStrictEqual(statuses(items), { state: 'unreadable', intents: 'unreadable', orange: 'unreadable', session: 'unreadable', uwTask: 'unreadable' });
      for (const key of Object.keys(FILES) as (keyof typeof FILES)[]) {
        assert.match(byFile(items, key)!.unreadable!.message, /named pipe/, key);
      }
    }
    fresh.dispose();
  });
});
