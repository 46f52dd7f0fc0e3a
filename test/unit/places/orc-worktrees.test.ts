import * as assert from 'node:assert';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OrcTask } from '../../../src/core/formats/orc/model';
import { orcProjectId } from '../../../src/core/formats/orc-db/locate';
import { otherPlaces, type PlacesSettings } from '../../../src/core/places/places-service';
import { worktreeAt } from '../../../src/core/places/worktree-at';
import { itemJson } from '../../../src/core/report/scan-report';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { createProjectDbFile, insertTask } from '../helpers/orc-db';
import { git, taskYaml, write } from './git-repos';

const WORKTREES: PlacesSettings = { trusted: true, worktrees: true, refs: [] };

const tasks = (s: OrchestrationService) => s.items().filter((i): i is OrcTask => i.system === 'orc' && i.kind === 'task');

describe('places: where orc runs its tasks (issue 20)', function () {
  let base: string;
  let service: OrchestrationService | undefined;
  beforeEach(() => { base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'baton-orc-wt-'))); });
  afterEach(() => { service?.dispose(); service = undefined; rmSync(base, { recursive: true, force: true }); });

  /** A repository registered in an orc home, its database there, and a linked worktree where orc runs TASK-001. */
  function dbProject(fill: (worktree: string) => Parameters<typeof insertTask>[1][]): { repo: string; orcHome: string; worktree: string } {
    const repo = path.join(base, 'repo');
    const orcHome = path.join(base, 'home', '.orc');
    const worktree = path.join(orcHome, 'worktrees', 'orc-TASK-001');
    git(base, ['init', '-q', repo]);
    write(repo, 'README.md', 'repo\n');
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'init']);
    git(repo, ['worktree', 'add', '-q', '-b', 'orc/TASK-001', '--', worktree]);
    const id = orcProjectId(repo);
    write(orcHome, 'projects.yaml', `projects:\n  - id: ${id}\n    name: p\n    path: ${repo}\n    created_at: 2026-04-01T10:00:00Z\n`);
    const db = createProjectDbFile(path.join(orcHome, 'projects', id, 'orc.db'));
    try { for (const row of fill(worktree)) insertTask(db, row); } finally { db.close(); }
    return { repo, orcHome, worktree };
  }

  async function open(root: string, orcHome: string | undefined, settings: PlacesSettings): Promise<OrchestrationService> {
    const s = new OrchestrationService({ folders: [{ root, ...(orcHome ? { orcHome } : {}) }], places: otherPlaces(settings) });
    await s.scan();
    return s;
  }

  it('reads worktree_path as written, shows it in the JSON, and names the other worktree it is', async () => {
    const p = dbProject((wt) => [{ id: 'TASK-001', worktreePath: wt }, { id: 'TASK-002' },
      { id: 'TASK-003', worktreePath: '/srv/unrelated/worktree' }, { id: 'TASK-004', worktreePath: 'orc-TASK-001' }]);
    service = await open(p.repo, p.orcHome, WORKTREES);
    const byId = new Map(tasks(service).map((t) => [t.id, t]));
    assert.deepStrictEqual([...byId.values()].map((t) => [t.id, t.db?.worktreePath]).sort(),
      [['TASK-001', p.worktree], ['TASK-002', null], ['TASK-003', '/srv/unrelated/worktree'], ['TASK-004', 'orc-TASK-001']]);
    assert.strictEqual(itemJson(p.repo, byId.get('TASK-001')!).worktreePath, p.worktree);
    assert.strictEqual(itemJson(p.repo, byId.get('TASK-002')!).worktreePath, null);
    const places = service.places.placesOf(p.repo);
    const named = worktreeAt(places, byId.get('TASK-001')!.db!.worktreePath);
    assert.deepStrictEqual(named, { worktree: p.worktree, branch: 'orc/TASK-001', label: 'orc-TASK-001 (orc/TASK-001)' });
    // A folder under the worktree is in it; an unrelated path, a relative one (never resolved) and none name nothing.
    assert.strictEqual(worktreeAt(places, path.join(p.worktree, 'src'))?.worktree, p.worktree);
    for (const id of ['TASK-002', 'TASK-003', 'TASK-004']) assert.strictEqual(worktreeAt(places, byId.get(id)!.db!.worktreePath), undefined, id);
    // The database is the project's: the worktree's place reads no second copy of its tasks.
    assert.deepStrictEqual(service.places.elsewhere(p.repo).items.filter((i) => i.system === 'orc'), []);
    assert.strictEqual(tasks(service).length, 4);
  });

  it('with worktrees off the path is still read and shown, but names no worktree', async () => {
    const p = dbProject((wt) => [{ id: 'TASK-001', worktreePath: wt }]);
    service = await open(p.repo, p.orcHome, { ...WORKTREES, worktrees: false });
    const [t] = tasks(service);
    assert.strictEqual(t!.db!.worktreePath, p.worktree);
    assert.strictEqual(worktreeAt(service.places.placesOf(p.repo), t!.db!.worktreePath), undefined);
  });

  it('a database without the worktree_path column (an older orc) is read as before, not read-only', async () => {
    const repo = path.join(base, 'old');
    const db = createProjectDbFile(path.join(repo, '.orc', 'orc.db'));
    try {
      insertTask(db, { id: 'TASK-001' });
      db.exec('ALTER TABLE tasks DROP COLUMN worktree_path');
    } finally { db.close(); }
    service = await open(repo, undefined, { ...WORKTREES, trusted: false });
    const [t] = tasks(service);
    assert.deepStrictEqual([t!.id, t!.db!.worktreePath, t!.db!.readOnlyReason], ['TASK-001', null, null]);
  });

  it('the file era\'s own worktrees under .orc/worktrees are read once, as worktrees: nothing is shown twice', async () => {
    const repo = path.join(base, 'files');
    git(base, ['init', '-q', repo]);
    write(repo, '.gitignore', '.orc/worktrees/\n');
    write(repo, '.orc/tasks/TASK-001/task.yaml', taskYaml('TASK-001', 'One'));
    write(repo, '.orc/tasks/TASK-002/task.yaml', taskYaml('TASK-002', 'Two'));
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'tasks']);
    const wt = path.join(repo, '.orc', 'worktrees', 'orc-TASK-001');
    git(repo, ['worktree', 'add', '-q', '-b', 'orc/TASK-001', '--', wt]);
    // orc runs TASK-001 there: its copy of the task moves on, uncommitted.
    write(wt, '.orc/tasks/TASK-001/task.yaml', taskYaml('TASK-001', 'One', 'completed'));
    service = await open(repo, undefined, WORKTREES);
    assert.deepStrictEqual(tasks(service).map((t) => `${t.id} ${t.status}`).sort(), ['TASK-001 running', 'TASK-002 running']);
    const elsewhere = service.places.elsewhere(repo).items;
    assert.deepStrictEqual(elsewhere.map((i) => `${i.id} ${i.status} @ ${i.elsewhere?.worktree}`), [`TASK-001 completed @ ${wt}`]);
  });
});
