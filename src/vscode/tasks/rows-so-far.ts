import type { OrcTasksSoFar, TaskSoFar } from '../../core/formats/orc/tasks-so-far';
import { priorityRank, statusRank } from '../../core/formats/orc/vocabulary';
import { firstInOrder } from '../../core/util/first-in-order';
import { runSteps, type Steps } from '../../core/util/steps';
import { itemKey } from '../../core/model/items';
import { BacklogNode, FolderNode, StatusGroupNode } from './task-nodes';
import { statusIcon, statusLabel } from './status-style';
import { TASKS_PAGE } from './tasks-tree';
import { PreviewNode, previewRowOf, type PreviewRow } from './tree-preview';

/** What a row of what the scan read so far says when hovered. */
export const READ_SO_FAR_NOTE = 'Read so far: Baton is still reading the workspace. Blockers, problems and actions come when it is done';
const BY_NUMBER = new Intl.Collator(undefined, { numeric: true });
/** One formatter: toLocaleString with a locale makes one per call. */
const COUNT = new Intl.NumberFormat('en-US');
const count = (n: number) => COUNT.format(n);

/**
 * The Tasks view's rows of what a first scan has read so far, before it has linked anything: each task read with
 * its own status, under the status group and with the row id the scan's rows will have (what is open stays open),
 * in the same order. Marked as not final: a "Reading… N files so far" row first, groups counted "so far", and what
 * needs other files said to be not checked yet (a blocker's status; for a running task, whether orc still runs it),
 * never guessed. Preview rows: they do nothing when chosen and have no menu.
 */
export function rowsSoFar(root: string, multiFolder: boolean, read: OrcTasksSoFar, files: number): PreviewNode[] {
  return runSteps(rowsSoFarSteps(root, multiFolder, read, files));
}

/** rowsSoFar in steps (steps.ts): a step per list put in order (a group's tasks, its backlog's), the costly part. */
export function* rowsSoFarSteps(root: string, multiFolder: boolean, read: OrcTasksSoFar, files: number): Steps<PreviewNode[]> {
  const byStatus = new Map<string, TaskSoFar[]>();
  for (const task of read.tasks) {
    const list = byStatus.get(task.status);
    if (list) list.push(task); else byStatus.set(task.status, [task]);
  }
  const groups: PreviewRow[] = [];
  for (const status of [...byStatus.keys()].sort((a, b) => statusRank(a) - statusRank(b) || a.localeCompare(b))) {
    yield;
    groups.push(yield* groupRow(root, status, byStatus.get(status)!));
  }
  const shown = count(read.tasks.length);
  const reading = `Reading… ${count(files)} files so far`;
  const readingRow: PreviewRow = { id: `reading:${root}`, label: reading, description: `${shown} task${shown === '1' ? '' : 's'} shown`,
    icon: { id: 'loading~spin' }, collapsible: false, accessibleLabel: `${reading}, ${shown} task${shown === '1' ? '' : 's'} shown` };
  const top = multiFolder ? [readingRow, previewRowOf(new FolderNode(root).getTreeItem(), groups)] : [readingRow, ...groups];
  return top.map((row) => new PreviewNode(row, undefined, READ_SO_FAR_NOTE));
}

function* groupRow(root: string, status: string, tasks: readonly TaskSoFar[]): Steps<PreviewRow> {
  const group = new StatusGroupNode(root, status);
  group.count = tasks.length;
  const active = tasks.filter((t) => t.queue !== 'backlog');
  const backlog = tasks.filter((t) => t.queue === 'backlog');
  const children = page(root, group.id, active);
  if (backlog.length) {
    yield;
    const node = new BacklogNode(group);
    node.count = backlog.length;
    children.push(soFar(previewRowOf(node.getTreeItem(), page(root, node.id, backlog)), backlog.length));
  }
  return soFar(previewRowOf(group.getTreeItem(), children), tasks.length);
}

/** A group's or backlog's count as read so far: "12 so far", and its name "Planned, 12 tasks read so far". */
function soFar(row: PreviewRow, n: number): PreviewRow {
  return { ...row, description: `${count(n)} so far`,
    accessibleLabel: `${row.label}, ${count(n)} task${n === 1 ? '' : 's'} read so far` };
}

/** A list's first page in the scan's order (priority, then number), then how many more were read. */
function page(root: string, listId: string, tasks: readonly TaskSoFar[]): PreviewRow[] {
  const rows = firstInOrder(tasks, TASKS_PAGE, (t) => priorityRank(t.priority), (a, b) => BY_NUMBER.compare(a.id, b.id)).map((t) => taskRow(root, t));
  const more = tasks.length - rows.length;
  if (more > 0) {
    const label = `${count(more)} more read so far`;
    rows.push({ id: `more:${listId}`, label, icon: { id: 'ellipsis' }, collapsible: false, accessibleLabel: label });
  }
  return rows;
}

function taskRow(root: string, t: TaskSoFar): PreviewRow {
  const label = `${t.id}  ${t.title}`;
  const notes: string[] = [];
  // What the scan's row says from other files: the blockers' status, and (a running task) orc's executor's record.
  if (t.blockedBy.length) notes.push(`blocked_by ${t.blockedBy.join(', ')}: not checked yet`);
  if (t.status === 'running') notes.push('executor not checked yet');
  if (t.queue === 'backlog') notes.push('backlog');
  const icon = statusIcon(t.status);
  return {
    id: `task:${itemKey({ system: 'orc', kind: 'task', id: t.id, root })}`,
    label, ...(notes.length ? { description: notes.join(' · ') } : {}),
    icon: { id: icon.id, ...(icon.color ? { color: icon.color.id } : {}) },
    file: t.file, collapsible: false,
    accessibleLabel: [`${t.id} ${t.title}`, statusLabel(t.status).toLowerCase(), ...notes].join(', '),
  };
}
