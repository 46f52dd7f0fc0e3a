#!/usr/bin/env node
// A stand-in "VS Code executable" for @vscode/test-electron's runTests({ vscodeExecutablePath }).
// Desktop VS Code cannot be downloaded on offline machines, so this accepts the desktop-style CLI that
// runTests passes (--extensionDevelopmentPath=, --extensionTestsPath=, --user-data-dir=, --extensions-dir=,
// a folder or a .code-workspace file, and flags that do not apply to the web workbench) and runs the tests inside code-server's
// Node extension host, driven by headless Chromium. Exit status = test result (0 = all passed).
// It echoes the in-host `E2E-MOCHA-RESULT passes=N failures=M` line so the caller can count.
import path from 'node:path';
import fs from 'node:fs';
import { startCodeServer, runExtensionTests, log, TMP } from './lib.mjs';

const opts = { dev: [], tests: undefined, userDataDir: undefined, extensionsDir: undefined, folder: undefined, trust: false, ignored: [] };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i];
  const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
  const [k, v] = eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
  const val = () => v ?? argv[++i];
  switch (k) {
    case '--extensionDevelopmentPath': opts.dev.push(val()); break;
    case '--extensionTestsPath': opts.tests = val(); break;
    case '--user-data-dir': opts.userDataDir = val(); break;
    case '--extensions-dir': opts.extensionsDir = val(); break;
    // Ours, not VS Code's: workspace trust on (the rig turns it off), so the folder opens untrusted (Restricted Mode).
    case '--baton-workspace-trust': opts.trust = true; break;
    default:
      // A folder, or a multi-root workspace file (VS Code opens both the same way from its command line).
      if (!arg.startsWith('-') && fs.existsSync(arg) && (fs.statSync(arg).isDirectory() || arg.endsWith('.code-workspace'))) opts.folder = path.resolve(arg);
      else opts.ignored.push(arg); // --no-sandbox, --disable-gpu-sandbox, --skip-welcome, … mean nothing here
  }
}
if (!opts.tests) { console.error('code-e2e: --extensionTestsPath is required'); process.exit(2); }
if (opts.dev.length > 1) console.warn('code-e2e: only the first --extensionDevelopmentPath is used (the web payload keeps one)');

// With trust on, a fresh profile has trusted nothing: the folder opens untrusted, and no startup dialog asks.
const TRUST_ON = { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.banner': 'never', 'security.workspace.trust.emptyWindow': false };
const server = await startCodeServer({ userDataDir: opts.userDataDir, extensionsDir: opts.extensionsDir, settings: opts.trust ? TRUST_ON : {} });
// runTests forwards Ctrl-C as SIGINT: take the whole server process group down with us.
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, async () => { await server.stop(); process.exit(130); });

let res = { code: 2, seen: false };
try {
  res = await runExtensionTests({ port: server.port, extensionDevelopmentPath: opts.dev[0], extensionTestsPath: opts.tests,
    folder: opts.folder, timeoutSec: Number(process.env.CODE_E2E_TIMEOUT || 180),
    failureShot: path.join(TMP, 'ext-tests-timeout.png') });
} catch (e) {
  console.error('code-e2e: runner error:', e);
} finally {
  await server.stop();
  // keep the server log when something went wrong
  if (res.code === 0 && !process.env.KEEP_RUN_DIR) server.cleanup(); else log(`kept ${server.runDir}`);
}
// The in-host `E2E-MOCHA-RESULT …` line was echoed by the console forwarding above; say so if it never came.
if (!res.seen) console.log('code-e2e: the in-host test runner printed no E2E-MOCHA-RESULT line');
process.exit(res.code);
