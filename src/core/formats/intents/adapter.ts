import { diagnostic } from '../../model/diagnostic';
import type { IntentsItem } from './model';
import type { LinkInput, LinkOutput, ParsedFile, ReadFile, SourceContext, SystemAdapter, WatchPattern } from '../../model/adapter';
import { traceTailOf } from '../../model/source-context';
import { parseIntentMap } from './intent-map';
import { parseIntentsFile, unreadableIntentsFile } from './intents-file';
import { byKind, linkIntents } from './link';
import { type IntentsRecord, type TraceFileRecord } from './model';
import { classifyIntentsPath, discoverIntentsFiles, ORCHESTRATION_DIR, relativePosix } from './paths';
import { traceDiagnostics } from './trace-diagnostics';
import { readTraceTail } from './trace-tail';

/**
 * The intents ("Handshake") system: `.orchestration/active_intents.yaml`, `intent_map.md` and the append-only
 * `agent_trace.jsonl`. The trace is never read whole: only its tail, from the end of the file.
 */
export class IntentsAdapter implements SystemAdapter<IntentsRecord, IntentsItem, never> {
  readonly system = 'intents' as const;
  readonly version = 2;

  async discover(ctx: SourceContext): Promise<string[]> {
    return discoverIntentsFiles(ctx.root);
  }

  watchPatterns(ctx: SourceContext): WatchPattern[] {
    // The whole folder: deleting or renaming .orchestration/ must reach the index too.
    return [{ base: ctx.root, glob: `${ORCHESTRATION_DIR}/**` }];
  }

  /** The trace's record holds the newest N entries: a record kept for another N is read again. */
  readVariant(ctx: SourceContext): string {
    return `trace-tail:${traceTailOf(ctx)}`;
  }

  accepts(file: string, ctx: SourceContext): boolean {
    return classifyIntentsPath(relativePosix(ctx.root, file)) !== undefined;
  }

  /** Only the trace is read by `read` (from its end); the other two files take the whole-file path. */
  readsItself(file: string, ctx: SourceContext): boolean {
    return classifyIntentsPath(relativePosix(ctx.root, file)) === 'trace';
  }

  /** The trace reads its own tail; the other two files are small and read whole (and given to `parse`). */
  async read(file: string, ctx: SourceContext): Promise<ReadFile<IntentsRecord> | 'whole' | 'missing'> {
    if (classifyIntentsPath(relativePosix(ctx.root, file)) !== 'trace') return 'whole';
    let tail;
    try {
      tail = await readTraceTail(file, { limit: traceTailOf(ctx) });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
      return { size: -1, mtimeMs: -1, record: undefined,
        diagnostics: [diagnostic('intents', file, 'error', `cannot read the trace (${(err as NodeJS.ErrnoException).code ?? String(err)})`)] };
    }
    const record: TraceFileRecord = { kind: 'trace', size: tail.size, entries: tail.entries, writeInProgress: tail.writeInProgress, complete: tail.complete };
    return { size: tail.size, mtimeMs: tail.mtimeMs, record, diagnostics: traceDiagnostics(file, tail) };
  }

  parse(file: string, text: string, ctx: SourceContext): ParsedFile<IntentsRecord> {
    switch (classifyIntentsPath(relativePosix(ctx.root, file))) {
      case 'map': return parseIntentMap(file, ctx.root, text);
      case 'intents': return parseIntentsFile(file, ctx.root, text);
      default: return { record: undefined as never, diagnostics: [diagnostic('intents', file, 'error', 'not an intents file')] };
    }
  }

  unreadable(file: string, cause: string, ctx: SourceContext): ParsedFile<IntentsRecord> | undefined {
    return classifyIntentsPath(relativePosix(ctx.root, file)) === 'intents' ? unreadableIntentsFile(file, cause) : undefined;
  }

  link(input: LinkInput<IntentsRecord>): LinkOutput<IntentsItem, never> {
    const { items, diagnostics } = linkIntents(input.ctx.root, byKind(input.files));
    return { items, decisions: [], diagnostics };
  }

  sources(item: IntentsItem): readonly string[] {
    return [item.file];
  }

  /** Map rows and trace entries come from the other two files: a change there changes the intent. */
  derivedSignature(item: IntentsItem): string {
    if (item.system !== 'intents') return '';
    return [item.mapRows.map((r) => `${r.file}:${r.owner}:${r.lastModifiedBy}:${r.hashText}`).join(','),
      item.recentTrace.map((t) => `${t.timestamp}:${t.action}:${t.traceId}:${t.line}`).join(',')].join('|');
  }
}
