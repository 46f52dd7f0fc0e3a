import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { PhaseRowInput, TaskRow } from '../../unit/helpers/orc-db';

/** orc-db-writer.js beside this file (both transpiled to out/test/extension-multiroot/helpers/). */
const WRITER = path.join(__dirname, 'orc-db-writer.js');

interface WriterAnswer { ok: boolean; committedAt?: number; error?: string; task?: { queue: string; priority: string } | null }

/**
 * A writer process holding orc's database open, as orc does while it runs: better-sqlite3 in a child (the Node on
 * PATH, which it is built for), WAL mode, so what it commits sits in orc.db-wal until it closes. Each call sends
 * one command and resolves to the writer's answer.
 */
export class OrcDbWriter {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly answers: ((line: string) => void)[] = [];
  private stderr = '';

  constructor() {
    this.child = spawn('node', [WRITER], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.on('data', (chunk: Buffer) => { this.stderr += chunk.toString(); });
    createInterface({ input: this.child.stdout }).on('line', (line) => this.answers.shift()?.(line));
  }

  private send(command: Record<string, unknown>): Promise<WriterAnswer> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the writer did not answer ${JSON.stringify(command)} (stderr: ${this.stderr})`)), 15000);
      this.answers.push((line) => {
        clearTimeout(timer);
        const answer = JSON.parse(line) as WriterAnswer;
        if (answer.ok) resolve(answer); else reject(new Error(`the writer failed: ${answer.error}`));
      });
      this.child.stdin.write(JSON.stringify(command) + '\n');
    });
  }

  /** A new database by Baton's schema script, with the demo's rows when `demo`. */
  create(file: string, demo = true): Promise<unknown> {
    return this.send({ op: 'create', file, demo });
  }

  /** Commits one task (and its phases); resolves to when the commit returned (ms since the epoch). */
  async insertTask(row: TaskRow, phases: PhaseRowInput[] = []): Promise<number> {
    return (await this.send({ op: 'insertTask', row, phases })).committedAt!;
  }

  /** A task's queue and priority as the database holds them now (read through the writer's own connection). */
  async task(id: string): Promise<{ queue: string; priority: string } | null> {
    return (await this.send({ op: 'task', id })).task ?? null;
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    await this.send({ op: 'close' }).catch(() => undefined);
    this.child.stdin.end();
    await new Promise((resolve) => { if (this.child.exitCode !== null) resolve(undefined); else this.child.once('exit', resolve); });
  }
}
