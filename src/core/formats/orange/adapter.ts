import path from 'node:path';
import { isPresentNonFolder, nonFoldersInSync, subfolders } from '../../io/list-dirs';
import { OPEN_CAN_REFUSE_LINKS } from '../../io/open-regular';
import { appendAll } from '../../util/append';
import { diagnostic } from '../../model/diagnostic';
import type { OrangeDecision, OrangeItem } from './model';
import type { LinkInput, LinkOutput, ParsedFile, ReadFile, SourceContext, SystemAdapter, WatchPattern } from '../../model/adapter';
import { readHistory } from './history';
import { linkOrange, OrangeLinkMemo } from './link';
import type { OrangeRecord } from './model';
import { classifyOrangePath, historyFile, poolFile, projectsFile, taskDir, taskFile } from './paths';
import { parsePoolFile, parseProjectsFile } from './projects-file';
import { parseTaskFile } from './task-file';

/**
 * orange (spec 004): its state lives in the home folder (`baton.orange.root`, default ~/orange), shared by every
 * workspace folder; each folder's index keeps the tasks of the projects whose projects.json path belongs to it.
 * history.jsonl is never read whole: only its newest events, from the end.
 */
/** A task folder's files, in the order they are read. */
const TASK_FILES = ['TASK.md', 'history.jsonl'] as const;

export class OrangeAdapter implements SystemAdapter<OrangeRecord, OrangeItem, OrangeDecision> {
  readonly system = 'orange' as const;
  readonly version = 2;

  async discover(ctx: SourceContext): Promise<string[]> {
    const root = ctx.orangeRoot;
    if (!root) return [];
    const top = [projectsFile(root), poolFile(root)];
    const exists = await Promise.all(top.map(isPresentNonFolder));
    const files = top.filter((_, i) => exists[i]);
    const tasksDir = path.join(root, 'tasks');
    let slice = Date.now();
    for (const project of await subfolders(tasksDir)) {
      for (const id of await subfolders(path.join(tasksDir, project))) {
        // One listing per task folder rather than a stat per file; a folder that cannot be listed is asked per file.
        const dir = taskDir(root, project, id);
        const found = nonFoldersInSync(dir, TASK_FILES);
        if (found) appendAll(files, found);
        else for (const file of [taskFile(root, project, id), historyFile(root, project, id)]) if (await isPresentNonFolder(file)) files.push(file);
        if (Date.now() - slice >= 12) { await new Promise((resolve) => setImmediate(resolve)); slice = Date.now(); }
      }
    }
    return files;
  }

  watchPatterns(ctx: SourceContext): WatchPattern[] {
    // The whole root, in one watcher: a task folder deleted or renamed must reach the index too, and `accepts`
    // drops the rest (orange.log, the worktrees) before anything is read.
    return ctx.orangeRoot ? [{ base: ctx.orangeRoot, glob: '**' }] : [];
  }

  accepts(file: string, ctx: SourceContext): boolean {
    return !!ctx.orangeRoot && classifyOrangePath(ctx.orangeRoot, file) !== undefined;
  }

  /**
   * TASK.md files are read whole (by the index); history.jsonl from its end, here, opened with O_NOFOLLOW so that
   * only a link pays for the containment check. Without O_NOFOLLOW (Windows) the index lstats first.
   */
  readonly readRefusesLinks = OPEN_CAN_REFUSE_LINKS;

  /** Only history.jsonl: every TASK.md goes straight to the index's whole-file read. */
  readsItself(file: string, ctx: SourceContext): boolean {
    return !!ctx.orangeRoot && classifyOrangePath(ctx.orangeRoot, file)?.kind === 'history';
  }

  async read(file: string, ctx: SourceContext, links?: 'refuse'): Promise<ReadFile<OrangeRecord> | 'whole' | 'missing' | 'link'> {
    const kind = ctx.orangeRoot ? classifyOrangePath(ctx.orangeRoot, file) : undefined;
    if (kind?.kind !== 'history') return 'whole';
    return readHistory(file, kind.project, kind.taskId, links === 'refuse');
  }

  parse(file: string, text: string, ctx: SourceContext): ParsedFile<OrangeRecord> {
    const kind = ctx.orangeRoot ? classifyOrangePath(ctx.orangeRoot, file) : undefined;
    switch (kind?.kind) {
      case 'projects': return parseProjectsFile(file, text) as ParsedFile<OrangeRecord>;
      case 'pool': return parsePoolFile(file, text) as ParsedFile<OrangeRecord>;
      case 'task': {
        // A task's problems travel in its record: only the link knows whether its project belongs to this folder.
        const { record, diagnostics } = parseTaskFile(file, text, kind.project, kind.taskId);
        return { diagnostics: [], record: record ? { ...record, problems: diagnostics }
          : { kind: 'broken-task', folderProject: kind.project, folderId: kind.taskId, problems: diagnostics } };
      }
      default: return { record: undefined as never, diagnostics: [diagnostic('orange', file, 'error', 'not an orange file')] };
    }
  }

  /** A TASK.md that is there but cannot be opened (a FIFO, too large, no permission): its task keeps its row. */
  unreadable(file: string, cause: string, ctx: SourceContext): ParsedFile<OrangeRecord> | undefined {
    const kind = ctx.orangeRoot ? classifyOrangePath(ctx.orangeRoot, file) : undefined;
    if (kind?.kind !== 'task') return undefined;
    return { diagnostics: [], record: { kind: 'broken-task', folderProject: kind.project, folderId: kind.taskId,
      problems: [diagnostic('orange', file, 'error', `TASK.md cannot be read (${cause})`)] } };
  }

  /** Per workspace folder: the previous link, so one changed TASK.md or history.jsonl relinks only its task. */
  private readonly memos = new Map<string, OrangeLinkMemo>();

  link(input: LinkInput<OrangeRecord>): LinkOutput<OrangeItem, OrangeDecision> {
    if (!input.ctx.orangeRoot) return { items: [], decisions: [], diagnostics: [] };
    let memo = this.memos.get(input.ctx.root);
    if (!memo) this.memos.set(input.ctx.root, memo = new OrangeLinkMemo());
    return linkOrange({ root: input.ctx.root, orangeRoot: input.ctx.orangeRoot, files: input.files }, memo, input.changed);
  }

  sources(item: OrangeItem): readonly string[] {
    return item.system === 'orange' ? [item.file, item.historyFile] : [item.file];
  }

  /** The project's folder and the pool come from other files: a change there changes the task. */
  derivedSignature(item: OrangeItem): string {
    if (item.system !== 'orange') return '';
    return `${item.projectPath}|${item.poolStatus ?? ''}|${item.runsIn ? `${item.runsIn.via}:${item.runsIn.name}` : ''}`;
  }
}
