import type { Intent } from '../core/formats/intents/model';
import type { WorkItem } from '../core/service/work-item';
import { printableRow } from '../core/util/printable';

/** The intents part of `baton scan`'s readable summary: one line per intent, with its scope. */
export function intentsSummary(items: readonly WorkItem[]): string[] {
  const intents = items.filter((i): i is Intent => i.system === 'intents');
  if (!intents.length) return [];
  const lines = [`\nintents: ${intents.length} intent${intents.length === 1 ? '' : 's'}`];
  for (const i of intents) {
    const scope = i.ownedScope.length ? printableRow`  [${i.ownedScope.join(', ')}]` : '';
    const selected = i.selected ? '  (selected)' : '';
    lines.push(printableRow`  ${i.id.padEnd(10)} ${(i.status || '(none)').padEnd(11)} ${i.title}` + scope + selected);
  }
  return lines;
}
