// `npm test`: every check, in order, streaming each stage's output, ending with exactly one line
// `N passed, M failed` (the sum of all test counts; a failing build/typecheck/lint counts as 1 failed).
// Later stages still run after a failure where their result still means something: typecheck and lint run
// even if the bundle fails, but the test stages need the build output and are skipped without it.
// Works on a fresh clone with CI=true: the toolchain stage installs the editor toolchain
// (scripts/setup-toolchain.sh) on first use, before the unit tests (some use tmux).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
// Local binaries run through this Node rather than `npx`, which could try the network for a missing package.
const bin = (name, script) => [process.execPath, path.join(root, 'node_modules', name, script)];
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

const stages = [
  { name: 'build', cmd: [process.execPath, 'scripts/build.mjs'], kind: 'check', needed: true },
  { name: 'typecheck', cmd: [...bin('typescript', 'bin/tsc'), '--noEmit', '-p', '.'], kind: 'check' },
  { name: 'lint', cmd: [...bin('eslint', 'bin/eslint.js'), '.'], kind: 'check' },
  // The editor toolchain (scripts/setup-toolchain.sh: Node 24, code-server, and apt's chromium and tmux) before the
  // unit tests, so a fresh machine runs the tmux tests there too instead of skipping them; instant once installed.
  { name: 'toolchain', cmd: ['bash', 'scripts/setup-toolchain.sh'], kind: 'check' },
  // mocha prints "N passing" / "M failing" (spec reporter, see .mocharc.json)
  { name: 'unit', cmd: [...bin('mocha', 'bin/mocha.js')], kind: 'tests',
    count: (out) => [num(out, /(\d+) passing/), num(out, /(\d+) failing/)] },
  { name: 'extension host', cmd: [process.execPath, 'test/run-extension-tests.mjs'], kind: 'tests',
    count: (out) => summary(out, /ext-host: (\d+) passed, (\d+) failed/) },
  { name: 'ui', cmd: [process.execPath, 'test/e2e/ui.test.mjs'], kind: 'tests',
    count: (out) => summary(out, /ui: (\d+) passed, (\d+) failed/) },
  // Last, because its production build rewrites dist/ (minified, no source maps) under the stages above.
  { name: 'package', cmd: [process.execPath, 'scripts/package.mjs'], kind: 'check' },
  // The same UI scenarios against the .vsix installed into a fresh profile: what users get, not the dev tree.
  { name: 'ui (installed .vsix)', cmd: [process.execPath, 'test/e2e/ui.test.mjs', '--vsix', `baton-${version}.vsix`],
    kind: 'tests', after: 'package', count: (out) => summary(out, /ui \(vsix\): (\d+) passed, (\d+) failed/) },
];

function num(out, re) { const m = out.match(re); return m ? Number(m[1]) : 0; }

/**
 * What failed in a test stage, a line each, for the summary: CI keeps only the tail of a long log, and a count alone
 * does not say which test to look at. Mocha's list after "N failing" (a test's suite line, its title line, its
 * error's first line) and the UI runner's `FAIL name: message` lines; at most 12 lines of 240 characters.
 */
function failures(out) {
  const lines = [];
  const failing = out.search(/^\s*\d+ failing\s*$/m);
  if (failing >= 0) {
    // mocha: "  1) suite", "       title:", "     Error: message" — the numbered line, the next one, the error line
    const list = out.slice(failing).split('\n');
    for (let i = 0; i < list.length && lines.length < 12; i++) {
      if (!/^\s+\d+\) /.test(list[i])) continue;
      const title = [list[i].trim(), (list[i + 1] ?? '').trim()].join(' ');
      const error = list.slice(i + 2, i + 8).map((l) => l.trim()).find((l) => /^\w*(Error|assert)/i.test(l) || /^[A-Z]\w+:/.test(l));
      lines.push(`${title}${error ? ` — ${error}` : ''}`);
    }
  }
  // the UI runner's own lines ("[e2e 138.7s] FAIL name: message"), not a test title that says FAIL
  for (const m of out.matchAll(/^\[e2e [\d.]+s\] FAIL (.+)$/gm)) if (lines.length < 12) lines.push(m[1].trim());
  return lines.map((l) => `      ${l.length > 240 ? `${l.slice(0, 239)}…` : l}`);
}
function summary(out, re) { const m = [...out.matchAll(new RegExp(re, 'g'))].pop(); return m ? [+m[1], +m[2]] : [0, 0]; }

/** Run a command with inherited stdin, teeing stdout/stderr to ours and to a string for counting. */
function run(cmd) {
  return new Promise((resolve) => {
    const child = spawn(cmd[0], cmd.slice(1), { cwd: root, stdio: ['inherit', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; process.stdout.write(d); });
    child.stderr.on('data', (d) => { out += d; process.stderr.write(d); });
    child.on('error', (e) => { out += String(e); resolve({ code: 127, out }); });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), out }));
  });
}

let passed = 0, failed = 0, buildOk = true;
const report = [];
const ok = new Set(); // names of the stages that exited 0
for (const s of stages) {
  if (s.kind === 'tests' && !buildOk) { report.push(`  ${s.name}: skipped (build failed)`); continue; }
  // its input never came (the failed stage already counts as one failure)
  if (s.after && !ok.has(s.after)) { report.push(`  ${s.name}: skipped (${s.after} failed)`); continue; }
  console.log(`\n=== ${s.name}: ${s.cmd.map((c) => (c === process.execPath ? 'node' : path.relative(root, c) || c)).join(' ')}`);
  const t = Date.now();
  const { code, out } = await run(s.cmd);
  const secs = ((Date.now() - t) / 1000).toFixed(1);
  // a check counts as one failure; a test stage that exits non-zero without counting a failure (a crash, no
  // tests found) counts as one too, so a broken stage never looks green
  let [p, f] = s.kind === 'check' ? [0, 0] : s.count(stripVTControlCharacters(out));
  if (code !== 0 && f === 0) f = 1;
  if (s.needed && code !== 0) buildOk = false;
  if (code === 0) ok.add(s.name);
  passed += p; failed += f;
  report.push(`  ${s.name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`}${s.kind === 'tests' ? `, ${p} passed, ${f} failed` : ''} in ${secs}s`);
  if (s.kind === 'tests' && f > 0) report.push(...failures(stripVTControlCharacters(out)));
}
console.log(`\n=== summary\n${report.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
