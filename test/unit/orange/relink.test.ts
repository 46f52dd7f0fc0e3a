import * as assert from 'node:assert';
import { appendFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { IndexChange } from '../../../src/core/service/workspace-index';
import type { OrchestrationService } from '../../../src/core/service/orchestration-service';
import type { TempWorkspace } from '../helpers/temp-workspace';
import { ID, orangeHome, scanned } from './helpers';

const orangeItems = (s: OrchestrationService) => s.items().filter((i) => i.system === 'orange');
/** Items, decisions and problems as a full scan of the same files gives them (the relink must not drift from it). */
const snapshot = (s: OrchestrationService) => JSON.stringify({ items: orangeItems(s), decisions: s.decisions(), diagnostics: s.diagnostics() });

describe('orange: one changed file relinks only its task (issue 18)', () => {
  let tmp: TempWorkspace;
  let service: OrchestrationService;
  afterEach(() => { service?.dispose(); tmp?.dispose(); });

  async function changeAndCompare(home: ReturnType<typeof orangeHome>, file: string, edit: () => void): Promise<{ change: IndexChange; kept: number; others: number }> {
    service = await scanned(home.root, home.orangeRoot);
    const before = new Map(orangeItems(service).map((i) => [i.id, i]));
    const events: IndexChange[] = [];
    service.onDidChange((c) => events.push(c));
    edit();
    await service.fileChanged(file);
    assert.strictEqual(events.length, 1);
    const fresh = await scanned(home.root, home.orangeRoot);
    try {
      assert.strictEqual(snapshot(service), snapshot(fresh), 'the relinked index is what a full scan gives');
    } finally {
      fresh.dispose();
    }
    const taskOf = path.basename(path.dirname(file));
    const others = orangeItems(service).filter((i) => i.id !== taskOf);
    return { change: events[0]!, kept: others.filter((i) => before.get(i.id) === i).length, others: others.length };
  }

  it('a TASK.md edit: the change names only that task, and every other item is the very same object', async () => {
    const home = orangeHome('valid');
    tmp = home.tmp;
    const file = path.join(home.orangeRoot, 'tasks', 'app', ID.planning, 'TASK.md');
    const { change, kept, others } = await changeAndCompare(home, file,
      () => writeFileSync(file, readFileSync(file, 'utf8').replace(/^summary: .*$/m, 'summary: Renamed by hand')));
    assert.deepStrictEqual(change.changed.map((i) => [i.id, i.title]), [[ID.planning, 'Renamed by hand']]);
    assert.deepStrictEqual(change.removed, []);
    assert.ok(others > 0);
    assert.strictEqual(kept, others, 'items of the tasks that did not change keep their identity');
  });

  it('a move into clarification: the task becomes a decision, in the order a full link gives', async () => {
    const home = orangeHome('valid');
    tmp = home.tmp;
    const file = path.join(home.orangeRoot, 'tasks', 'app', ID.planning, 'TASK.md');
    const { change, kept, others } = await changeAndCompare(home, file,
      () => writeFileSync(file, readFileSync(file, 'utf8').replace(/^status: .*$/m, 'status: clarification')));
    assert.deepStrictEqual(change.changed.map((i) => i.id), [ID.planning]);
    assert.strictEqual(kept, others);
    assert.ok(service.decisions().some((d) => d.id === ID.planning));
  });

  it('a history.jsonl append: only its task changes', async () => {
    const home = orangeHome('valid');
    tmp = home.tmp;
    const file = path.join(home.orangeRoot, 'tasks', 'app', ID.done, 'history.jsonl');
    const { change, kept, others } = await changeAndCompare(home, file,
      () => appendFileSync(file, `${JSON.stringify({ type: 'status.changed', timestamp: '2026-02-02T10:00:00Z', from: 'reviewing', to: 'done' })}\n`));
    assert.deepStrictEqual(change.changed.map((i) => i.id), [ID.done]);
    assert.strictEqual(kept, others);
  });

  it('a TASK.md whose created_at moves it in the order: linked again in full, same result as a scan', async () => {
    const home = orangeHome('valid');
    tmp = home.tmp;
    const file = path.join(home.orangeRoot, 'tasks', 'app', ID.planning, 'TASK.md');
    const { change } = await changeAndCompare(home, file,
      () => writeFileSync(file, readFileSync(file, 'utf8').replace(/^created_at: .*$/m, "created_at: '2020-01-01T00:00:00Z'")));
    assert.deepStrictEqual(change.changed.map((i) => i.id), [ID.planning]);
    assert.strictEqual(orangeItems(service)[0]!.id, ID.planning, 'now the oldest');
  });

  it('60 random one-file edits in a row, each relinked result equal to a fresh scan', async () => {
    const home = orangeHome('valid');
    tmp = home.tmp;
    service = await scanned(home.root, home.orangeRoot);
    const dirs = ['app', 'other'].flatMap((p) => readdirSync(path.join(home.orangeRoot, 'tasks', p)).map((id) => path.join(home.orangeRoot, 'tasks', p, id)));
    let seed = 18;
    const next = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
    const edits: ((dir: string) => string)[] = [
      (d) => field(d, 'summary', `Edited ${next(1000)}`),
      (d) => field(d, 'status', ['planning', 'clarification', 'stuck', 'reviewing', 'done', 'working'][next(6)]!),
      (d) => field(d, 'created_at', `'2026-0${1 + next(3)}-01T10:00:00Z'`),
      (d) => field(d, 'id', next(2) ? path.basename(d) : `X${next(100)}`),
      (d) => field(d, 'workspace', `app--${next(3)}`),
      (d) => { const f = path.join(d, 'TASK.md'); writeFileSync(f, '---\nstatus: [broken\n---\n'); return f; },
      (d) => { const f = path.join(d, 'history.jsonl'); appendFileSync(f, next(4) ? `{"type":"x","timestamp":"2026-03-0${next(9)}T00:00:00Z"}\n` : 'not json\n'); return f; },
      (d) => { const f = path.join(d, 'history.jsonl'); rmSync(f, { force: true }); return f; },
    ];
    for (let i = 0; i < 60; i++) {
      const dir = dirs[next(dirs.length)]!;
      const file = edits[next(edits.length)]!(dir);
      await service.fileChanged(file);
      const fresh = await scanned(home.root, home.orangeRoot);
      try {
        assert.strictEqual(snapshot(service), snapshot(fresh), `edit ${i} of ${path.relative(home.orangeRoot, file)}`);
      } finally {
        fresh.dispose();
      }
    }
  });
});

/** Sets one frontmatter field of a task's TASK.md (added when missing; a TASK.md without frontmatter gets one). */
function field(dir: string, key: string, value: string): string {
  const file = path.join(dir, 'TASK.md');
  let text = readFileSync(file, 'utf8');
  if (!text.startsWith('---\n') || text.includes('[broken')) text = `---\nid: ${path.basename(dir)}\nproject: app\nstatus: pending\n---\n\nBody.\n`;
  const line = new RegExp(`^${key}: .*$`, 'm');
  text = line.test(text) ? text.replace(line, `${key}: ${value}`) : text.replace(/^---\n/, `---\n${key}: ${value}\n`);
  writeFileSync(file, text);
  return file;
}
