import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isNonFolderEntry, subfolders } from '../../io/list-dirs';
import type { OrchestralDecision, OrchestralItem } from './model';
import type { LinkInput, LinkOutput, ParsedFile, SourceContext, SystemAdapter, WatchPattern } from '../../model/adapter';
import { toPosix } from '../orc/paths';
import { linkOrchestral } from './link';
import { RunLinkCache } from './link-cache';
import { BASES, classifyOrchestralPath } from './paths';
import { parseOrchestralFile, unreadableState, type OrchestralRecord } from './records';

/**
 * Orchestral (`.orchestral/`) and its successor Dure (`.dure/`) keep their state in the repository: config/*.json
 * and one folder per run under runs/. Runs become items; pending CRPs become decisions.
 */
export class OrchestralAdapter implements SystemAdapter<OrchestralRecord, OrchestralItem, OrchestralDecision> {
  readonly system = 'orchestral' as const;
  readonly version = 2;
  private readonly linkCache = new RunLinkCache();

  async discover(ctx: SourceContext): Promise<string[]> {
    const found: string[] = [];
    for (const base of BASES) {
      const dir = path.join(ctx.root, base);
      found.push(...(await filesIn(path.join(dir, 'config'))));
      for (const run of await subfolders(path.join(dir, 'runs'))) {
        const runDir = path.join(dir, 'runs', run);
        // Every file a run contributes sits at most one folder deep (crp/, vcr/, mrp/, an agent's folder).
        const top = await fs.readdir(runDir, { withFileTypes: true }).catch(() => []);
        for (const entry of top) {
          const abs = path.join(runDir, entry.name);
          if (entry.isDirectory()) found.push(...(await filesIn(abs)));
          else found.push(abs);
        }
      }
    }
    return found.filter((f) => this.accepts(f, ctx));
  }

  watchPatterns(ctx: SourceContext): WatchPattern[] {
    // The whole folders, not just the JSON files: deleting a run folder must reach the index too.
    return [{ base: ctx.root, glob: '{.orchestral,.dure}/**' }];
  }

  accepts(file: string, ctx: SourceContext): boolean {
    return classifyOrchestralPath(toPosix(path.relative(ctx.root, file))) !== undefined;
  }

  parse(file: string, text: string, ctx: SourceContext): ParsedFile<OrchestralRecord> {
    const kind = classifyOrchestralPath(toPosix(path.relative(ctx.root, file)));
    if (!kind) throw new Error(`not an Orchestral/Dure file: ${file}`);
    return parseOrchestralFile(file, kind, text);
  }

  unreadable(file: string, cause: string, ctx: SourceContext): ParsedFile<OrchestralRecord> | undefined {
    const kind = classifyOrchestralPath(toPosix(path.relative(ctx.root, file)));
    return kind?.kind === 'state' ? unreadableState(file, kind.base, kind.run, cause) : undefined;
  }

  link(input: LinkInput<OrchestralRecord>): LinkOutput<OrchestralItem, OrchestralDecision> {
    const { runs, decisions, diagnostics } = linkOrchestral(input.ctx.root, [...input.files].map(([file, record]) => ({ file, record })), this.linkCache);
    return { items: runs, decisions, diagnostics };
  }

  sources(item: OrchestralItem): readonly string[] {
    return item.system === 'orchestral' ? item.files : [item.file];
  }

  derivedSignature(): string {
    // A run is made only of its own files, all listed in sources(): nothing is computed from elsewhere.
    return '';
  }
}

async function filesIn(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter(isNonFolderEntry).map((e) => path.join(dir, e.name)).sort();
}
