import * as assert from 'node:assert';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO, TempWorkspace } from '../helpers/temp-workspace';

const CLI = path.join(REPO, 'dist', 'cli.js');
const TASKS = 3000;

/**
 * `baton … | head -1`: the reader takes the first chunk and closes its end of the pipe. Resolves with the exit
 * status and whatever reached stderr.
 */
function readFirstChunkThenClose(args: string[]): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; first: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let first = '';
    child.stderr.setEncoding('utf8').on('data', (s: string) => { stderr += s; });
    child.stdout.once('data', (chunk: Buffer) => { first = chunk.toString('utf8'); child.stdout.destroy(); });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr, first }));
  });
}

describe('a reader that goes away (`baton check | head`)', function () {
  this.timeout(120_000);
  let ws: TempWorkspace;
  before(function () {
    if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first');
    // Far more output than a pipe holds (64 KiB): every task waits on one that does not exist, a diagnostic each.
    const files: Record<string, string> = {};
    for (let n = 1; n <= TASKS; n++) {
      const id = `TASK-${String(n).padStart(4, '0')}`;
      files[`.orc/tasks/${id}/task.yaml`] = `id: ${id}\ntitle: Task number ${n} with a title long enough to fill the rows\nstatus: planned\nblocked_by: [TASK-9${String(n).padStart(4, '0')}]\n`;
    }
    ws = new TempWorkspace(files);
  });
  after(() => ws?.dispose());

  for (const [name, args] of [['check', ['check']], ['scan (text)', ['scan']]] as const) {
    it(`${name} ends quietly with status 0, nothing on stderr`, async () => {
      const r = await readFirstChunkThenClose([...args, ws.root, '--no-cache']);
      assert.ok(r.first.length > 0, 'the reader got the first lines');
      assert.strictEqual(r.stderr, '', 'no EPIPE stack trace');
      assert.deepStrictEqual([r.code, r.signal], [0, null]);
    });
  }
});
