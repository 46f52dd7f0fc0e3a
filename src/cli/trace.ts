import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { TraceEntry } from '../core/formats/intents/model';
import { existingIntentsFile } from '../core/formats/intents/paths';
import { traceDiagnostics } from '../core/formats/intents/trace-diagnostics';
import { traceActionLabel } from '../core/formats/intents/trace-entry';
import { readTraceTail, TRACE_FILTER_BYTES, type TraceTail } from '../core/formats/intents/trace-tail';
import { compareDiagnostics, diagnostic, hasErrors, type Diagnostic } from '../core/model/diagnostic';
import { diagnosticJson, diagnosticLine, displayPath } from '../core/report/scan-report';
import { parse, UsageError } from './args';
import { printable } from '../core/util/printable';
import type { CliOutput } from './output';
import type { PlacesSettings } from '../core/places/places-service';
import { otherWorktrees, repositoryOf } from '../core/places/repository';
import { placeOptions, placesOf } from './places-args';


const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 10_000;

/**
 * `baton trace`: the newest entries of DIR's `.orchestration/agent_trace.jsonl`, newest first, normalised from
 * whichever shape each line was written in, as text or as JSON (CLI.md). The file is read from its end, as the
 * editor reads it, so a huge trace costs what a small one does; no other state is read. Exit status as for
 * `scan`: 1 when the part read has an error (an unreadable line), 2 for a usage error.
 */
