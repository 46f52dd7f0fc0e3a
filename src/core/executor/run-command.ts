import { spawn } from 'node:child_process';
import { watchGroup } from './group-guard';
import { terminateGroup } from './process-group';

export interface CommandResult {
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** The last few KB of stdout and stderr together, for the transcript and the next prompt. */
  readonly outputTail: string;
  readonly error: string | null;
}

/**
 * Runs a project command (tests, lint): no shell, its own process group, ended on timeout or abort — and, like
 * Claude, watched by a watchdog that ends the group if the supervisor dies first (a test suite left running by a
 * killed extension host would keep writing to the repository).
 */
export function runCommand(argv: readonly string[], cwd: string, timeoutMs: number, graceMs: number, signal: AbortSignal): Promise<CommandResult> {
  return new Promise((resolve) => {
    const [command, ...args] = argv;
    if (!command) { resolve({ exitCode: null, signal: null, outputTail: '', error: 'empty command' }); return; }
    let tail = '';
    const keep = (chunk: Buffer) => { tail = (tail + chunk.toString('utf8')).slice(-4000); };
    const child = spawn(command, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'], shell: false, env: { ...process.env, CI: '1' } });
    const watchdog = child.pid === undefined ? undefined : watchGroup(child.pid);
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const stop = () => terminateGroup(child, graceMs);
    const timer = setTimeout(stop, timeoutMs);
    signal.addEventListener('abort', stop, { once: true });
    let done = false;
    const finish = (r: CommandResult) => {
      if (done) return;
      done = true;
      watchdog?.stop();
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
      resolve(r);
    };
    child.on('error', (err) => finish({ exitCode: null, signal: null, outputTail: tail, error: `cannot run ${command}: ${(err as NodeJS.ErrnoException).code ?? err.message}` }));
    child.on('close', (code, sig) => finish({ exitCode: code, signal: sig, outputTail: tail, error: null }));
  });
}
