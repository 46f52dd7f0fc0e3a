// Installs a packaged Baton (.vsix) into a fresh code-server profile the way a user would install it:
// code-server's own `--install-extension`, into the given extensions and user-data folders. The UI test's
// --vsix mode then opens the workbench on those folders with no extensionDevelopmentPath, so what runs is the
// installed package (dist/, media/, schemas/ as packaged), not this source tree.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { toolchain, log } from './lib.mjs';

/**
 * Returns the folder the extension was installed into (extensionsDir/<publisher>.<name>-<version>), after checking
 * that it holds the package's manifest and bundles. Throws with code-server's output when anything is off.
 */
export function installVsix({ vsix, extensionsDir, userDataDir, runDir }) {
  const tc = toolchain();
  const abs = path.resolve(vsix);
  if (!fs.existsSync(abs)) throw new Error(`${vsix} does not exist (npm run package makes it)`);
  fs.mkdirSync(extensionsDir, { recursive: true });
  fs.mkdirSync(userDataDir, { recursive: true });
  fs.mkdirSync(path.join(runDir, 'tmp'), { recursive: true });
  const t = Date.now();
  const r = spawnSync(tc.node, [tc.codeServer, '--extensions-dir', extensionsDir, '--user-data-dir', userDataDir,
    '--install-extension', abs], {
    encoding: 'utf8', timeout: 120000, stdio: ['ignore', 'pipe', 'pipe'],
    // as startCodeServer does: code-server's config and VS Code's sockets stay inside the run folder
    env: { ...process.env, XDG_CONFIG_HOME: path.join(runDir, 'xdg-config'), XDG_DATA_HOME: path.join(runDir, 'xdg-data'),
      TMPDIR: path.join(runDir, 'tmp') },
  });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
  if (r.error || r.status !== 0) throw new Error(`code-server --install-extension ${abs} failed (${r.error?.message ?? `exit ${r.status}`}):\n${output}`);
  // The manifest inside the .vsix decides the folder name; read it back from what was installed.
  const folders = fs.readdirSync(extensionsDir).filter((d) => /^baton-dev\.baton-/.test(d));
  if (folders.length !== 1) throw new Error(`expected one baton-dev.baton-* folder in ${extensionsDir}, found [${folders.join(', ')}]:\n${output}`);
  const installed = path.join(extensionsDir, folders[0]);
  for (const f of ['package.json', 'dist/extension.js', 'dist/webview/toolkit.min.js', 'media/baton.svg']) {
    if (!fs.existsSync(path.join(installed, f))) throw new Error(`the installed extension lacks ${f} (${installed})`);
  }
  log(`installed ${path.basename(abs)} into ${installed} in ${((Date.now() - t) / 1000).toFixed(1)}s`);
  return installed;
}
