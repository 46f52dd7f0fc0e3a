import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isNonFolderEntry, subfolders } from '../../io/list-dirs';
import type { OrchestralDecision, OrchestralItem } from './model';
import type { LinkInput, LinkOutput, ParsedFile, SourceContext, SystemAdapter, WatchPattern } from '../../model/adapter';
import { toPosix } from '../orc/paths';
import { linkOrchestral } from './link';
import { RunLinkCache } from './link-cache';
import { BASES, classifyOrchestralPath } from './paths';
import { unreadableMission } from './mission-record';
import { parseOrchestralFile, unreadableState, type OrchestralRecord } from './records';

/**
 * Orchestral (`.orchestral/`) and its successor Dure (`.dure/`) keep their state in the repository: config/*.json
 * one folder per run under runs/, and (Dure) one per mission under missions/. Runs and missions become items;
 * pending CRPs become decisions.
 */
export class OrchestralAdapter implements SystemAdapter<OrchestralRecord, OrchestralItem, OrchestralDecision> {
  readonly system = 'orchestral' as const;
  readonly version = 3;
  private readonly linkCache = new RunLinkCache();

  async discover(ctx: SourceContext): Promise<string[]> {
    const found: string[] = [];
    for (const base of BASES) {
      const dir = path.join(ctx.root, base);
      found.push(...(await filesIn(path.join(dir, 'config'))));
      // Dure's missions: the whole of one is its mission.json (kanban.json, planning/ and context/ are derived from it).
      // A plan waiting for review is in planning/draft-v<N>.json (Dure leaves planning.drafts empty).
      for (const mission of await subfolders(path.join(dir, 'missions'))) {
        const missionDir = path.join(dir, 'missions', mission);
        found.push(...(await filesIn(missionDir)), ...(await filesIn(path.join(missionDir, 'planning'))));
      }
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
    if (kind?.kind === 'mission') return unreadableMission(file, kind.base, kind.mission, cause);
    return kind?.kind === 'state' ? unreadableState(file, kind.base, kind.run, cause) : undefined;
  }

  link(input: LinkInput<OrchestralRecord>): LinkOutput<OrchestralItem, OrchestralDecision> {
    const { runs, missions, decisions, diagnostics } = linkOrchestral(input.ctx.root, [...input.files].map(([file, record]) => ({ file, record })), this.linkCache);
    return { items: [...runs, ...missions], decisions, diagnostics };
  }

  sources(item: OrchestralItem): readonly string[] {
    return item.files;
  }

  derivedSignature(item: OrchestralItem): string {
    // A run is made only of its own files, all listed in sources(): nothing is computed from elsewhere. A mission
    // links its tasks to the run folders that exist: a run that appears or goes changes the mission.
    return item.kind === 'mission' ? item.phases.flatMap((p) => p.tasks.map((t) => t.runDir ?? '')).join('\u0000') : '';
  }
}

async function filesIn(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter(isNonFolderEntry).map((e) => path.join(dir, e.name)).sort();
}
