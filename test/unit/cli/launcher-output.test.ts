import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO } from '../helpers/temp-workspace';

const CLI = path.join(REPO, 'dist', 'cli.js');

/**
 * The launcher prints `--help` straight to file descriptor 1 (src/cli/launcher.ts, printNow), not through
 * process.stdout. (A full non-blocking pipe, the other way such a write fails, cannot be made here: Node and libuv
 * give a child blocking stdio; printNow hands that case to process.stdout.)
 */
describe('the launcher\'s own output (`baton --help`)', function () {
  this.timeout(60_000);
  before(function () {
    if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first');
  });

  it('ends quietly, status 0, when the reader has already gone (`baton --help | true`)', () => {
    // `true` exits at once; the CLI starts writing a moment later, into a pipe nobody reads: EPIPE.
    const r = spawnSync('bash', ['-c', `set -o pipefail; (sleep 0.3; exec "${process.execPath}" "${CLI}" --help) | true`], { encoding: 'utf8' });
    assert.strictEqual(r.stderr, '', 'no EPIPE stack trace');
    assert.strictEqual(r.status, 0);
  });
});
