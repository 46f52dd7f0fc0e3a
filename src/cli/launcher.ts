import { writeSync } from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import { printable } from '../core/util/printable';
import { cliCacheDir } from './cache-dir';
import { COMMAND_USAGES, usageText } from './usage';

/**
 * The `baton` executable (dist/cli.js). `baton --help`, no command and a mistyped command are answered here, without
 * loading any command's code; a command loads the CLI itself (dist/cli-main.js, src/cli/main.ts), which runs it. The
 * two bundles keep `--help` at the cost of starting Node (the whole CLI is a megabyte of JavaScript to compile).
 */
const [name] = process.argv.slice(2);
if (!name || name === '--help' || name === '-h' || name === 'help') {
  printNow(`${usageText()}\n`);
  process.exitCode = name ? 0 : 2;
} else if (!Object.hasOwn(COMMAND_USAGES, name)) {
  process.stderr.write(`baton: unknown command "${printable(name)}"\n${usageText()}\n`);
  process.exitCode = 2;
} else {
  // Node 22.1 and later keep V8's compiled code of the CLI between runs (in the user's cache folder, never a shared
  // temp folder): a run then skips compiling most of it. Older Nodes have no such switch and compile as before.
  (Module as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache?.(path.join(cliCacheDir(), 'compile'));
  if (name === 'scan' || name === 'check') void fromSnapshotOrCli(name);
  else runCli();
}

/**
 * Writes straight to standard output's file descriptor: process.stdout's first use sets up a stream (on a pipe, a
 * socket and the modules behind it: about 3 ms, an eighth of Node 24's whole start), more than `--help` does besides.
 * A reader that has gone (`baton --help | head -1`) ends it quietly, as every command does (output.ts). Any other
 * failure (a pipe left non-blocking and full for the moment: EAGAIN) hands the rest to process.stdout, which waits.
 */
function printNow(text: string): void {
  const bytes = Buffer.from(text);
  let written = 0;
  try {
    while (written < bytes.length) written += writeSync(1, bytes, written);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPIPE') process.stdout.write(bytes.subarray(written));
  }
}

/**
 * A second `baton scan` or `baton check` with nothing changed is answered by a small bundle (dist/cli-fast.js,
 * src/cli/fast-answer.ts) from the saved output; anything it is not sure of — and any failure of its own — goes to the CLI.
 */
async function fromSnapshotOrCli(command: 'scan' | 'check'): Promise<void> {
  let status: number | undefined;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on demand, synchronously, by path
    const fast = require(path.join(__dirname, 'cli-fast.js')) as typeof import('./fast-answer');
    status = await fast.answerFromSnapshot(command, process.argv.slice(3));
  } catch {
    status = undefined;
  }
  if (status === undefined) runCli();
  else process.exitCode = status;
}

function runCli(): void {
  // A path computed at run time: esbuild leaves it alone, and the CLI bundle is the file beside this one.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on demand, synchronously, by path
  require(path.join(__dirname, 'cli-main.js'));
}
