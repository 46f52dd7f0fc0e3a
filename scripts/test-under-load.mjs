// `npm run test:load`: the test suite under CPU contention, as issue 16 asks of it — `npm test` (or the command
// after `--`) run several times in a row while busy processes take cores beside it. The extension-host and UI
// tests wait on conditions, not on fixed sleeps; this is how that claim is checked.
//
//   node scripts/test-under-load.mjs [--runs N] [--burners N] [-- command args…]
//
// Defaults: 3 runs, 2 burners (each a Node process spinning one core), command `npm test`. Each run's output goes
// to its own log under .vscode-test/load/ and its last line (`N passed, M failed`) is printed; the exit status is
// 0 only when every run exited 0. The burners end with this script, whatever happens.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const dashes = argv.indexOf('--');
const own = dashes < 0 ? argv : argv.slice(0, dashes);
const command = dashes < 0 ? ['npm', 'test'] : argv.slice(dashes + 1);
const option = (name, fallback) => {
  const at = own.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(own[at + 1]);
  if (!Number.isInteger(value) || value < 0) { console.error(`${name} needs a whole number, e.g. ${name} ${fallback}`); process.exit(2); }
  return value;
};
const runs = option('--runs', 3);
const burnerCount = option('--burners', 2);
if (command.length === 0) { console.error('nothing to run after --'); process.exit(2); }

// A burner spins until its parent (this script) is gone: it checks its parent pid, so a killed script leaves none.
const SPIN = `const p = process.ppid; for (;;) { const t = Date.now() + 200; while (Date.now() < t); try { process.kill(p, 0); } catch { process.exit(0); } }`;
const burners = Array.from({ length: burnerCount }, () => spawn(process.execPath, ['-e', SPIN], { stdio: 'ignore' }));
const stopBurners = () => { for (const b of burners) b.kill('SIGKILL'); };
process.on('exit', stopBurners);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => { stopBurners(); process.exit(130); });

const logs = path.join(root, '.vscode-test', 'load');
fs.mkdirSync(logs, { recursive: true });

function runOnce(index) {
  const log = path.join(logs, `run-${index}.log`);
  const out = fs.createWriteStream(log);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const keep = (d) => { out.write(d); tail = (tail + d).slice(-4000); };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (e) => { keep(String(e)); });
    child.on('close', (code, signal) => {
      out.end();
      const last = tail.trim().split('\n').reverse().find((l) => /\d+ passed, \d+ failed/.test(l)) ?? '(no summary line)';
      const minutes = ((Date.now() - started) / 60000).toFixed(1);
      console.log(`run ${index}/${runs}: exit ${code ?? signal} in ${minutes} min — ${last.trim()} (log: ${path.relative(root, log)})`);
      resolve(code === 0);
    });
  });
}

console.log(`${runs} run(s) of \`${command.join(' ')}\` beside ${burnerCount} busy process(es)`);
let allPassed = true;
for (let i = 1; i <= runs; i++) allPassed = (await runOnce(i)) && allPassed;
stopBurners();
console.log(allPassed ? `all ${runs} run(s) passed under load` : 'a run failed under load: see its log');
process.exit(allPassed ? 0 : 1);
