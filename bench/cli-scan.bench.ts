import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { OrcAdapter } from '../src/core/formats/orc-eras/adapter';
import { REPO } from './lib/cache';
import { ioFloor } from './lib/io-floor';
import { ms, type BenchRow, type Measurement } from './lib/measurement';
import { orcWorkspace } from './lib/orc-workspace';

const TASKS = 10_000;
/** Issue 18's targets, as ratios of the I/O floor measured in the same run. */
const TARGETS = { cold: 4, warm: 1.5, help: 0.2, extensionKb: 1024 };
const CLI = path.join(REPO, 'dist', 'cli.js');

// The e2e rig is ES modules; this file is compiled to CommonJS, whose `import()` esbuild would turn into require().
const importEsm = new Function('specifier', 'return import(specifier)') as (s: string) => Promise<unknown>;

/** One whole `node dist/cli.js …` process, start to exit, its stdout kept (the report is tens of megabytes). */
function cli(args: string[], cache: string, env: Record<string, string> = {}, node = process.execPath): Promise<{ ms: number; stdout: Buffer; code: number | null }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(node, [CLI, ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env, XDG_CACHE_HOME: cache } });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, stdout: Buffer.concat(chunks), code }));
  });
}

/** Nine `baton --help` processes. */
async function helpRuns(node: string): Promise<number[]> {
  const help: number[] = [];
  const cache = mkdtempSync(path.join(os.tmpdir(), 'baton-bench-xdg-'));
  for (let i = 0; i < 9; i++) help.push((await cli(['--help'], cache, {}, node)).ms);
  rmSync(cache, { recursive: true, force: true });
  return help;
}

/** Nine `node -e 0` processes: what starting that Node costs here. */
async function nodeStarts(node: string): Promise<number[]> {
  const starts: number[] = [];
  for (let i = 0; i < 9; i++) {
    starts.push(await new Promise<number>((resolve) => {
      const started = process.hrtime.bigint();
      spawn(node, ['-e', '0'], { stdio: 'ignore' }).on('close', () => resolve(Number(process.hrtime.bigint() - started) / 1e6));
    }));
  }
  return starts;
}

/**
 * The same CLI on the project's toolchain Node (scripts/setup-toolchain.sh: Node 24, the current LTS; the Node this
 * machine runs the benchmark on is 20, past its end of life since April 2026): its own floor (measured in process by
 * that Node), three cold runs each followed by two second runs, `--help` and `node -e 0`. Every report is checked
 * against the full read's.
 */
async function onToolchainNode(root: string, full: Buffer, log: (line: string) => void): Promise<BenchRow[]> {
  let node: string;
  try {
    const rig = await importEsm(pathToFileURL(path.join(REPO, 'test/e2e/lib.mjs')).href) as { toolchain(): { node: string } };
    node = rig.toolchain().node;
  } catch (err) {
    log(`no toolchain Node: ${(err as Error).message}`);
    return [{ label: 'toolchain Node (scripts/setup-toolchain.sh)', value: 'not installed' }];
  }
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  const floor = (JSON.parse(execFileSync(node, [path.join(__dirname, 'lib', 'io-floor.js'), root], { encoding: 'utf8' })) as { ms: number }).ms;
  const cold: number[] = [];
  const warm: number[] = [];
  let identical = true;
  for (let round = 0; round < 3; round++) {
    const cache = mkdtempSync(path.join(os.tmpdir(), 'baton-bench-xdg-'));
    const first = await cli(['scan', root, '--json'], cache, {}, node);
    cold.push(first.ms);
    identical &&= first.stdout.equals(full);
    for (let again = 0; again < 2; again++) {
      const second = await cli(['scan', root, '--json'], cache, {}, node);
      warm.push(second.ms);
      identical &&= second.stdout.equals(full);
    }
    rmSync(cache, { recursive: true, force: true });
  }
  const [coldMs, warmMs, helpMs, nodeMs] = [median(cold), median(warm), median(await helpRuns(node)), median(await nodeStarts(node))];
  const ratio = (value: number) => `${(value / floor).toFixed(2)}×`;
  const on = `Node ${version} (toolchain)`;
  return [
    { label: `${on}: I/O floor (in process)`, value: ms(floor) },
    { label: `${on}: cold, whole process`, value: `${ms(coldMs)} = ${ratio(coldMs)}`, target: `≤ ${TARGETS.cold}× the floor`, ok: coldMs <= TARGETS.cold * floor },
    { label: `${on}: second run, whole process`, value: `${ms(warmMs)} = ${ratio(warmMs)}`, target: `≤ ${TARGETS.warm}× the floor`, ok: warmMs <= TARGETS.warm * floor },
    { label: `${on}: reports byte-identical to the full read`, value: identical ? 'yes' : 'NO', target: 'yes', ok: identical },
    { label: `${on}: \`baton --help\`, whole process`, value: `${ms(helpMs)} = ${ratio(helpMs)}`, target: `≤ ${TARGETS.help}× the floor`, ok: helpMs <= TARGETS.help * floor },
    { label: `${on}: Node itself (\`node -e 0\`)`, value: ms(nodeMs) },
  ];
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * The CLI as a user runs it, whole processes including Node's start, beside the I/O floor (the same files listed
 * the way the reader lists them, and every byte read; in process): a cold `baton scan --json` of 10,000 orc tasks
 * (no index cache, no snapshot), a second run (every file listed and checked for change; nothing changed), a second
 * run after one task.yaml changed, `baton --help`, and the production bundles' sizes, on the Node running the
 * benchmark; then cold, second run and `--help` again on the toolchain's Node (onToolchainNode), each Node against its
 * own floor. Every report is checked to be byte-identical to a full read (--no-cache).
 */
