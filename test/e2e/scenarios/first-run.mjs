// UI-stage check of the README's first command (issue 17, part 9): `npm start` (scripts/start.mjs, as `--web`, so
// a desktop `code` on PATH is not used) opens a fresh copy of the demo — outside the repository, with the
// database-era project's database made in it — prints a plain banner (no test-log prefixes), serves the editor,
// and removes the copy when stopped. It needs no page: it starts its own code-server beside the test's.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT, freePort, toolchain, waitFor } from '../lib.mjs';

export const scenarios = [
  async function npmStartOpensAFreshCopyOfTheDemo() {
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(PROJECT, 'scripts/start.mjs'), '--web'], {
      cwd: PROJECT, stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PORT: String(port), BATON_TOOLCHAIN: toolchain().prefix, BATON_TRUST: '' },
    });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      await waitFor(async () => out.includes('Press Ctrl-C to stop'), 'the npm start banner', 120000);
      const banner = out.split('\n');
      const prefixed = banner.filter((l) => /^\[(e2e|page)\b/.test(l));
      if (prefixed.length) throw new Error(`npm start printed test-log lines: ${prefixed.join(' | ')}`);
      const workspace = decodeURI(/\?workspace=(\S+)/.exec(out)?.[1] ?? '');
      if (!workspace.endsWith('baton-demo.code-workspace')) throw new Error(`no demo workspace URL in the banner:\n${out}`);
      const copy = path.dirname(workspace);
      if (!path.relative(PROJECT, copy).startsWith('..')) throw new Error(`the demo opened inside the repository: ${copy}`);
      if (!fs.existsSync(path.join(copy, 'billing-service', '.orc', 'orc.db'))) throw new Error(`the copy has no billing-service database: ${copy}`);
      if (!fs.existsSync(path.join(copy, 'orc.yaml'))) throw new Error(`the copy has no acme-portal orc.yaml: ${copy}`);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (!health.ok) throw new Error(`code-server of npm start did not answer: ${health.status}`);
      child.kill('SIGINT');
      await Promise.race([exited, new Promise((_, reject) => setTimeout(() => reject(new Error('npm start did not stop on Ctrl-C')), 20000))]);
      if (fs.existsSync(copy)) throw new Error(`the demo copy was left behind: ${copy}`);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  },
];
