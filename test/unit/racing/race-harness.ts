import * as assert from 'node:assert';
import { fork, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { settleLateAppends } from '../../../src/core/io/late-appends';

export type Syntax = 'yaml' | 'json' | 'markdown';
export interface Target { readonly file: string; readonly syntax: Syntax }

export interface WriterReport {
  readonly markers: Record<string, number>;
  readonly appends: Record<string, number[]>;
  readonly ops: number;
}

/** The external writer process (external-writer.ts), started on the given files. */
export class ExternalWriter {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<string, () => void>();
  private report: Promise<WriterReport>;

  private constructor(targets: readonly Target[], seed: number) {
    this.child = fork(path.join(__dirname, 'external-writer.js'), [JSON.stringify({ files: targets, seed })], { stdio: 'inherit' });
    this.report = new Promise((resolve, reject) => {
      this.child.on('message', (m: { done?: WriterReport; crpReady?: string; ready?: boolean }) => {
        if (m.done) resolve(m.done);
        if (m.crpReady) this.waiting.get(m.crpReady)?.();
        if (m.ready) this.waiting.get('ready')?.();
      });
      this.child.on('exit', (code) => reject(new Error(`the external writer exited (${code}) before reporting`)));
    });
  }

  static async start(targets: readonly Target[], seed: number): Promise<ExternalWriter> {
    const writer = new ExternalWriter(targets, seed);
    await new Promise<void>((resolve) => writer.waiting.set('ready', resolve));
    return writer;
  }

  /** Asks the writer (the orchestrator) for a new pending CRP in a run, and waits until it is on disk. */
  async newCrp(runDir: string, id: string): Promise<void> {
    await new Promise<void>((resolve) => { this.waiting.set(id, resolve); this.child.send({ crp: { runDir, id } }); });
    this.waiting.delete(id);
  }

  async stop(): Promise<WriterReport> {
    this.child.send({ stop: true });
    return this.report;
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill();
  }
}

/**
 * Whether one observed version of a file is whole: it parses, and it ends where a complete write ends. The external
 * writer's in-place appends may be seen half-done (a read racing a write() that crosses a page): that tail is the
 * writer's own, never Baton's, so a cut `ext-append` line at the very end is allowed.
 */
export function wholeVersionProblem(raw: string, syntax: Syntax): string | undefined {
  let text = raw;
  if (!text.endsWith('\n')) {
    const cut = text.lastIndexOf('\n') + 1;
    const partial = text.slice(cut).replace(/\d+$/, '');
    if (!'# ext-append '.startsWith(partial) && !'ext-append '.startsWith(partial)) return 'does not end with a newline (cut short)';
    text = text.slice(0, cut);
  }
  try {
    if (syntax === 'json') JSON.parse(text);
    else if (syntax === 'yaml') yaml.load(text);
    else {
      const fm = /^---\n([\s\S]*?)\n---\n/.exec(text);
      if (!fm) return 'has no front matter';
      yaml.load(fm[1]!);
    }
  } catch (err) {
    return `does not parse: ${(err as Error).message.split('\n')[0]}`;
  }
  return undefined;
}

/**
 * Reads the files over and over while the race runs (Baton's edits and the external writer's), checking every
 * version it sees is whole. A missing file counts as a problem too: neither writer ever deletes one.
 */
export class TornReader {
  private stopped = false;
  readonly problems: string[] = [];
  reads = 0;
  private readonly done: Promise<void>;

  constructor(private readonly targets: () => readonly Target[]) {
    this.done = this.loop();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      for (const t of this.targets()) {
        let text: string;
        try {
          text = await fs.readFile(t.file, 'utf8');
        } catch (err) {
          this.problems.push(`${path.basename(t.file)}: ${(err as NodeJS.ErrnoException).code}`);
          continue;
        }
        this.reads++;
        const problem = wholeVersionProblem(text, t.syntax);
        if (problem && this.problems.length < 20) this.problems.push(`${path.basename(t.file)} ${problem}:\n${text.slice(-300)}`);
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.done;
  }
}

/** The external writer's marker in a file's text (the last `ext_marker` it wrote), or undefined. */
export function markerIn(text: string): number | undefined {
  const m = /"?ext_marker"?: (\d+)/.exec(text);
  return m ? Number(m[1]) : undefined;
}

/** No external write lost: every appended line is still there, and every file holds the writer's last marker. */
export async function assertNoExternalWriteLost(report: WriterReport): Promise<void> {
  for (const [file, numbers] of Object.entries(report.appends)) {
    const text = await fs.readFile(file, 'utf8');
    const present = new Set([...text.matchAll(/ext-append (\d+)$/gm)].map((m) => Number(m[1])));
    const lost = numbers.filter((n) => !present.has(n));
    assert.deepStrictEqual(lost, [], `${path.basename(file)}: ${lost.length} of ${numbers.length} appended lines were lost: ${lost.slice(0, 10).join(', ')}`);
  }
  for (const [file, n] of Object.entries(report.markers)) {
    const text = await fs.readFile(file, 'utf8');
    assert.strictEqual(markerIn(text), n, `${path.basename(file)}: the writer's last rewrite (marker ${n}) was lost`);
  }
}

export type EditOutcome = { readonly landed: true } | { readonly refused: string };

export interface RaceResult { landed: number; refused: number; reads: number; writerOps: number }

/**
 * Runs `edits` Baton edits while the external writer works on `targets`, then checks the invariants: each edit
 * landed (and `landedIntact` holds right after it) or was refused with a message; no version read was torn;
 * no external write was lost.
 */
export async function race(options: {
  targets: Target[];
  edits: number;
  seed: number;
  edit: (i: number, writer: ExternalWriter) => Promise<EditOutcome>;
  /** Checked right after an edit landed, with the text the file had just before the edit started. */
  landedIntact: (i: number, before: string, after: string) => string | undefined;
  editedFile: (i: number) => string;
  /** Before edit i (e.g. the orchestrator asks a new question for Baton to answer). */
  prepare?: (i: number, writer: ExternalWriter) => Promise<void>;
}): Promise<RaceResult> {
  const targets = [...options.targets];
  const writer = await ExternalWriter.start(targets, options.seed);
  const reader = new TornReader(() => targets);
  let landed = 0, refused = 0;
  try {
    for (let i = 0; i < options.edits; i++) {
      await options.prepare?.(i, writer);
      const file = options.editedFile(i);
      if (!targets.some((t) => t.file === file)) targets.push({ file, syntax: 'json' });
      const before = await fs.readFile(file, 'utf8').catch(() => '');
      const outcome = await options.edit(i, writer);
      if ('refused' in outcome) {
        assert.ok(outcome.refused.trim(), `edit ${i} was refused without a message`);
        refused++;
        continue;
      }
      landed++;
      const after = await fs.readFile(file, 'utf8');
      const bad = options.landedIntact(i, before, after);
      // The writer may have rewritten the file since (its rewrite keeps Baton's change, unless it read before it).
      if (bad && markerIn(after) === markerIn(before)) assert.fail(`edit ${i} reported landed, but ${bad}`);
    }
  } finally {
    await reader.stop();
  }
  let report: WriterReport;
  try {
    report = await writer.stop();
  } finally {
    writer.kill();
  }
  // Baton's last looks for late appends (up to 400 ms after its last edit) are part of its write.
  await settleLateAppends();
  assert.deepStrictEqual(reader.problems, [], 'a torn or missing version was read');
  await assertNoExternalWriteLost(report);
  return { landed, refused, reads: reader.reads, writerOps: report.ops };
}
