// Runs the in-extension-host tests (out/test/extension/**/*.test.js) in a real VS Code with the unmodified
// @vscode/test-electron runTests(). Desktop VS Code cannot be downloaded offline, so vscodeExecutablePath is
// test/e2e/code-e2e.mjs, which runs the same tests in code-server's extension host (see test/e2e/lib.mjs).
// Prints `ext-host: N passed, M failed` and exits with the result. Run `node scripts/build.mjs` first.
import { runTests } from '@vscode/test-electron';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT, tempDir, toolchain } from './e2e/lib.mjs';
import { buildMultiRootWorkspace } from './e2e/multiroot-workspace.mjs';

const started = Date.now();
const testsEntry = path.join(PROJECT, 'out/test/extension/index.js');
if (!fs.existsSync(testsEntry)) { console.error(`${testsEntry} is missing: run node scripts/build.mjs first`); process.exit(2); }
toolchain(); // install Node 24 + code-server on first use, before runTests starts its clock

// Tests may write to the workspace: give them a throwaway copy of the fixture.
const run = tempDir('ext-tests-');
const workspace = path.join(run, 'workspace');
fs.cpSync(path.join(PROJECT, 'test/fixtures/workspace'), workspace, { recursive: true });

// Tee what the editor prints so we can count the in-host mocha result while still streaming it. runTests copies
// the editor's stdout to process.stdout (@vscode/test-electron 2.x takes no stream of ours), so the tee sits there.
let seen = '';
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => { seen += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'); return write(chunk, ...rest); };

/** One runTests session; resolves to its exit code and the in-host mocha counts (none seen: one failure). */
async function session(name, entry, folder, extraArgs = []) {
  const from = seen.length;
  let exit;
  try {
    exit = await runTests({
      vscodeExecutablePath: path.join(PROJECT, 'test/e2e/code-e2e.mjs'),
      extensionDevelopmentPath: PROJECT,
      extensionTestsPath: entry,
      // fresh profile per run (runTests would otherwise reuse .vscode-test/user-data and extensions)
      launchArgs: [folder, `--user-data-dir=${path.join(run, `user-data-${name}`)}`, `--extensions-dir=${path.join(run, `extensions-${name}`)}`, ...extraArgs],
    });
  } catch (e) {
    exit = e?.code ?? 1; // TestRunFailedError: non-zero exit of code-e2e
  }
  const m = [...seen.slice(from).matchAll(/E2E-MOCHA-RESULT passes=(\d+) failures=(\d+)/g)].pop();
  // No result line means the run never reached mocha (extension host crash, timeout): count it as one failure.
  return { exit, passes: m ? +m[1] : 0, failures: m ? +m[2] : 1 };
}

const trusted = await session('trusted', testsEntry, workspace);
// The rig runs trusted; test/extension-untrusted/ runs once more in a window where workspace trust is on and the
// folder (a second copy of the fixture) is not trusted: what Baton refuses there, and that it starts nothing.
const untrustedWorkspace = path.join(run, 'untrusted-workspace');
fs.cpSync(path.join(PROJECT, 'test/fixtures/workspace'), untrustedWorkspace, { recursive: true });
const untrusted = await session('untrusted', path.join(PROJECT, 'out/test/extension-untrusted/index.js'), untrustedWorkspace, ['--baton-workspace-trust']);
// test/extension-empty/ runs in a third window on an empty, trusted folder: what a new user sees and creates there.
const emptyWorkspace = path.join(run, 'empty-workspace');
fs.mkdirSync(emptyWorkspace);
const empty = await session('empty', path.join(PROJECT, 'out/test/extension-empty/index.js'), emptyWorkspace);
// test/extension-multiroot/ runs in a fourth window on a multi-root workspace: two folders built from the fixtures,
// opened through a .code-workspace file (see test/e2e/multiroot-workspace.mjs).
const multiRootDir = path.join(run, 'multiroot');
fs.mkdirSync(multiRootDir);
const multiRoot = await session('multiroot', path.join(PROJECT, 'out/test/extension-multiroot/index.js'), buildMultiRootWorkspace(multiRootDir));
const windows = [trusted, untrusted, empty, multiRoot];
const passes = windows.reduce((n, w) => n + w.passes, 0);
const failures = windows.reduce((n, w) => n + w.failures, 0);
let code = windows.find((w) => w.exit)?.exit ?? 0;
if (code !== 0 && failures === 0) code = code || 1;
if (code === 0 && failures > 0) code = 1;
// BATON_KEEP_RUN=1 keeps the run's folders (the Baton log of each window is under its user-data/logs).
if (code === 0 && !process.env.BATON_KEEP_RUN) fs.rmSync(run, { recursive: true, force: true });
console.log(`ext-host tests took ${((Date.now() - started) / 1000).toFixed(1)}s`);
console.log(`ext-host: ${passes} passed, ${failures || (code ? 1 : 0)} failed`);
process.exit(code ? 1 : 0);
