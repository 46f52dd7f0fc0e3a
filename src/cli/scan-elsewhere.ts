import type { ElsewhereState } from '../core/places/places-service';
import { whereText } from '../core/places/where';
import { displayPath } from '../core/report/scan-report';
import { printableRow } from '../core/util/printable';

/**
 * The part of `baton scan`'s readable summary for other worktrees and refs: one block per place that differs from
 * the folder, headed by where it is, with each item and decision found there (their problems are listed with the
 * folder's, each saying where).
 */
export function elsewhereSummary(root: string, elsewhere: ElsewhereState): string[] {
  const blocks = new Map<string, string[]>();
  const block = (where: string) => {
    let lines = blocks.get(where);
    if (!lines) blocks.set(where, lines = []);
    return lines;
  };
  for (const item of elsewhere.items) {
    block(whereText(item.elsewhere)).push(printableRow`  ${item.system} ${item.kind} ${item.id.padEnd(10)} ${(item.status || '(none)').padEnd(11)} ${item.title}  (${displayPath(root, item.file)})`);
  }
  for (const d of elsewhere.decisions) {
    block(whereText(d.elsewhere)).push(printableRow`  waiting: ${d.system} ${d.kind} ${d.id} ${d.status}: ${d.question}`);
  }
  if (!blocks.size) return [];
  const lines: string[] = [];
  for (const [where, rows] of blocks) lines.push(printableRow`\n${where.charAt(0).toUpperCase()}${where.slice(1)}: ${String(rows.length)} differing from this folder`, ...rows);
  return lines;
}
