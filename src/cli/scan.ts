import { hasErrors } from '../core/model/diagnostic';
import { diagnosticLine, scanReport } from '../core/report/scan-report';
import type { WorkItem } from '../core/service/work-item';
import { problemPlace } from '../core/model/item-problem';
import { printable, printableRow } from '../core/util/printable';
import { parse } from './args';
import { intentsSummary } from './scan-intents';
import { orangeSummary } from './scan-orange';
import { orchestralSummary } from './scan-orchestral';
import { ultraworkSummary } from './scan-ultrawork';
import { openServices, type OpenedFolder } from './open-service';
import type { CliOutput } from './output';

export const scanUsage = 'baton scan [DIR…] [--json] [--home HOME] [--no-cache]';

/**
 * `baton scan`: every orchestrator's state for each folder, as a summary or as CLI.md's JSON. One folder gives the
 * contract's object; several give `{ "baton": 1, "folders": [<that object per folder>, …] }` and one summary block
 * per folder, in the order given.
 */
export async function scanCommand(argv: string[], out: CliOutput): Promise<number> {
  const { values, positionals } = parse(argv, { json: { type: 'boolean' }, home: { type: 'string' }, 'no-cache': { type: 'boolean' } });
  const folders = await openServices({ dirs: positionals, home: values.home, noCache: !!values['no-cache'] });
  if (values.json) {
    const reports = folders.map(({ root, service }) => scanReport(root, service.items(), service.decisions(), service.diagnostics()));
    out.json(JSON.stringify(reports.length === 1 ? reports[0] : { baton: 1, folders: reports }, null, 2));
  } else {
    folders.forEach((folder, n) => { if (n) out.line(''); printSummary(folder, out); });
  }
  return folders.some(({ service }) => hasErrors(service.diagnostics())) ? 1 : 0;
}

/** Written a line at a time, so a big workspace streams and `| head` stops it early. */
function printSummary({ root, service }: OpenedFolder, out: CliOutput): void {
  const items = service.items();
  const diagnostics = service.diagnostics();
  for (const part of [summary(root, items), orchestralSummary(items, service.decisions()), intentsSummary(items), ultraworkSummary(items), orangeSummary(items)]) {
    for (const line of part) out.line(line);
  }
  if (diagnostics.length) {
    out.line(`\n${diagnostics.length} problem${diagnostics.length === 1 ? '' : 's'}:`);
    for (const d of [...diagnostics].sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0))) out.line(`  ${printable(diagnosticLine(root, d))}`);
  }
}

function summary(root: string, items: readonly WorkItem[]): string[] {
  const lines = [printableRow`Baton scan of ${root}`];
  const tasks = items.filter((i) => i.system === 'orc' && i.kind === 'task');
  const initiatives = items.filter((i) => i.system === 'orc' && i.kind === 'initiative');
  if (!items.length) {
    lines.push('No orchestrator state found (looked for orc.yaml, .orc/, .orchestral/, .dure/, .orchestration/, and the home roots).');
    return lines;
  }
  if (tasks.length || initiatives.length) {
    lines.push(`\norc: ${tasks.length} task${tasks.length === 1 ? '' : 's'}, ${initiatives.length} initiative${initiatives.length === 1 ? '' : 's'}`);
    for (const t of tasks) {
      if (t.kind !== 'task') continue;
      if (t.unreadable) {
        // A task whose task.yaml is broken stays listed, with its problem (also under the problems below).
        lines.push(printableRow`  ${t.id.padEnd(10)} ${t.status.padEnd(11)} ${''.padEnd(8)} ${t.unreadable.message}${problemPlace(t.unreadable)}`);
        continue;
      }
      const flags = [t.blocked && 'blocked', t.orphaned && 'orphaned', t.queue === 'backlog' && 'backlog'].filter(Boolean);
      lines.push(printableRow`  ${t.id.padEnd(10)} ${t.status.padEnd(11)} ${t.priority.padEnd(8)} ${t.title}` + (flags.length ? `  [${flags.join(', ')}]` : ''));
    }
    for (const i of initiatives) {
      if (i.kind !== 'initiative') continue;
      lines.push(printableRow`  ${i.id.padEnd(10)} ${i.status.padEnd(11)} ${'initiative'.padEnd(8)} ${i.title}` + (i.blocked ? '  [BLOCKED]' : ''));
    }
  }
  return lines;
}
