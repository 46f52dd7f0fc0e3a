import path from 'node:path';
import type { ExecutorHost, RunOutcome } from '../core/executor/contract';
import { renderEvent } from '../core/executor/render';
import { startRun } from '../core/executor/start-run';
import { commandLine } from '../core/orc-cli/command-line';
import { parse, UsageError } from './args';
import { orcDatabaseOf } from './orc-db-cli';
import { printable } from '../core/util/printable';
import { whenReaderGone, type CliOutput } from './output';


/** Between SIGTERM and SIGKILL of Claude's process group: short, so Ctrl-C ends the run and its children within a second. */
const GRACE_MS = 800;
/** How often the run checks that whoever started it is still there (a parent that died without a signal). */
const PARENT_CHECK_MS = 250;

/**
 * Headless: no one to ask. A dirty checkout is refused; a human gate stops the run (exit 3); the repository's own
 * claude.path or a widening permission mode is used only with --allow-repo-claude.
 */
function cliHost(allowRepoClaude: boolean): ExecutorHost {
  return {
    confirmDirtyCheckout: async () => false,
    waitForHumanGate: async () => 'stop',
    allowRepositoryClaude: async () => allowRepoClaude,
  };
}

/**
 * `baton run`: the editor's executor without the editor; the readable rendering goes to stdout. Exit 0 when
 * every phase run completed, 1 when one failed, was blocked or cancelled, or the run was refused (the reason on
 * stderr), 2 for a usage error, 3 when a human gate waits for approval.
 */
export async function runCommand(argv: string[], out: CliOutput): Promise<number> {
  const { values, positionals } = parse(argv, { phase: { type: 'string' }, dir: { type: 'string' }, resume: { type: 'boolean' }, home: { type: 'string' },
    claude: { type: 'string' }, 'allow-repo-claude': { type: 'boolean' } });
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
  // The person's Claude: --claude, else BATON_CLAUDE, else `claude` on PATH (a relative path is the caller's, not the repository's).
  const claude = values.claude ?? (process.env.BATON_CLAUDE?.trim() || undefined);
  if (claude !== undefined && !claude.trim()) throw new UsageError('--claude needs a program');
  const claudePath = claude !== undefined && claude.includes(path.sep) ? path.resolve(claude) : claude;
  const handle = startRun({
    root, taskId, ...(values.phase !== undefined ? { phase: values.phase } : {}), ...(values.resume ? { resume: true } : {}),
    ...(claudePath !== undefined ? { overrides: { claudePath } } : {}),
  }, cliHost(values['allow-repo-claude'] === true), { graceMs: GRACE_MS });
  let hungUp = false;
  handle.onEvent((e) => {
    if (e.type === 'notice') out.error(`baton run: ${printable(e.text)}; allow it with --allow-repo-claude`);
    // After a hangup the terminal is gone: writing to it would fail (EIO), and the run still has state to save.
    else if (e.type !== 'run-end' && !hungUp) for (const line of renderEvent(e)) out.line(line);
  });
  // Signals, a hangup and the parent's death end Claude's process group and leave state.yaml saying where the run
  // stopped; so does the reader of the output going away (`baton run … | head`): nobody would see the run any more.
  const stopWatching = endWithSupervisor(() => handle.cancel(), () => { hungUp = true; });
  const forgetReader = whenReaderGone(() => handle.cancel());
  let outcome: RunOutcome;
  try {
    outcome = await handle.done;
  } finally {
    stopWatching();
    forgetReader();
  }
  if (hungUp) return 1;
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

/**
 * A run never outlives whoever supervises it: Ctrl-C (SIGINT), SIGTERM, a closed terminal (SIGHUP) and the death of
 * the parent process all cancel it, which ends Claude's whole process group and records the phase as interrupted
 * (state.yaml: paused). A second signal while the run winds down is ignored: the cancel already in progress ends
 * the group (SIGKILL after the grace period), where Node's default action would leave Claude running.
 */
function endWithSupervisor(cancel: () => void, onHangup: () => void): () => void {
  const onSignal = () => cancel();
  const onHup = () => { onHangup(); cancel(); };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onHup);
  // A parent killed with SIGKILL sends nothing: its child is re-parented (to init or a subreaper), ppid changes.
  const parent = process.ppid;
  const watch = setInterval(() => { if (process.ppid !== parent) { clearInterval(watch); onHup(); } }, PARENT_CHECK_MS);
  watch.unref();
  return () => {
    clearInterval(watch);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.off('SIGHUP', onHup);
  };
}
