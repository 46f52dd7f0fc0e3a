import { statSync } from 'node:fs';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeFileAtomic } from '../io/atomic-write';
import { readRegularBytes } from '../io/open-regular';
import type { SourceContext } from '../model/adapter';
import type { ScanFacts } from './workspace-index';

/**
 * "Paint first, check after" for the CLI: what a scan of one folder printed (its `--json` report, its summary, its
 * problems), saved with the facts it was made from (ScanFacts). The next run lists and stats the same files; when
 * nothing changed (WorkspaceIndex.unchangedSince) it prints the saved bytes without reading or parsing a file, so the
 * output is the very output a full read gives. Anything else — a changed, added or removed file, another Baton build,
 * host or context, a heartbeat that has since gone stale, an executor that died — reads as before.
 */
export interface ScanSnapshot {
  readonly facts: ScanFacts;
  /** One saved output per view (a command and its options), as the bytes it printed. */
  readonly outputs: ReadonlyMap<string, SavedOutput>;
}

export interface SavedOutput {
  /** As rendered (a string), or as loaded (its UTF-8 bytes, printed without decoding them). */
  readonly text: string | Buffer;
  /** Whether the scan had errors (the command's exit status). */
  readonly hasErrors: boolean;
}

/** 2: the facts hold the discovery's witness (ScanFacts.discovery). */
const FORMAT = 2;
/** A snapshot of 100,000 tasks is tens of megabytes; a file past this is not ours to load. */
const MAX_SNAPSHOT_BYTES = 512 * 1024 * 1024;

interface Header {
  readonly format: number;
  readonly identity: string;
  readonly facts: ScanFacts;
  /** Each view's output: where its UTF-8 bytes lie after the header line. */
  readonly outputs: Record<string, { readonly start: number; readonly end: number; readonly hasErrors: boolean }>;
}

/**
 * One file per folder in `dir` (the CLI's cache folder): a header line of JSON, then each output's bytes as they are,
 * so a load parses only the header (file facts) and never a report. A missing, foreign or corrupt file is ignored.
 */
export class ScanSnapshotStore {
  /**
   * `code`: the files whose size and mtime name the build that made the output (default: this module's file). The
   * CLI names both its bundles, so that its second-run bundle (src/cli/fast-answer.ts) and the CLI agree.
   */
  constructor(private readonly dir: string, private readonly code: readonly string[] = [__filename]) {}

  private fileFor(root: string): string {
    return path.join(this.dir, `scan-${Buffer.from(root).toString('base64url').slice(-80)}.snapshot`);
  }

  async load(ctx: SourceContext): Promise<ScanSnapshot | undefined> {
    try {
      const { bytes } = await readRegularBytes(this.fileFor(ctx.root), MAX_SNAPSHOT_BYTES);
      const newline = bytes.indexOf(0x0a);
      if (newline < 0) return undefined;
      const header = JSON.parse(bytes.toString('utf8', 0, newline)) as Header;
      if (header.format !== FORMAT || header.identity !== identityOf(ctx, this.code)) return undefined;
      const body = newline + 1;
      const outputs = new Map<string, SavedOutput>();
      for (const [view, { start, end, hasErrors }] of Object.entries(header.outputs)) {
        if (!(start >= 0 && end >= start && body + end <= bytes.length)) return undefined;
        outputs.set(view, { text: bytes.subarray(body + start, body + end), hasErrors });
      }
      return { facts: header.facts, outputs };
    } catch {
      return undefined;
    }
  }

  async save(ctx: SourceContext, snapshot: ScanSnapshot): Promise<void> {
    try {
      const parts: Buffer[] = [];
      const outputs: Header['outputs'] = {};
      let at = 0;
      for (const [view, { text, hasErrors }] of snapshot.outputs) {
        const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
        outputs[view] = { start: at, end: at + bytes.length, hasErrors };
        parts.push(bytes);
        at += bytes.length;
      }
      const header: Header = { format: FORMAT, identity: identityOf(ctx, this.code), facts: snapshot.facts, outputs };
      await fs.mkdir(this.dir, { recursive: true });
      // Written part by part (a report is tens of megabytes: not copied once more into one buffer).
      await writeFileAtomic(this.fileFor(ctx.root), inPieces([Buffer.from(`${JSON.stringify(header)}\n`, 'utf8'), ...parts]), { flush: false });
    } catch {
      // Like the record cache, an optimisation: failing to save it never fails a command.
    }
  }
}

async function* inPieces(parts: readonly Buffer[]): AsyncGenerator<Buffer> {
  yield* parts;
}

/**
 * What besides the files shapes the output: the folder's context (roots, systems, trace tail), the host (an
 * executor's pid counts only on its own host) and the code (its file's size and mtime: another build, another output).
 */
function identityOf(ctx: SourceContext, code: readonly string[]): string {
  const context = { root: ctx.root, orcHome: ctx.orcHome ?? null, ultraworkSessions: ctx.ultraworkSessions ?? null,
    orangeRoot: ctx.orangeRoot ?? null, systems: ctx.systems ?? null, traceTail: ctx.traceTail ?? null };
  // The user's home too: orange's projects file and Ultrawork's ownership expand `~` with it.
  return JSON.stringify({ code: code.map(codeIdentity), host: os.hostname(), home: os.homedir(), context });
}

const codes = new Map<string, string>();
function codeIdentity(file: string): string {
  let code = codes.get(file);
  if (code === undefined) {
    try {
      const stat = statSync(file);
      code = `${file}:${stat.size}:${stat.mtimeMs}`;
    } catch {
      code = `unknown:${process.pid}:${Date.now()}`; // never matches a saved one
    }
    codes.set(file, code);
  }
  return code;
}
