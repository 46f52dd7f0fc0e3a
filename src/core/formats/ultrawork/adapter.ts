import { promises as fs } from 'node:fs';
import path from 'node:path';
import { readHead } from '../../io/read-head';
import { readStateText } from '../../io/read-text';
import { isNonFolderEntry, isPresentNonFolder, subfolders } from '../../io/list-dirs';
import { diagnostic } from '../../model/diagnostic';
import type { UltraworkItem } from './model';
import type { LinkInput, LinkOutput, ParsedFile, ReadFile, SourceContext, SystemAdapter, WatchPattern } from '../../model/adapter';
import { readEvidenceLog } from './evidence-log';
import { linkUltrawork } from './link';
import { EVIDENCE_LOG_LINES } from './model';
import { classifyUltraworkPath, type UltraworkFileKind } from './paths';
import { firstHeading, parseUltraworkFile, type UltraworkRecord } from './records';

/** A document is listed by its first heading: its first few KB are enough. */
const DOC_HEAD_BYTES = 4096;

/**
 * Ultrawork (a Claude Code plugin) keeps one folder per session under `~/.claude/ultrawork/sessions` (the
 * `baton.ultrawork.sessionsRoot` setting), shared by every project. Baton reads it and never writes it (the
 * plugin locks these files while it writes them). Sessions become items, and so do their tasks; a session
 * shows only in the workspace folder it belongs to (see ownership.ts).
 */
export class UltraworkAdapter implements SystemAdapter<UltraworkRecord, UltraworkItem, never> {
  readonly system = 'ultrawork' as const;
  readonly version = 4;

  async discover(ctx: SourceContext): Promise<string[]> {
    const root = ctx.ultraworkSessions;
    if (!root) return [];
    const found: string[] = [];
    for (const session of await subfolders(root)) {
      const dir = path.join(root, session);
      found.push(...['session.json', 'context.json', 'design.md', path.join('evidence', 'log.jsonl')].map((f) => path.join(dir, f)));
      found.push(...(await filesIn(path.join(dir, 'exploration'))), ...(await filesIn(path.join(dir, 'tasks'))));
    }
    const exists = await Promise.all(found.map(isPresentNonFolder));
    return found.filter((f, i) => exists[i] && this.accepts(f, ctx));
  }

  watchPatterns(ctx: SourceContext): WatchPattern[] {
    // The whole folder: a session folder deleted or created must reach the index too.
    return ctx.ultraworkSessions ? [{ base: ctx.ultraworkSessions, glob: '**' }] : [];
  }

  accepts(file: string, ctx: SourceContext): boolean {
    return classifyUltraworkPath(ctx.ultraworkSessions, file) !== undefined;
  }

  /**
   * Every file is read here rather than by the index, so that even an unreadable file's problem travels in its
   * record (the link decides whether its session belongs to this workspace). The evidence log is read from its end.
   */
  async read(file: string, ctx: SourceContext): Promise<ReadFile<UltraworkRecord> | 'whole' | 'missing'> {
    const kind = classifyUltraworkPath(ctx.ultraworkSessions, file);
    if (!kind) return 'whole';
    if (kind.kind === 'evidence') return readLog(file, kind.session);
    if (kind.kind === 'design' || kind.kind === 'exploration') {
      const head = await readHead(file, DOC_HEAD_BYTES);
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat) return 'missing';
      const name = kind.kind === 'exploration' ? kind.name : 'design';
      return { size: stat.size, mtimeMs: stat.mtimeMs, diagnostics: [], record: { kind: kind.kind, session: kind.session, name,
        title: head.ok ? firstHeading(head.text) : null,
        problems: head.ok ? [] : [diagnostic('ultrawork', file, 'error', head.reason)] } };
    }
    const read = await readStateText(file);
    if (!read.ok) return read.missing ? 'missing' : { size: -1, mtimeMs: -1, diagnostics: [], record: unreadable(file, kind, read.reason) };
    let record: UltraworkRecord;
    try {
      record = parseUltraworkFile(file, kind, read.text);
    } catch (err) {
      record = unreadable(file, kind, `could not be read: ${(err as Error).message}`);
    }
    return { size: read.size, mtimeMs: read.mtimeMs, diagnostics: [], record };
  }

  parse(file: string, text: string, ctx: SourceContext): ParsedFile<UltraworkRecord> {
    const kind = classifyUltraworkPath(ctx.ultraworkSessions, file);
    if (!kind || kind.kind === 'evidence') throw new Error(`not an Ultrawork file read whole: ${file}`);
    return { record: parseUltraworkFile(file, kind, text), diagnostics: [] };
  }

  link(input: LinkInput<UltraworkRecord>): LinkOutput<UltraworkItem, never> {
    if (!input.ctx.ultraworkSessions) return { items: [], decisions: [], diagnostics: [] };
    const { items, diagnostics } = linkUltrawork(input.ctx, input.files, input.locator);
    return { items, decisions: [], diagnostics };
  }

  sources(item: UltraworkItem): readonly string[] {
    if (item.system !== 'ultrawork') return [item.file];
    return item.kind === 'session' ? item.files : [item.file];
  }

  /** A task's blocked state, criteria and group come from its siblings, the session's evidence and session.json. */
  derivedSignature(item: UltraworkItem): string {
    if (item.system !== 'ultrawork' || item.kind !== 'task') return '';
    return JSON.stringify([item.blocked, item.waitingOn, item.criteria.map((c) => c.evidence), item.logEvidence.length, item.logEvidence[0]?.timestamp ?? null, item.assignment]);
  }
}

async function readLog(file: string, session: string): Promise<ReadFile<UltraworkRecord> | 'missing'> {
  try {
    const tail = await readEvidenceLog(file, EVIDENCE_LOG_LINES);
    const problems = tail.problems.map((p) => diagnostic('ultrawork', file, p.severity,
      p.line === null ? `line ${p.fromEnd} from the end: ${p.message}` : p.message, p.line === null ? null : { line: p.line, column: 1 }));
    return { size: tail.size, mtimeMs: tail.mtimeMs, diagnostics: [], record: { kind: 'evidence', session, entries: tail.entries, complete: tail.complete, problems } };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    return { size: -1, mtimeMs: -1, diagnostics: [], record: { kind: 'evidence', session, entries: [], complete: true,
      problems: [diagnostic('ultrawork', file, 'error', `cannot read the evidence log (${(err as NodeJS.ErrnoException).code ?? String(err)})`)] } };
  }
}

/** A file that could not be read still marks its session (and carries its problem). */
function unreadable(file: string, kind: UltraworkFileKind, reason: string): UltraworkRecord {
  const problems = [diagnostic('ultrawork', file, 'error', reason)];
  switch (kind.kind) {
    case 'session': return { kind: 'session', session: kind.session, fields: undefined, evidence: [], problems };
    case 'context': return { kind: 'context', session: kind.session, fields: undefined, problems };
    case 'task': return { kind: 'task', session: kind.session, name: kind.name, fields: undefined, problems };
    case 'design': return { kind: 'design', session: kind.session, name: 'design', title: null, problems };
    case 'exploration': return { kind: 'exploration', session: kind.session, name: kind.name, title: null, problems };
    case 'evidence': return { kind: 'evidence', session: kind.session, entries: [], complete: true, problems };
  }
}

async function filesIn(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter(isNonFolderEntry).map((e) => path.join(dir, e.name)).sort();
}
