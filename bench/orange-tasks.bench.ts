import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { OrchestrationService } from '../src/core/service/orchestration-service';
import { CACHE_DIR } from './lib/cache';
import { ms, type Measurement } from './lib/measurement';

const TASKS = 1000;
const RECIPE = 'orange-v1';
const STATUSES = ['pending', 'planning', 'clarification', 'working', 'agent-review', 'reviewing', 'stuck', 'done', 'failed', 'cancelled'];
/** Issue 18's targets for orange at 1,000 tasks: a cold scan, and one TASK.md changed → the change event. */
const TARGETS = { scanMs: 150, refreshMs: 20 };

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

/** The task folders of the workspace's one project, listed as the reader lists them (a readdir per level). */
function taskDirs(orange: string): string[] {
  const tasks = path.join(orange, 'tasks');
  return readdirSync(tasks).sort().flatMap((project) => readdirSync(path.join(tasks, project)).sort().map((id) => path.join(tasks, project, id)));
}

/** The I/O floor: list every task folder and read the bytes of the files the reader reads, nothing else. */
function floor(orange: string): number {
  let bytes = 0;
  for (const dir of taskDirs(orange)) for (const name of readdirSync(dir)) bytes += readFileSync(path.join(dir, name)).length;
  return bytes;
}

/**
 * Not Baton: how orange itself lists tasks (dinhtungdu/orange `loadTask`, behind `orange task list` and its
 * dashboard), re-implemented minimally as a reference — a readdir per level, then per task only TASK.md read as
 * text and its frontmatter parsed with js-yaml (orange uses gray-matter, which does the same); no history.jsonl, no
 * body beyond the text, no checks. Synchronous reads here, so it is a floor-like lower bound for that work.
 */
function orangeStyleList(orange: string): number {
  let listed = 0;
  for (const dir of taskDirs(orange)) {
    const text = readFileSync(path.join(dir, 'TASK.md'), 'utf8');
    const end = text.indexOf('\n---', 4);
    const data = yaml.load(text.slice(4, end)) as { id?: string } | null;
    if (data?.id) listed++;
  }
  return listed;
}

/** Runs each function once per round, in turn, and gives each one's median: on a busy machine the ratios hold. */
async function interleaved(fns: Record<string, () => Promise<unknown>>, rounds: number, warmup: number): Promise<Record<string, number>> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(fns).map((k) => [k, []]));
  for (let r = 0; r < warmup + rounds; r++) {
    for (const [name, fn] of Object.entries(fns)) {
      const start = process.hrtime.bigint();
      await fn();
      if (r >= warmup) samples[name]!.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, v.sort((a, b) => a - b)[Math.floor(v.length / 2)]!]));
}

/** orange at 1,000 tasks: a cold scan of the orange root for this workspace, and one TASK.md changed. */
export const measurement: Measurement = {
  name: 'orange-tasks',
  description: `${TASKS} orange tasks (TASK.md + history.jsonl each) of one project: cold scan and one task changed, beside the I/O floor and orange's own way of listing`,
  async run(log) {
    const { root, orange } = workspace(log);
    const folders = [{ root, orangeRoot: orange, ultraworkSessions: path.join(root, '.no-ultrawork') }];
    let items = 0;
    const medians = await interleaved({
      floor: async () => floor(orange),
      orange: async () => { if (orangeStyleList(orange) !== TASKS) throw new Error('the orange-style lister missed tasks'); },
      scan: async () => {
        const service = new OrchestrationService({ folders });
        await service.scan();
        items = service.items().filter((i) => i.system === 'orange').length;
        service.dispose();
      },
    }, 9, 2);
    if (items !== TASKS) throw new Error(`the scan found ${items} orange tasks, not ${TASKS}`);

    const service = new OrchestrationService({ folders });
    await service.scan();
    const file = path.join(orange, 'tasks', 'bench', `bench${String(7).padStart(16, '0')}`, 'TASK.md');
    const original = await fs.readFile(file, 'utf8');
    let flip = 0;
    let named: string[] = [];
    service.onDidChange((change) => { named = change.changed.map((i) => i.id); });
    // From the file written to the change event (fired inside fileChanged), the write itself left out.
    const samples: number[] = [];
    for (let i = 0; i < 24; i++) {
      await fs.writeFile(file, original.replace(/^summary: .*$/m, `summary: changed ${flip++}`));
      const start = process.hrtime.bigint();
      await service.fileChanged(file);
      if (i >= 3) samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    const refresh = samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
    await fs.writeFile(file, original);
    service.dispose();
    if (named.length !== 1) throw new Error(`the change event named ${named.length} tasks, not the one changed`);
    const { floor: floorMs, orange: orangeMs, scan: scanMs } = medians as { floor: number; orange: number; scan: number };
    return [
      { label: `I/O floor, ${TASKS * 2} files (list + read bytes)`, value: ms(floorMs) },
      { label: 'orange\'s own way (TASK.md frontmatter only; reference)', value: ms(orangeMs) },
      { label: `cold scan, ${TASKS} orange tasks`, value: ms(scanMs), target: `≤ ${TARGETS.scanMs} ms`, ok: scanMs <= TARGETS.scanMs },
      { label: 'cold scan / I/O floor', value: `${(scanMs / floorMs).toFixed(2)}×` },
      { label: 'cold scan / orange\'s own way', value: `${(scanMs / orangeMs).toFixed(2)}×` },
      { label: 'one TASK.md changed → change event', value: ms(refresh), target: `≤ ${TARGETS.refreshMs} ms`, ok: refresh <= TARGETS.refreshMs },
    ];
  },
};
