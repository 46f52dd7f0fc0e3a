import type { Intent } from '../core/formats/intents/model';
import { problemPlace } from '../core/model/item-problem';
import type { WorkItem } from '../core/service/work-item';
import { printableRow } from '../core/util/printable';

/** The intents part of `baton scan`'s readable summary: one line per intent, with its scope. */
export function intentsSummary(items: readonly WorkItem[]): string[] {
  const intents = items.filter((i): i is Intent => i.system === 'intents');
  if (!intents.length) return [];
  const lines = [`\nintents: ${intents.length} intent${intents.length === 1 ? '' : 's'}`];
  for (const i of intents) {
    if (i.unreadable) {
      // active_intents.yaml cannot be read: its row, with the problem (also under the problems below).
      lines.push(printableRow`  ${i.id}  ${i.status}: ${i.unreadable.message}${problemPlace(i.unreadable)}`);
      continue;
    }
    const scope = i.ownedScope.length ? printableRow`  [${i.ownedScope.join(', ')}]` : '';
    const selected = i.selected ? '  (selected)' : '';
    lines.push(printableRow`  ${i.id.padEnd(10)} ${(i.status || '(none)').padEnd(11)} ${i.title}` + scope + selected);
  }
  return lines;
}
