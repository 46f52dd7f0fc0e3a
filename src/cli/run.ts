import path from 'node:path';
import type { ExecutorHost, RunOutcome } from '../core/executor/contract';
import { renderEvent } from '../core/executor/render';
import { startRun } from '../core/executor/start-run';
import { commandLine } from '../core/orc-cli/command-line';
import { parse, UsageError } from './args';
import { orcDatabaseOf } from './orc-db-cli';
import { printable } from '../core/util/printable';
import { whenReaderGone, type CliOutput } from './output';

export const runUsage = 'baton run TASK-ID [--phase NAME] [--resume] [--dir DIR] [--home HOME]';

/** Headless: no one to ask. A dirty checkout is refused; a human gate stops the run (exit 3). */
const cliHost: ExecutorHost = {
  confirmDirtyCheckout: async () => false,
  waitForHumanGate: async () => 'stop',
};

/**
 * `baton run`: the editor's executor without the editor; the readable rendering goes to stdout. Exit 0 when
 * every phase run completed, 1 when one failed, was blocked or cancelled, or the run was refused (the reason on
 * stderr), 2 for a usage error, 3 when a human gate waits for approval.
 */
export async function runCommand(argv: string[], out: CliOutput): Promise<number> {
  const { values, positionals } = parse(argv, { phase: { type: 'string' }, dir: { type: 'string' }, resume: { type: 'boolean' }, home: { type: 'string' } });
  const taskId = positionals[0];
  if (!taskId || positionals.length > 1) throw new UsageError('run needs exactly one TASK-ID');
  const root = path.resolve(values.dir ?? '.');
  const database = await orcDatabaseOf(root, values.home);
  if (database) {
    // In orc's database era orc runs its own phases (and writes its database); Baton's executor is the file era's.
    out.error(`baton run: this folder's orc keeps its tasks in its database (${printable(database.file)}), and orc runs them itself: ` +
      `run ${printable(commandLine(['run', taskId]))} in this folder`);
    return 1;
  }
  const handle = startRun({ root, taskId, ...(values.phase !== undefined ? { phase: values.phase } : {}), ...(values.resume ? { resume: true } : {}) }, cliHost);
  handle.onEvent((e) => { if (e.type !== 'run-end') for (const line of renderEvent(e)) out.line(line); });
  // Ctrl-C ends Claude's process group and leaves state.yaml saying where the run stopped; so does the reader of
  // the output going away (`baton run … | head`): nobody would see the run any more.
  const cancel = () => handle.cancel();
  process.once('SIGINT', cancel);
  process.once('SIGTERM', cancel);
  const forgetReader = whenReaderGone(cancel);
  let outcome: RunOutcome;
  try {
    outcome = await handle.done;
  } finally {
    process.off('SIGINT', cancel);
    process.off('SIGTERM', cancel);
    forgetReader();
  }
  if (outcome.status === 'refused') {
    out.error(`baton run: ${printable(outcome.message)}`);
    return 1;
  }
  for (const line of renderEvent({ type: 'run-end', outcome })) out.line(line);
  if (outcome.status === 'waiting') {
    out.error(`baton run: ${printable(outcome.message)}`);
    return 3;
  }
  return outcome.status === 'completed' ? 0 : 1;
}
