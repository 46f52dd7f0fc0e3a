import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CACHE_DIR, REPO } from './lib/cache';
import type { Measurement } from './lib/measurement';

/** The workspaces: minimal task folders at 10k and 100k, and 10k whose files are 8 KB each (a comment: not kept). */
const CASES = [
  { tasks: 10_000, padding: 0 },
  { tasks: 100_000, padding: 0 },
  { tasks: 10_000, padding: 8192 },
] as const;
/** Per-task peak RSS at 100k must not exceed 10k's by more than this: memory grows linearly, never faster. */
const GROWTH = 1.5;
/** Files 30× larger may cost at most this much more memory: what is kept is the record, not the bytes. */
const SIZE_RATIO = 1.5;
const RECIPE = 'v1';

/** `tasks` task folders, one minimal task.yaml each (an id, a title, a status), generated once and reused. */
function minimalWorkspace(tasks: number, padding: number, log: (s: string) => void): string {
  const root = path.join(CACHE_DIR, `orc-minimal-${tasks}${padding ? `-pad${padding}` : ''}-${RECIPE}`);
  if (existsSync(root)) return root;
  const started = Date.now();
  const temp = `${root}.partial`;
  rmSync(temp, { recursive: true, force: true });
  const pad = padding ? `# ${'x'.repeat(padding - 3)}\n` : '';
  for (let i = 1; i <= tasks; i++) {
    const id = `TASK-${String(i).padStart(6, '0')}`;
    const dir = path.join(temp, '.orc', 'tasks', id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'task.yaml'), `${pad}id: ${id}\ntitle: Task ${i}\nstatus: planned\n${i > 1 ? `blocked_by: [TASK-${String(i - 1).padStart(6, '0')}]\n` : ''}`);
  }
  renameSync(temp, root);
  log(`generated ${tasks.toLocaleString('en-US')} task folders in ${Date.now() - started} ms`);
  return root;
}

/** Peak resident memory (KB) and wall time of `baton scan DIR --json --no-cache > /dev/null`, from /usr/bin/time. */
function scanPeak(root: string): { rssKb: number; ms: number; items: number } {
  const started = Date.now();
  const r = spawnSync('/usr/bin/time', ['-f', 'PEAK %M', process.execPath, path.join(REPO, 'dist', 'cli.js'), 'scan', root, '--json', '--no-cache'],
    { encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, XDG_CACHE_HOME: path.join(CACHE_DIR, 'xdg-cache') } });
  const ms = Date.now() - started;
  const peak = /PEAK (\d+)/.exec(r.stderr);
  if (!peak) throw new Error(`scan failed: ${r.stderr.slice(-500)}`);
  const items = (JSON.parse(r.stdout) as { items: unknown[] }).items.length;
  return { rssKb: Number(peak[1]), ms, items };
}

/**
 * "100,000 task folders scan in bounded memory" (issue 16): the CLI's peak RSS scanning minimal task folders at
 * 10k and 100k (per task, after the empty process's own), and at 10k with files 30× larger.
 */
export const measurement: Measurement = {
  name: 'orc-scan-memory',
  description: 'peak RSS of `baton scan --json` at 10,000 and 100,000 orc task folders, and at 10,000 with 8 KB files',
  async run(log) {
    if (!existsSync('/usr/bin/time')) return [{ label: 'skipped', value: 'no /usr/bin/time' }];
    const empty = minimalWorkspace(1, 0, log);
    const base = scanPeak(empty).rssKb;
    const peaks = CASES.map((c) => {
      const root = minimalWorkspace(c.tasks, c.padding, log);
      const p = scanPeak(root);
      if (p.items !== c.tasks) throw new Error(`expected ${c.tasks} tasks, the scan listed ${p.items}`);
      log(`${c.tasks} tasks${c.padding ? `, ${c.padding} B files` : ''}: peak RSS ${(p.rssKb / 1024).toFixed(0)} MB in ${p.ms} ms`);
      return { ...c, ...p, perTaskKb: (p.rssKb - base) / c.tasks };
    });
    const [small, large, padded] = peaks as [typeof peaks[0], typeof peaks[0], typeof peaks[0]];
    const growth = large.perTaskKb / small.perTaskKb;
    const sizeRatio = (padded.rssKb - base) / (small.rssKb - base);
    return [
      { label: 'peak RSS, one task (the process itself)', value: `${(base / 1024).toFixed(0)} MB` },
      ...peaks.map((p) => ({ label: `peak RSS, ${p.tasks.toLocaleString('en-US')} tasks${p.padding ? ` (${p.padding / 1024} KB files)` : ''}`,
        value: `${(p.rssKb / 1024).toFixed(0)} MB` })),
      ...peaks.map((p) => ({ label: `per task, ${p.tasks.toLocaleString('en-US')}${p.padding ? ` (${p.padding / 1024} KB files)` : ''}`, value: `${p.perTaskKb.toFixed(2)} KB` })),
      { label: 'growth: per-task memory 100k / 10k', value: `${growth.toFixed(2)}×`, target: `linear (≤ ${GROWTH}×)`, ok: growth <= GROWTH },
      { label: 'memory with 8 KB files / with minimal files', value: `${sizeRatio.toFixed(2)}×`, target: `not with file size (≤ ${SIZE_RATIO}×)`, ok: sizeRatio <= SIZE_RATIO },
      { label: 'scan time, 100,000 tasks', value: `${large.ms.toLocaleString('en-US')} ms` },
    ];
  },
};
