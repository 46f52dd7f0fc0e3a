import type { OrangeTask } from '../core/formats/orange/model';
import { NEEDS_YOU_STATUSES, NO_DAEMON_NOTE } from '../core/formats/orange/vocabulary';
import type { WorkItem } from '../core/service/work-item';
import { problemPlace } from '../core/model/item-problem';
import { printableRow } from '../core/util/printable';

/** The orange part of `baton scan`'s readable summary: one line per task, by project, with what waits on a person. */
export function orangeSummary(items: readonly WorkItem[]): string[] {
  const tasks = items.filter((i): i is OrangeTask => i.system === 'orange');
  if (!tasks.length) return [];
  const lines = [`\norange: ${tasks.length} task${tasks.length === 1 ? '' : 's'}`];
  for (const t of tasks) {
    if (t.unreadable) {
      // A task whose TASK.md is broken stays listed, with its problem (also under the problems below).
      lines.push(printableRow`  ${t.id}  ${t.project.padEnd(10)} ${t.status.padEnd(13)} ${t.unreadable.message}${problemPlace(t.unreadable)}`);
      continue;
    }
    const flags = [t.verdict && printableRow`review ${t.verdict}`, t.reviewRound && `round ${t.reviewRound}`, t.crashCount && `${t.crashCount} crash${t.crashCount === 1 ? '' : 'es'}`,
      NEEDS_YOU_STATUSES.includes(t.status) && 'needs you'].filter(Boolean);
    lines.push(printableRow`  ${t.id}  ${t.project.padEnd(10)} ${t.status.padEnd(13)} ${t.title}` + (flags.length ? `  [${flags.join(', ')}]` : ''));
  }
  lines.push(`  (${NO_DAEMON_NOTE.replace(/`/g, '')})`);
  return lines;
}
