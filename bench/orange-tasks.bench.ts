import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { OrchestrationService } from '../src/core/service/orchestration-service';
import { CACHE_DIR } from './lib/cache';
import { ms, time, type Measurement } from './lib/measurement';

const TASKS = 1000;
const RECIPE = 'orange-v1';
const STATUSES = ['pending', 'planning', 'clarification', 'working', 'agent-review', 'reviewing', 'stuck', 'done', 'failed', 'cancelled'];
/**
 * Ours, not the (it names the workspace, not a target): the per-item budget of orc's 10,000-task target
 * (1.5 s, i.e. 150 µs per task) for a cold scan, and the Orchestral refresh budget for one changed TASK.md.
 */
const TARGETS = { scanMs: 150, refreshMs: 50 };

/** An orange root with one project (this workspace) and 1,000 tasks: TASK.md with a plan, and a 12-event history each. */
function workspace(log: (s: string) => void): { root: string; orange: string } {
  const base = path.join(CACHE_DIR, `orange-${TASKS}`);
  const root = path.join(base, 'repo');
  const orange = path.join(base, 'orange');
  const stamp = path.join(base, '.recipe');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === RECIPE) return { root, orange };
  rmSync(base, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  mkdirSync(orange, { recursive: true });
  writeFileSync(path.join(orange, 'projects.json'), JSON.stringify([{ name: 'bench', path: root, default_branch: 'main', pool_size: 5 }], null, 2));
  for (let i = 0; i < TASKS; i++) {
    const id = `bench${String(i).padStart(16, '0')}`;
    const dir = path.join(orange, 'tasks', 'bench', id);
    mkdirSync(dir, { recursive: true });
    const status = STATUSES[i % STATUSES.length]!;
    writeFileSync(path.join(dir, 'TASK.md'), [
      '---', `id: ${id}`, 'project: bench', `branch: task-${i}`, 'harness: claude', 'review_harness: claude', `status: ${status}`,
      `review_round: ${i % 3}`, 'crash_count: 0', `summary: Task number ${i} of the benchmark`, `workspace: bench--${i % 5}`,
      `tmux_session: bench/task-${i}`, 'pr_url: null', 'created_at: 2026-01-15T18:00:00Z', 'updated_at: 2026-01-15T18:14:02Z', '---', '',
      '## Context', '', `Why task ${i} exists, in a few sentences of prose.`, '',
      '## Plan', '', 'APPROACH: Do the thing in the obvious place', 'TOUCHING: src/a.ts, src/b.ts', '',
      ...(status === 'clarification' ? ['## Questions', '', '- Which of the two ways?', ''] : []),
    ].join('\n'));
    const events = [{ type: 'task.created', timestamp: '2026-01-15T18:00:00Z', task_id: id, project: 'bench', branch: `task-${i}` },
      ...Array.from({ length: 11 }, (_, n) => ({ type: 'status.changed', timestamp: `2026-01-15T18:${String(n).padStart(2, '0')}:04Z`, from: 'planning', to: 'working' }))];
    writeFileSync(path.join(dir, 'history.jsonl'), events.map((e) => JSON.stringify(e)).join('\n') + '\n');
  }
  writeFileSync(stamp, RECIPE);
  log(`generated ${TASKS} orange tasks in ${path.relative(process.cwd(), base)}`);
  return { root, orange };
}

/** orange at 1,000 tasks: a cold scan of the orange root for this workspace, and one TASK.md changed. */
export const measurement: Measurement = {
  name: 'orange-tasks',
  description: `${TASKS} orange tasks (TASK.md + history.jsonl each) of one project: cold scan, one task changed`,
  async run(log) {
    const { root, orange } = workspace(log);
    const folders = [{ root, orangeRoot: orange, ultraworkSessions: path.join(root, '.no-ultrawork') }];
    let items = 0;
    const scan = await time(async () => {
      const service = new OrchestrationService({ folders });
      await service.scan();
      items = service.items().filter((i) => i.system === 'orange').length;
      service.dispose();
    }, 7, 2);
    if (items !== TASKS) throw new Error(`the scan found ${items} orange tasks, not ${TASKS}`);

    const service = new OrchestrationService({ folders });
    await service.scan();
    const file = path.join(orange, 'tasks', 'bench', `bench${String(7).padStart(16, '0')}`, 'TASK.md');
    const original = await fs.readFile(file, 'utf8');
    let flip = 0;
    const refresh = await time(async () => {
      await fs.writeFile(file, original.replace(/^summary: .*$/m, `summary: changed ${flip++}`));
      await service.fileChanged(file);
    }, 21, 3);
    await fs.writeFile(file, original);
    service.dispose();
    return [
      { label: `cold scan, ${TASKS} orange tasks`, value: ms(scan.median), target: `≤ ${TARGETS.scanMs} ms (ours)`, ok: scan.median <= TARGETS.scanMs },
      { label: 'one TASK.md changed → re-read + re-link', value: ms(refresh.median), target: `≤ ${TARGETS.refreshMs} ms (ours)`, ok: refresh.median <= TARGETS.refreshMs },
    ];
  },
};
