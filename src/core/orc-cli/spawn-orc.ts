import { spawn } from 'node:child_process';

export interface OrcProcessResult {
  /** null when the process was killed by a signal or never started. */
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Why it could not be started (ENOENT, EACCES …), or that it was stopped for taking too long. */
  readonly error: string | null;
  readonly timedOut: boolean;
}

/** Output kept per stream: orc's answers are short; a flood is cut, never buffered without end. */
const KEEP_BYTES = 1 << 20;

/**
 * Runs orc with an argument array — never through a shell, so no value is ever interpreted — in the workspace
 * folder (orc finds its project from the working directory), with stdin closed so no prompt can wait forever.
 */
export function spawnOrc(executable: string, args: readonly string[], cwd: string, options: { env?: NodeJS.ProcessEnv; timeoutMs?: number; signal?: AbortSignal } = {}): Promise<OrcProcessResult> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let settled = false;
    const child = spawn(executable, [...args], { cwd, env: options.env ?? process.env, shell: false, windowsHide: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => { if (stdout.length < KEEP_BYTES) stdout += chunk; });
    child.stderr.on('data', (chunk: string) => { if (stderr.length < KEEP_BYTES) stderr += chunk; });
    const stop = () => { if (!settled) child.kill('SIGTERM'); };
    const timer = options.timeoutMs ? setTimeout(() => { timedOut = true; stop(); }, options.timeoutMs) : undefined;
    options.signal?.addEventListener('abort', stop, { once: true });
    const finish = (result: Omit<OrcProcessResult, 'stdout' | 'stderr' | 'timedOut'>) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', stop);
      resolve({ ...result, stdout: stdout.slice(0, KEEP_BYTES), stderr: stderr.slice(0, KEEP_BYTES), timedOut });
    };
    child.on('error', (err: NodeJS.ErrnoException) => finish({ exitCode: null, signal: null, error: err.code ?? err.message }));
    child.on('close', (code, signal) => finish({ exitCode: code, signal, error: timedOut ? 'timed out' : null }));
  });
}
