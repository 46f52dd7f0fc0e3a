import path from 'node:path';
import type { WorkItemBase } from '../../model/items';
import type { OrcItem } from './model';
import { EditRefused } from '../../io/guarded-edit';

export interface EditTask {
  readonly id: string;
  readonly title: string;
  readonly status: string;
  readonly file: string;
  readonly blockedBy: readonly string[];
  readonly relatedTo: readonly string[];
  readonly initiativeId: string | null;
  readonly hasPlan: boolean;
  readonly weight: string | null;
}

export interface EditInitiative {
  readonly id: string;
  readonly title: string;
  readonly file: string;
}

/** What an orc edit needs to know of the rest of the workspace: the tasks and initiatives as last read. */
export interface OrcEditContext {
  readonly root: string;
  readonly tasks: ReadonlyMap<string, EditTask>;
  readonly initiatives: ReadonlyMap<string, EditInitiative>;
  readonly now: () => Date;
}

/** What an edit did: the files written, warnings to show (unknown ids), and one line saying what changed. */
export interface EditResult {
  readonly changed: readonly string[];
  readonly warnings: readonly string[];
  readonly summary: string;
}

export function editContext(root: string, items: readonly WorkItemBase[], now: () => Date = () => new Date()): OrcEditContext {
  const abs = path.resolve(root);
  const mine = items.filter((i) => i.system === 'orc' && i.root === abs) as OrcItem[];
  const tasks = new Map<string, EditTask>();
  const initiatives = new Map<string, EditInitiative>();
  for (const i of mine) {
    if (i.kind === 'task') {
      tasks.set(i.id, { id: i.id, title: i.title, status: i.status, file: i.file, blockedBy: i.blockedBy, relatedTo: i.relatedTo,
        initiativeId: i.initiativeId, hasPlan: i.planFile !== null, weight: i.weight });
    } else if (i.kind === 'initiative') {
      initiatives.set(i.id, { id: i.id, title: i.title, file: i.file });
    }
  }
  return { root: abs, tasks, initiatives, now };
}

/** RFC 3339 in UTC without milliseconds, as orc writes timestamps. */
export function timestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The dependency cycle `deps` would close through `id`, as `A → B → … → A` (A blocked by B blocked by … A), found
 * by a breadth-first search from each new blocker back to `id`: the shortest such cycle. Null when there is none.
 */
export function cycleThrough(ctx: OrcEditContext, id: string, deps: readonly string[]): string[] | null {
  const edges = (n: string) => (n === id ? deps : ctx.tasks.get(n)?.blockedBy ?? []);
  const parent = new Map<string, string>();
  const queue: string[] = [];
  for (const d of deps) if (d !== id && !parent.has(d)) { parent.set(d, id); queue.push(d); }
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const next of edges(node)) {
      if (next === id) {
        // Walked back from the end, then turned round: unshift would copy the path at every step.
        const back = [id, node];
        for (let p = parent.get(node)!; p !== id; p = parent.get(p)!) back.push(p);
        back.push(id);
        return back.reverse();
      }
      if (!parent.has(next) && ctx.tasks.has(next)) { parent.set(next, node); queue.push(next); }
    }
  }
  return null;
}

export function taskOrRefuse(ctx: OrcEditContext, id: string): EditTask {
  const task = ctx.tasks.get(id);
  if (!task) throw new EditRefused(`no task ${id} in ${ctx.root} (or its task.yaml could not be read)`);
  return task;
}
