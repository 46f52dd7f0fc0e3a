import path from 'node:path';
import { gateDecisionsOf } from './gate-decisions';
import { filesIn, isFile, subfolders } from '../../io/list-dirs';
import type { LinkInput, LinkOutput, ParsedFile, SourceContext, SystemAdapter, WatchPattern } from '../../model/adapter';
import type { OrcItem } from './model';
import type { OrcGateDecision } from './gate-decisions';
import { linkOrc, OrcLinkMemo } from './link';
import { classifyOrcPath, toPosix } from './paths';
import { parseConfigFile, parseInitiativeFile, parsePlanFile, parseStateFile, parseTaskFile, type OrcRecord } from './records';

/** orc keeps its state in the repository: orc.yaml (or .orc/config.yaml) and .orc/{tasks,initiatives}/<ID>/. */
export class OrcAdapter implements SystemAdapter<OrcRecord, OrcItem, OrcGateDecision> {
  readonly system = 'orc' as const;
  readonly version = 3;

  async discover(ctx: SourceContext): Promise<string[]> {
    const orc = path.join(ctx.root, '.orc');
    const found: string[] = [];
    for (const name of ['orc.yaml', '.orc/config.yaml']) {
      const file = path.join(ctx.root, name);
      if (await isFile(file)) found.push(file);
    }
    const [tasks, initiatives] = await Promise.all([subfolders(path.join(orc, 'tasks')), subfolders(path.join(orc, 'initiatives'))]);
    return [
      ...found,
      ...await filesIn(tasks.map((d) => path.join(orc, 'tasks', d)), ['task.yaml', 'state.yaml', 'plan.yaml']),
      ...await filesIn(initiatives.map((d) => path.join(orc, 'initiatives', d)), ['initiative.yaml']),
    ];
  }

  watchPatterns(ctx: SourceContext): WatchPattern[] {
    // `.orc/**`, not just the YAML files: deleting a task folder must reach the index too.
    return [{ base: ctx.root, glob: '{orc.yaml,.orc/**}' }];
  }

  accepts(file: string, ctx: SourceContext): boolean {
    return classifyOrcPath(toPosix(path.relative(ctx.root, file))) !== undefined;
  }

  parse(file: string, text: string, ctx: SourceContext): ParsedFile<OrcRecord> {
    const kind = classifyOrcPath(toPosix(path.relative(ctx.root, file)));
    switch (kind?.kind) {
      case 'task': return parseTaskFile(file, kind.dir, text);
      case 'state': return parseStateFile(file, kind.dir, text);
      case 'plan': return parsePlanFile(file, kind.dir, text);
      case 'initiative': return parseInitiativeFile(file, kind.dir, text);
      default: return parseConfigFile(file, text);
    }
  }

  /** Per workspace folder: the previous link, so one changed file relinks only what it can change. */
  private readonly memos = new Map<string, OrcLinkMemo>();

  link(input: LinkInput<OrcRecord>): LinkOutput<OrcItem, OrcGateDecision> {
    let memo = this.memos.get(input.ctx.root);
    if (!memo) this.memos.set(input.ctx.root, memo = new OrcLinkMemo());
    const { tasks, initiatives, diagnostics } = linkOrc(input.files, { root: input.ctx.root, now: input.now, locator: input.locator },
      { memo, changed: input.changed });
    // Human gates the executor left pending in state.yaml are questions for the inbox.
    return { items: [...tasks, ...initiatives], decisions: gateDecisionsOf(tasks), diagnostics };
  }

  sources(item: OrcItem): readonly string[] {
    if (item.system !== 'orc' || item.kind !== 'task') return [item.file];
    return [item.file, ...(item.stateFile ? [item.stateFile] : []), ...(item.planFile ? [item.planFile] : [])];
  }

  derivedSignature(item: OrcItem): string {
    if (item.system !== 'orc') return '';
    if (item.kind === 'task') {
      return [item.status, item.blocks.join(','), item.referencedBy.join(','), item.blocked, item.orphaned, item.stateFile, item.planFile].join('|');
    }
    return [item.status, item.blocks.join(','), item.blocked, item.taskIds.join(',')].join('|');
  }
}
