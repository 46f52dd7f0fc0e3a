import { spawn } from 'node:child_process';
import { LineSplitter, parseStreamLine, type StreamMessage, type Usage } from './stream-json';
import { signalGroup, terminateGroup } from './process-group';
import { watchGroup } from './group-guard';

export interface ClaudeInvocation {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly prompt: string;
  readonly env?: NodeJS.ProcessEnv;
  /** The process group is ended (SIGTERM, then SIGKILL after graceMs) when this passes. */
  readonly timeoutMs: number;
  readonly graceMs: number;
  readonly signal: AbortSignal;
  readonly onMessage: (message: StreamMessage) => void;
  readonly onStderr: (text: string) => void;
}

export type ResultLine = Extract<StreamMessage, { type: 'result' }>;

/** How one Claude process ended. A `result` line is kept even when the exit status is not 0. */
export interface ClaudeExit {
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly result: ResultLine | null;
  /** Every assistant text block, in order (the transcript's response). */
  readonly text: string;
  readonly usage: Usage | null;
  /** The model the CLI reported in its init line. */
  readonly model: string | null;
  readonly timedOut: boolean;
  readonly cancelled: boolean;
  /** The process could not be started (ENOENT, EACCES, …). */
  readonly spawnError: string | null;
  /** A last line cut off without its newline (the process crashed while writing it). */
  readonly partialLine: string | null;
  readonly stderrTail: string;
}

/**
 * Runs one `claude -p` process: no shell (an argument array), its own process group, the prompt on stdin,
 * stream-json parsed line by line as it arrives. Resolves when the process has exited and its output is read.
 */
export function runClaude(inv: ClaudeInvocation): Promise<ClaudeExit> {
  return new Promise((resolve) => {
    const splitter = new LineSplitter();
    const texts: string[] = [];
    let result: ResultLine | null = null;
    let model: string | null = null;
    let stderrTail = '';
    let timedOut = false;
    let cancelled = false;
    let settled = false;
    let exitInfo: { code: number | null; signal: string | null } | null = null;

    let child;
    try {
      child = spawn(inv.command, [...inv.args], { cwd: inv.cwd, env: inv.env ?? process.env, detached: true, stdio: ['pipe', 'pipe', 'pipe'], shell: false });
    } catch (err) {
      resolve(failedToStart(String((err as Error).message)));
      return;
    }

    // Claude's group ends with this process even when it dies without a word (see group-guard.ts).
    const watchdog = child.pid === undefined ? undefined : watchGroup(child.pid);

    const handle = (line: string) => {
      const message = parseStreamLine(line);
      if (!message) return;
      if (message.type === 'assistant') for (const b of message.blocks) if (b.kind === 'text') texts.push(b.text);
      if (message.type === 'result') result = message;
      if (message.type === 'init' && message.model) model = message.model;
      inv.onMessage(message);
    };
    child.stdout.on('data', (chunk: Buffer) => { for (const line of splitter.push(chunk)) handle(line); });
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      stderrTail = (stderrTail + text).slice(-4000);
      inv.onStderr(text);
    });
    // A process that exits before reading its stdin makes the write fail with EPIPE: its exit tells the story.
    child.stdin.on('error', () => undefined);
    child.stdin.end(inv.prompt);

    const stop = (why: 'timeout' | 'cancel') => {
      if (exitInfo) return;
      if (why === 'timeout') timedOut = true; else cancelled = true;
      terminateGroup(child, inv.graceMs);
    };
    const timer = setTimeout(() => stop('timeout'), Math.max(1, inv.timeoutMs));
    const onAbort = () => stop('cancel');
    if (inv.signal.aborted) onAbort(); else inv.signal.addEventListener('abort', onAbort, { once: true });

    const finish = (spawnError: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      inv.signal.removeEventListener('abort', onAbort);
      const rest = splitter.flush();
      let partialLine: string | null = null;
      if (rest !== null) {
        // A complete JSON object without its final newline still counts; anything else was cut off.
        const message = parseStreamLine(rest);
        if (message && message.type !== 'invalid') handle(rest); else partialLine = rest;
      }
      const r = result as ResultLine | null;
      resolve({
        exitCode: exitInfo?.code ?? null, signal: exitInfo?.signal ?? null, result: r, text: texts.join('\n\n'),
        usage: r?.usage ?? null, model, timedOut, cancelled, spawnError, partialLine, stderrTail,
      });
    };
    child.on('error', (err) => {
      if (child.pid === undefined) finish(`cannot start ${inv.command}: ${(err as NodeJS.ErrnoException).code ?? err.message}`);
    });
    child.on('exit', (code, signal) => {
      exitInfo = { code, signal };
      watchdog?.stop();
      // Whatever the leader left behind (tool subprocesses) goes with it.
      if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
      // stdout may still hold buffered lines: wait for it to close, but not for ever (a grandchild may keep it open).
      const cap = setTimeout(() => finish(null), 2000);
      cap.unref();
      child.once('close', () => { clearTimeout(cap); finish(null); });
    });
  });
}

function failedToStart(message: string): ClaudeExit {
  return { exitCode: null, signal: null, result: null, text: '', usage: null, model: null, timedOut: false, cancelled: false,
    spawnError: message, partialLine: null, stderrTail: '' };
}
