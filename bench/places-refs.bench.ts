import { otherPlaces } from '../src/core/places/places-service';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { OrchestrationService } from '../src/core/service/orchestration-service';
import { CACHE_DIR, REPO } from './lib/cache';
import { ms, time, type Measurement } from './lib/measurement';

const REFS = 200;
const RECIPE = 'places-refs-v2';
const WORKTREES = 20;
const CLI = path.join(REPO, 'dist', 'cli.js');
const TARGET_MS = 2000;

function git(cwd: string, args: string[], input?: string): string {
  const r = spawnSync('git', ['-c', 'init.defaultBranch=main', '-c', 'user.name=Bench', '-c', 'user.email=b@example.com', ...args],
    { cwd, encoding: 'utf8', input, maxBuffer: 256 * 1024 * 1024, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/**
 * A repository whose main holds 50 orc tasks, an intents file and a Dure run, and 200 remote-tracking refs
 * `origin/agent-NNN`, each main plus a task of its own and its own version of the intents file (what 200 agents'
 * branches look like: nearly all shared, a little of each their own). Made once by `git fast-import`.
 */
function repository(log: (s: string) => void): string {
  const root = path.join(CACHE_DIR, `places-${REFS}-refs`);
  const stamp = path.join(CACHE_DIR, `places-${REFS}-refs.recipe`);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === RECIPE) return root;
  rmSync(root, { recursive: true, force: true });
  rmSync(`${root}-worktrees`, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  git(root, ['init', '-q']);
  const file = (p: string, body: string) => `M 100644 inline ${p}\ndata ${Buffer.byteLength(body)}\n${body}\n`;
  const task = (id: string, title: string) => `id: ${id}\ntitle: ${title}\nstatus: running\nweight: small\n`;
  const intents = (extra: string) => `active_intents:\n  - id: INT-001\n    name: Base\n    status: IN_PROGRESS\n    owned_scope: ["src/base/**"]\n${extra}`;
  let stream = 'commit refs/heads/main\nmark :1\ncommitter Bench <b@example.com> 1700000000 +0000\ndata 4\nmain\n';
  for (let t = 0; t < 50; t++) stream += file(`.orc/tasks/TASK-${String(t).padStart(3, '0')}/task.yaml`, task(`TASK-${String(t).padStart(3, '0')}`, `Shared ${t}`));
  stream += file('.orchestration/active_intents.yaml', intents(''));
  stream += file('src/base/index.ts', 'export {};\n');
  for (let n = 0; n < REFS; n++) {
    const id = `TASK-${1000 + n}`;
    stream += `commit refs/remotes/origin/agent-${String(n).padStart(3, '0')}\ncommitter Bench <b@example.com> 1700000000 +0000\ndata 6\nagent\nfrom :1\n`;
    stream += file(`.orc/tasks/${id}/task.yaml`, task(id, `Agent ${n}`));
    stream += file('.orchestration/active_intents.yaml', intents(`  - id: INT-${100 + n}\n    name: Agent ${n}\n    status: IN_PROGRESS\n    owned_scope: ["src/agent${n}/**"]\n`));
  }
  git(root, ['fast-import', '--quiet'], stream);
  git(root, ['checkout', '-q', 'main']);
  // 20 linked worktrees, each with an uncommitted task of its own (an agent at work in each).
  for (let w = 0; w < WORKTREES; w++) {
    const wt = path.join(`${root}-worktrees`, `wt-${String(w).padStart(2, '0')}`);
    git(root, ['worktree', 'add', '-q', '-b', `wt-${w}`, '--', wt]);
    mkdirSync(path.join(wt, '.orc', 'tasks', `TASK-${5000 + w}`), { recursive: true });
    writeFileSync(path.join(wt, '.orc', 'tasks', `TASK-${5000 + w}`, 'task.yaml'), task(`TASK-${5000 + w}`, `Worktree ${w}`));
  }
  writeFileSync(stamp, RECIPE);
  log(`generated a repository with ${REFS} refs and ${WORKTREES} worktrees in ${path.relative(process.cwd(), root)}`);
  return root;
}

/** One whole process, start to exit. */
function run(cmd: string, args: string[], cwd: string, input?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(cmd, args, { cwd, stdio: [input === undefined ? 'ignore' : 'pipe', 'ignore', 'inherit'] });
    if (input !== undefined) child.stdin!.end(input);
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Number(process.hrtime.bigint() - started) / 1e6) : reject(new Error(`${cmd} exited ${code}`))));
  });
}

/**
 * `baton scan --refs 'origin/*'` over 200 refs and `--worktrees` over 20 worktrees (issue 20: within 2 s including
 * node start), beside the floor: one
 * `git cat-file --batch` of the very blobs the scan reads (every state file of every ref, each blob once), and node's
 * own start. Then, in one process: an update when no ref moved (tree ids compared, nothing read).
 */
export const measurement: Measurement = {
  name: 'places-refs',
  description: `baton scan --refs 'origin/*' over ${REFS} refs (beside git cat-file --batch of the same blobs) and --worktrees over ${WORKTREES} worktrees`,
  async run(log) {
    const root = repository(log);
    const blobs = new Set<string>();
    for (const ref of git(root, ['for-each-ref', '--format=%(refname)', 'refs/remotes']).split('\n').filter(Boolean)) {
      for (const line of git(root, ['ls-tree', '-r', ref, '--', '.orc', '.orchestration']).split('\n').filter(Boolean)) blobs.add(line.split(/\s+/)[2]!);
    }
    const scan = await time(() => run(process.execPath, [CLI, 'scan', '--json', '--no-cache', '--refs', 'origin/*'], root), 5, 1);
    const worktrees = await time(() => run(process.execPath, [CLI, 'scan', '--json', '--no-cache', '--worktrees'], root), 5, 1);
    const plain = await time(() => run(process.execPath, [CLI, 'scan', '--json', '--no-cache'], root), 5, 1);
    const floor = await time(() => run('git', ['cat-file', '--batch'], root, [...blobs].join('\n') + '\n'), 5, 1);
    const node = await time(() => run(process.execPath, ['-e', '0'], root), 5, 1);

    const service = new OrchestrationService({ folders: [{ root, systems: ['orc', 'orchestral', 'intents'] }], places: otherPlaces({ trusted: true, worktrees: false, refs: ['origin/*'] }) });
    await service.scan();
    const items = service.places.elsewhere(root).items.length;
    const read = service.places.blobsRead;
    const idle = await time(() => service.places.update(), 10, 2);
    const readAfter = service.places.blobsRead;
    service.dispose();
    return [
      { label: `baton scan --refs 'origin/*' (${REFS} refs, whole process)`, value: ms(scan.median), target: `≤ ${TARGET_MS} ms`, ok: scan.median <= TARGET_MS },
      { label: `floor: git cat-file --batch of the same ${blobs.size} blobs`, value: ms(floor.median) },
      { label: `baton scan --worktrees (${WORKTREES} worktrees, whole process)`, value: ms(worktrees.median), target: `≤ ${TARGET_MS} ms`, ok: worktrees.median <= TARGET_MS },
      { label: 'baton scan without the flags (the folder alone)', value: ms(plain.median) },
      { label: 'floor: node -e 0', value: ms(node.median) },
      { label: 'items found on the refs (differing from the folder)', value: String(items) },
      { label: 'blobs read by the scan (each shared blob once)', value: String(read), target: `≤ ${blobs.size}`, ok: read <= blobs.size },
      { label: 'update with no ref moved', value: ms(idle.median), target: 'no blob read', ok: readAfter === read },
    ];
  },
};
