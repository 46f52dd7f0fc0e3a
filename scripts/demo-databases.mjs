// The demo's database-era orc project (demo/billing-service) has no committed database: its `.orc/orc.db` and the
// global `home/.orc/orc.db` are built here by Baton's own schema script and demo rows
// (src/core/onboarding/demo-orc-db.ts, transpiled to out/ by the build), dated from today. They are git-ignored and
// left out of dist/demo: "Open the Demo" builds fresh ones in its copy. `npm start` and the desktop `code` open the
// demo after a build, so they always have them.
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const project = path.join(root, 'demo', 'billing-service');

/** Whether a path under demo/ is one of the generated databases (or their WAL and shared-memory files). */
export function isGeneratedDemoFile(file) {
  const relative = path.relative(project, file).split(path.sep).join('/');
  return /^\.orc\/orc\.db(-wal|-shm)?$/.test(relative) || relative === 'home' || relative.startsWith('home/');
}

/** Writes demo/billing-service's databases; resolves to the files written. */
export async function generateDemoDatabases(now = Date.now()) {
  const { writeDemoOrcDatabases } = require(path.join(root, 'out/src/core/onboarding/demo-orc-db.js'));
  return writeDemoOrcDatabases(project, now);
}
