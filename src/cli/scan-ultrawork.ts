import type { UltraworkSession, UltraworkTask } from '../core/formats/ultrawork/model';
import { problemPlace } from '../core/model/item-problem';
import type { WorkItem } from '../core/service/work-item';
import { printableRow } from '../core/util/printable';

/** The Ultrawork part of `baton scan`'s readable summary: each session with its phase and title (its goal), then its tasks. */
export function ultraworkSummary(items: readonly WorkItem[]): string[] {
  const sessions = items.filter((i): i is UltraworkSession => i.system === 'ultrawork' && i.kind === 'session');
  if (!sessions.length) return [];
  const tasks = items.filter((i): i is UltraworkTask => i.system === 'ultrawork' && i.kind === 'task');
  const lines = [`\nultrawork: ${sessions.length} session${sessions.length === 1 ? '' : 's'}`];
  for (const s of sessions) {
    const flags = [s.assignment === 'unassigned' && 'unassigned', s.cancelledAt && 'cancelled',
      s.unreadable && printableRow`${s.unreadable.message}${problemPlace(s.unreadable)}`].filter(Boolean);
    lines.push(printableRow`  ${s.id}  ${s.status.padEnd(13)} ${s.title}` + (flags.length ? `  [${flags.join(', ')}]` : ''));
    for (const t of tasks.filter((x) => x.sessionDir === s.dir)) {
      if (t.unreadable) {
        lines.push(printableRow`    ${t.taskId.padEnd(8)} ${t.status.padEnd(11)} ${t.unreadable.message}${problemPlace(t.unreadable)}`);
        continue;
      }
      const met = t.criteria.filter((c) => c.met).length;
      const blocked = t.blocked && (t.waitingOn.length ? printableRow`blocked by ${t.waitingOn.join(', ')}` : 'blocked');
      const extra = [blocked, t.criteria.length && `${met}/${t.criteria.length} criteria`].filter(Boolean);
      lines.push(printableRow`    ${t.taskId.padEnd(8)} ${t.status.padEnd(11)} ${t.title}` + (extra.length ? `  [${extra.join('; ')}]` : ''));
    }
  }
  return lines;
}