export const measurement: Measurement = {
  name: 'cli-scan',
  description: `\`baton scan --json\` processes on ${TASKS.toLocaleString('en-US')} orc tasks: cold, second run, one file changed, --help (this Node and the toolchain's); bundles`,
  async run(log) {
    const root = orcWorkspace(TASKS, log);
    const files = await new OrcAdapter().discover({ root });
    const floor = await ioFloor(root);

    const full = await cli(['scan', root, '--json', '--no-cache'], mkdtempSync(path.join(os.tmpdir(), 'baton-bench-xdg-')));
    const cold: number[] = [];
    const warm: number[] = [];
    const oneChanged: number[] = [];
    const caches: string[] = [];
    let identical = true;
    for (let round = 0; round < 3; round++) {
      const cache = mkdtempSync(path.join(os.tmpdir(), 'baton-bench-xdg-'));
      caches.push(cache);
      const first = await cli(['scan', root, '--json'], cache);
      cold.push(first.ms);
      identical &&= first.stdout.equals(full.stdout);
      for (let again = 0; again < 3; again++) {
        const second = await cli(['scan', root, '--json'], cache);
        warm.push(second.ms);
        identical &&= second.stdout.equals(full.stdout);
      }
      // One task.yaml touched (a new mtime): the snapshot no longer holds; the record cache re-reads that one file.
      const touched = files.find((f) => f.endsWith(`TASK-0500${round}${path.sep}task.yaml`))!;
      const { atime, mtime } = statSync(touched);
      utimesSync(touched, atime, new Date(mtime.getTime() + 1000));
      oneChanged.push((await cli(['scan', root, '--json'], cache)).ms);
      utimesSync(touched, atime, mtime);
    }
    for (const cache of caches) rmSync(cache, { recursive: true, force: true });

    // The same cold run with every file read on the scan's own thread (no read-ahead worker), interleaved with one with it.
    const ownThread = { on: [] as number[], off: [] as number[] };
    for (let round = 0; round < 5; round++) {
      for (const mode of ['on', 'off'] as const) {
        const cache = mkdtempSync(path.join(os.tmpdir(), 'baton-bench-xdg-'));
        const run = await cli(['scan', root, '--json'], cache, { BATON_READ_AHEAD: mode });
        ownThread[mode].push(run.ms);
        identical &&= run.stdout.equals(full.stdout);
        rmSync(cache, { recursive: true, force: true });
      }
    }

    const help = await helpRuns(process.execPath);
    const node = await nodeStarts(process.execPath);

    const coldMs = median(cold);
    const warmMs = median(warm);
    const helpMs = median(help);
    const kb = (file: string) => statSync(path.join(REPO, 'dist', file)).size / 1024;
    const ratio = (value: number) => `${(value / floor).toFixed(2)}×`;
    const rows: BenchRow[] = [
      { label: `I/O floor, ${files.length.toLocaleString('en-US')} files (list + read every byte, in process)`, value: ms(floor) },
      { label: 'cold: whole process, no index cache', value: `${ms(coldMs)} = ${ratio(coldMs)}`, target: `≤ ${TARGETS.cold}× the floor`, ok: coldMs <= TARGETS.cold * floor },
      { label: '  cold, interleaved: read-ahead worker on / off (every file read on the scan\'s own thread)',
        value: `${ms(median(ownThread.on))} / ${ms(median(ownThread.off))} = ${ratio(median(ownThread.on))} / ${ratio(median(ownThread.off))}` },
      { label: 'second run: whole process, every file checked', value: `${ms(warmMs)} = ${ratio(warmMs)}`, target: `≤ ${TARGETS.warm}× the floor`, ok: warmMs <= TARGETS.warm * floor },
      { label: 'second run after one task.yaml changed', value: `${ms(median(oneChanged))} = ${ratio(median(oneChanged))}` },
      { label: 'report byte-identical to a full read (--no-cache), every run', value: identical ? 'yes' : 'NO', target: 'yes', ok: identical },
      { label: 'report size (compact JSON)', value: `${(full.stdout.length / 1048576).toFixed(1)} MB` },
      { label: '`baton --help`: whole process', value: `${ms(helpMs)} = ${ratio(helpMs)}`, target: `≤ ${TARGETS.help}× the floor`, ok: helpMs <= TARGETS.help * floor },
      { label: 'Node itself (`node -e 0`)', value: ms(median(node)) },
      ...await onToolchainNode(root, full.stdout, log),
      { label: 'bundle: dist/extension.js', value: `${kb('extension.js').toFixed(0)} KB`, target: `≤ ${TARGETS.extensionKb} KB`, ok: kb('extension.js') <= TARGETS.extensionKb },
      { label: 'bundle: dist/cli.js (the launcher) + dist/cli-main.js', value: `${kb('cli.js').toFixed(1)} KB + ${kb('cli-main.js').toFixed(0)} KB` },
    ];
    return rows;
  },
};
