import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { IDisposable } from '../util/disposable';
import { safeGitArgs, safeGitEnv } from './git-command';

/** One object as `git cat-file --batch` gives it. */
export type GitObject =
  | { readonly oid: string; readonly type: string; readonly size: number; readonly bytes: Buffer }
  /** Larger than the reader's limit: its bytes were skipped, never held. */
  | { readonly oid: string; readonly type: string; readonly size: number; readonly bytes?: undefined; readonly tooLarge: true }
  | { readonly oid: string; readonly missing: true };

const OID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

interface Pending {
  readonly oid: string;
  readonly resolve: (o: GitObject) => void;
  readonly reject: (e: Error) => void;
}

/**
 * One long-lived `git cat-file --batch` for a repository: every object is asked for by its id (never by a name
 * from a file or from git's output), answers come back in order over one pipe. The process is plain: no
 * `--textconv`, no `--filters`, so no driver the repository configures ever runs. Objects above `maxBytes` are
 * skipped as they stream by and reported as too large. The process does not keep Node alive while idle.
 */
export class CatFile implements IDisposable {
  private child: ChildProcessWithoutNullStreams | undefined;
  private readonly queue: Pending[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  /** The object being received: its header, and what is left of its bytes (+1 for the trailing newline). */
  private current: { oid: string; type: string; size: number; left: number; chunks: Buffer[] | undefined } | undefined;
  private failed: Error | undefined;
  /** Objects asked for since this process started (tests and the bench read it). */
  requested = 0;

  constructor(private readonly cwd: string, private readonly maxBytes: number) {}

  read(oid: string): Promise<GitObject> {
    if (!OID.test(oid)) return Promise.reject(new Error(`not an object id: ${JSON.stringify(oid).slice(0, 80)}`));
    if (this.failed) return Promise.reject(this.failed);
    const child = this.process();
    this.requested++;
    return new Promise((resolve, reject) => {
      this.queue.push({ oid, resolve, reject });
      this.setKeepAlive(true);
      child.stdin.write(`${oid}\n`);
    });
  }

  dispose(): void {
    const child = this.child;
    this.child = undefined;
    this.fail(new Error('the git object reader was closed'));
    if (child) { child.stdin.end(); child.kill(); }
  }

  private process(): ChildProcessWithoutNullStreams {
    if (this.child) return this.child;
    const child = spawn('git', safeGitArgs(['cat-file', '--batch']), { cwd: this.cwd, env: safeGitEnv(), stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    this.child = child;
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => { if (stderr.length < 4096) stderr += d.toString('utf8'); });
    child.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
    child.stdin.on('error', () => undefined); // the exit handler says why
    child.on('error', (err) => this.processGone(child, err));
    child.on('close', (code) => this.processGone(child, new Error(`git cat-file ended (${code ?? 'signal'}): ${stderr.trim().split('\n')[0] ?? ''}`)));
    this.setKeepAlive(false);
    return child;
  }

  private processGone(child: ChildProcessWithoutNullStreams, err: Error): void {
    if (this.child !== child) return;
    this.child = undefined;
    // A later read starts a new process; what was waiting fails with the reason.
    for (const p of this.queue.splice(0)) p.reject(err);
    this.current = undefined;
    this.buffer = Buffer.alloc(0);
  }

  private fail(err: Error): void {
    for (const p of this.queue.splice(0)) p.reject(err);
  }

  /** Idle: the pipes and process are unref'd, so a CLI that is done exits without closing the reader. */
  private setKeepAlive(on: boolean): void {
    const child = this.child;
    if (!child) return;
    for (const handle of [child, child.stdin, child.stdout, child.stderr] as unknown as { ref?: () => void; unref?: () => void }[]) {
      if (on) handle.ref?.(); else handle.unref?.();
    }
  }

  private receive(chunk: Buffer): void {
    let data = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    this.buffer = Buffer.alloc(0);
    while (data.length) {
      if (this.current) {
        const take = Math.min(this.current.left, data.length);
        if (this.current.chunks) this.current.chunks.push(data.subarray(0, take));
        this.current.left -= take;
        data = data.subarray(take);
        if (this.current.left === 0) this.finishObject();
        continue;
      }
      const eol = data.indexOf(0x0a);
      if (eol < 0) { this.buffer = Buffer.from(data); return; }
      const header = data.subarray(0, eol).toString('utf8');
      data = data.subarray(eol + 1);
      const pending = this.queue[0];
      const parts = header.split(' ');
      if (parts.length === 2 && parts[1] === 'missing') {
        this.queue.shift();
        pending?.resolve({ oid: parts[0]!, missing: true });
      } else if (parts.length === 3 && OID.test(parts[0]!) && /^\d+$/.test(parts[2]!)) {
        const size = Number(parts[2]);
        this.current = { oid: parts[0]!, type: parts[1]!, size, left: size + 1, chunks: size <= this.maxBytes ? [] : undefined };
        if (this.current.left === 0) this.finishObject();
      } else {
        this.queue.shift();
        pending?.reject(new Error(`git cat-file said: ${header.slice(0, 200)}`));
      }
      if (!this.queue.length && !this.current) this.setKeepAlive(false);
    }
  }

  private finishObject(): void {
    const { oid, type, size, chunks } = this.current!;
    this.current = undefined;
    const pending = this.queue.shift();
    if (chunks) {
      const all = Buffer.concat(chunks);
      pending?.resolve({ oid, type, size, bytes: all.subarray(0, size) });
    } else {
      pending?.resolve({ oid, type, size, tooLarge: true });
    }
    if (!this.queue.length) this.setKeepAlive(false);
  }
}
