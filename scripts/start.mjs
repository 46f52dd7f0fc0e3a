// `npm start`: build Baton and open it in a real VS Code on the demo workspace, nothing to install by hand.
// - With a desktop `code` on PATH: `code --extensionDevelopmentPath=<root> <root>/demo/baton-demo.code-workspace`
//   (pass --web to skip).
// - Otherwise: code-server (VS Code 1.139 in the browser, toolchain installed on first use into
//   .vscode-test/toolchain) on 127.0.0.1:$PORT (default 8080, or a free port), until Ctrl-C.
// Why not the extensionDevelopmentPath payload the tests use: the web workbench only honours it with
// `enable-smoke-test-driver`, which also hides notification toasts. Instead a per-run extensions dir holds a
// symlink baton-dev.baton-0.1.0 -> the project, which code-server scans like an installed extension; since it
// is a link, `npm run watch` + "Developer: Reload Window" picks up rebuilds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PROJECT, toolchain, startCodeServer, tempDir, isPortFree, freePort } from '../test/e2e/lib.mjs';

const pkg = JSON.parse(fs.readFileSync(path.join(PROJECT, 'package.json'), 'utf8'));
const build = spawnSync(process.execPath, [path.join(PROJECT, 'scripts/build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

// A fresh copy of the demo for every start, as the walkthrough's "Open the Demo" makes: answering a decision or
// running a phase changes the copy, never the repository's own demo/. The copy is the build's dist/demo (demo/
// without its generated databases) with the database-era project's databases made anew, dated from today. Its
// workspace file opens both projects: acme-portal (orc's YAML files and every other system) and billing-service.
const demoCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'baton-demo-'));
fs.cpSync(path.join(PROJECT, 'dist', 'demo'), demoCopy, { recursive: true });
const { writeDemoOrcDatabases, DEMO_DB_PROJECT } = createRequire(import.meta.url)(path.join(PROJECT, 'out/src/core/onboarding/demo-orc-db.js'));
await writeDemoOrcDatabases(path.join(demoCopy, DEMO_DB_PROJECT));
const demo = path.join(demoCopy, 'baton-demo.code-workspace');
const removeDemoCopy = () => fs.rmSync(demoCopy, { recursive: true, force: true });

const desktop = !process.argv.includes('--web') && !process.env.VSCODE_IPC_HOOK_CLI // a code-server/remote terminal's `code` is not a desktop
  && spawnSync('sh', ['-c', 'command -v code'], { encoding: 'utf8' }).stdout.trim();
if (desktop) {
  // `code` returns once the window is open, so this copy stays (it is in the system's temp folder).
  console.log(`opening a fresh copy of the demo (${demoCopy}) in ${desktop} with Baton under development`);
  const r = spawnSync(desktop, [`--extensionDevelopmentPath=${PROJECT}`, demo], { stdio: 'inherit' });
  process.exit(r.status ?? 0);
}

toolchain(); // Node 24 + code-server, installed on first use
const runDir = tempDir('start-');
const extensionsDir = path.join(runDir, 'extensions');
fs.mkdirSync(extensionsDir, { recursive: true });
fs.symlinkSync(PROJECT, path.join(extensionsDir, `${pkg.publisher}.${pkg.name}-${pkg.version}`));

const wanted = Number(process.env.PORT || 8080);
const port = (await isPortFree(wanted)) ? wanted : await freePort();
if (port !== wanted) console.log(`port ${wanted} is busy, using ${port}`);
// Workspace trust is off (quiet settings) so the demo opens without a trust prompt; set BATON_TRUST=1 to see
// Baton's restricted mode instead.
const server = await startCodeServer({ runDir, port, extensionsDir, folder: demo, smokeTestDriver: false,
  settings: process.env.BATON_TRUST === '1' ? { 'security.workspace.trust.enabled': true } : {}, report: (line) => console.log(line) });

let stopping = false;
const stop = async (code = 0) => {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping code-server…');
  await server.stop(); // SIGTERM/SIGKILL its whole process group
  server.cleanup();
  removeDemoCopy();
  process.exit(code);
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
server.exited.then((c) => { if (!stopping) { console.error(`code-server exited (${c}); log: ${server.logFile}`); stop(1); } });

console.log(`
  Baton is running in VS Code (code-server) — open this in your browser:

    http://localhost:${port}/?workspace=${encodeURI(demo)}

  The demo is a fresh copy (${demoCopy}), removed when you stop: change it freely.
  Click the Baton icon in the activity bar. Edit src/, run \`npm run watch\` in another terminal and use
  "Developer: Reload Window" to pick up changes. Server log: ${path.relative(PROJECT, server.logFile)}
  Press Ctrl-C to stop.
`);
// keep the event loop alive until a signal arrives
setInterval(() => {}, 1 << 30);