export async function traceCommand(argv: string[], out: CliOutput): Promise<number> {
  const { values, positionals } = parse(argv, { intent: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' }, ...placeOptions });
  const places = await placesOf(values);
  if (positionals.length > 1) throw new UsageError('trace takes one DIR');
  const root = path.resolve(positionals[0] ?? '.');
  if (!(await fs.stat(root).catch(() => undefined))?.isDirectory()) throw new UsageError(`not a folder: ${positionals[0] ?? root}`);
  const limit = limitOf(values.limit);
  const intent = values.intent;
  if (intent !== undefined && !intent.trim()) throw new UsageError('--intent needs an intent id');
  const file = existingIntentsFile(root, 'trace');
  const { tail, diagnostics } = await readTrace(file, limit, intent);
  // Other worktrees' traces (files on disk, read from their ends like the folder's); a ref's trace is not read.
  const others = places ? await otherTraces(root, places, limit, intent, out) : [];
  const allDiagnostics = [...diagnostics, ...others.flatMap((o) => o.diagnostics)];

  if (values.json) {
    out.json(JSON.stringify({
      baton: 1, root, file: tail || diagnostics.length ? displayPath(root, file) : null,
      intent: intent ?? null, limit, complete: tail?.complete ?? true, writeInProgress: tail?.writeInProgress ?? false,
      entries: [...(tail?.entries ?? []).map(entryJson), ...others.flatMap((o) => (o.tail?.entries ?? []).map((e) => ({ ...entryJson(e), worktree: o.worktree })))],
      diagnostics: allDiagnostics.map((d) => diagnosticJson(root, d)),
    }, null, 2));
  } else {
    printText(root, file, tail, intent, limit, diagnostics, out);
    for (const o of others) {
      if (!o.tail?.entries.length && !o.diagnostics.length) continue;
      out.line(`\nIn worktree ${printable(o.worktree)}:`);
      printText(root, o.file, o.tail, intent, limit, o.diagnostics, out);
    }
  }
  return hasErrors(allDiagnostics) ? 1 : 0;
}

async function readTrace(file: string, limit: number, intent: string | undefined): Promise<{ tail: TraceTail | undefined; diagnostics: Diagnostic[] }> {
  try {
    const tail = await readTraceTail(file, { limit, intentId: intent, maxBytes: intent === undefined ? undefined : TRACE_FILTER_BYTES, numberLines: true });
    return { tail, diagnostics: traceDiagnostics(file, tail).sort(compareDiagnostics) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { tail: undefined, diagnostics: code === 'ENOENT' ? [] : [diagnostic('intents', file, 'error', `cannot read the trace (${code ?? String(err)})`)] };
  }
}

/** The traces of the folder's copy in every other worktree, each problem marked with its worktree. */
async function otherTraces(root: string, places: PlacesSettings, limit: number, intent: string | undefined, out: CliOutput) {
  if (places.refs.length) out.error('baton trace: --refs: a trace is an append-only log read from its end; traces on refs are not read (only in worktrees)');
  if (!places.worktrees) return [];
  const repo = await repositoryOf(root);
  if (!repo) { out.error('baton trace: --worktrees: this folder is not in a git repository'); return []; }
  const found = [];
  for (const wt of await otherWorktrees(repo)) {
    const file = existingIntentsFile(repo.prefix ? path.join(wt.path, ...repo.prefix.split('/')) : wt.path, 'trace');
    const read = await readTrace(file, limit, intent);
    found.push({ worktree: wt.path, file, tail: read.tail, diagnostics: read.diagnostics.map((d) => ({ ...d, elsewhere: { worktree: wt.path } })) });
  }
  return found;
}

function limitOf(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_LIMIT;
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < 1 || n > MAX_LIMIT) throw new UsageError(`--limit must be a whole number from 1 to ${MAX_LIMIT}`);
  return n;
}

/** CLI.md's entry: time, agent, intent, action, files, result, hash, line (null when the line does not say), then the rest. */
function entryJson(e: TraceEntry): Record<string, unknown> {
  return {
    time: e.timestamp, agent: e.agentId, intent: e.intentId, action: e.action, files: e.files, result: e.status, hash: e.contentHash,
    line: e.line, fromEnd: e.fromEnd, mutationClass: e.mutationClass, tool: e.toolName, command: e.command, summary: e.summary,
    error: e.error, session: e.sessionId, revision: e.vcsRef, id: e.traceId, shape: e.shape,
  };
}

function printText(root: string, file: string, tail: TraceTail | undefined, intent: string | undefined, limit: number,
  diagnostics: readonly Diagnostic[], out: CliOutput): void {
  const where = displayPath(root, file);
  if (!tail) {
    if (!diagnostics.length) out.line(`No agent trace in ${printable(root)} (looked for ${where}).`);
  } else {
    const what = intent === undefined ? '' : ` of ${printable(intent)}`;
    const n = tail.entries.length;
    const scope = tail.complete ? 'all of them' : n >= limit ? 'the newest; --limit N shows more'
      : `all in the newest ${megabytes(tail.bytesRead)} of ${megabytes(tail.size)}`;
    out.line(`${where}: ${n} entr${n === 1 ? 'y' : 'ies'}${what}, newest first (${scope})`);
    for (const e of tail.entries) out.line(entryText(e));
    if (tail.writeInProgress) out.line('(the last line is still being written)');
  }
  if (diagnostics.length) {
    out.line(`\n${diagnostics.length} problem${diagnostics.length === 1 ? '' : 's'}:`);
    for (const d of diagnostics) out.line(`  ${printable(diagnosticLine(root, d))}`);
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1048576).toFixed(bytes < 10 * 1048576 ? 1 : 0)} MB`;
}

/** Two lines: when, which intent, what and how it ended; then the files, tool, agent, hash and where it is. */
function entryText(e: TraceEntry): string {
  const action = traceActionLabel(e);
  const head = [e.timestamp ?? '(no time)', e.intentId ?? '(no intent)',
    e.mutationClass && e.mutationClass !== action ? `${action} [${e.mutationClass}]` : action, e.status].filter((p): p is string => !!p);
  const where = e.line !== null ? `line ${e.line}` : `line ${e.fromEnd} from the end`;
  const facts = [e.files.length ? e.files.join(', ') : null, e.toolName && `tool ${e.toolName}`, e.command && `command ${e.command}`,
    e.agentId && `agent ${e.agentId}`, e.contentHash && `hash ${e.contentHash}`, where].filter((p): p is string => !!p);
  const lines = [head.join('  '), `    ${facts.join(' · ')}`];
  if (e.summary && !(e.files.length && e.summary.startsWith(e.files[0]!))) lines.push(`    ${e.summary}`);
  if (e.error) lines.push(`    error: ${e.error}`);
  return lines.map(printable).join('\n');
}
