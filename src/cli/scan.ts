import { hasErrors } from '../core/model/diagnostic';
import { diagnosticLine, scanReport } from '../core/report/scan-report';
import type { WorkItem } from '../core/model/work-item';
import { parse } from './args';
import { intentsSummary } from './scan-intents';
import { orangeSummary } from './scan-orange';
import { orchestralSummary } from './scan-orchestral';
import { ultraworkSummary } from './scan-ultrawork';
import { openService } from './open-service';

export const scanUsage = 'baton scan [DIR] [--json] [--home HOME] [--no-cache]';

/** `baton scan`: every orchestrator's state for one folder, as a summary or as CLI.md's JSON. */
export async function scanCommand(argv: string[], out: (s: string) => void): Promise<number> {
  const { values, positionals } = parse(argv, { json: { type: 'boolean' }, home: { type: 'string' }, 'no-cache': { type: 'boolean' } });
  const { root, service } = await openService({ dir: positionals[0], home: values.home, noCache: !!values['no-cache'] });
  const items = service.items();
  const diagnostics = service.diagnostics();
  if (values.json) {
    out(JSON.stringify(scanReport(root, items, service.decisions(), diagnostics), null, 2));
  } else {
    out([summary(root, items), ...orchestralSummary(items, service.decisions()), ...intentsSummary(items), ...ultraworkSummary(items), ...orangeSummary(items)].join('\n'));
    const report = scanReport(root, items, [], diagnostics);
    if (report.diagnostics.length) {
      out(`\n${diagnostics.length} problem${diagnostics.length === 1 ? '' : 's'}:`);
      for (const d of [...diagnostics].sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0))) out(`  ${diagnosticLine(root, d)}`);
    }
  }
  return hasErrors(diagnostics) ? 1 : 0;
}

function summary(root: string, items: readonly WorkItem[]): string {
  const lines = [`Baton scan of ${root}`];
  const tasks = items.filter((i) => i.system === 'orc' && i.kind === 'task');
  const initiatives = items.filter((i) => i.system === 'orc' && i.kind === 'initiative');
  if (!items.length) {
    lines.push('No orchestrator state found (looked for orc.yaml, .orc/, .orchestral/, .dure/, .orchestration/, and the home roots).');
    return lines.join('\n');
  }
  if (tasks.length || initiatives.length) {
    lines.push(`\norc: ${tasks.length} task${tasks.length === 1 ? '' : 's'}, ${initiatives.length} initiative${initiatives.length === 1 ? '' : 's'}`);
    for (const t of tasks) {
      if (t.kind !== 'task') continue;
      const flags = [t.blocked && 'blocked', t.orphaned && 'orphaned', t.queue === 'backlog' && 'backlog'].filter(Boolean);
      lines.push(`  ${t.id.padEnd(10)} ${t.status.padEnd(11)} ${t.priority.padEnd(8)} ${t.title}${flags.length ? `  [${flags.join(', ')}]` : ''}`);
    }
    for (const i of initiatives) {
      if (i.kind !== 'initiative') continue;
      lines.push(`  ${i.id.padEnd(10)} ${i.status.padEnd(11)} ${'initiative'.padEnd(8)} ${i.title}${i.blocked ? '  [BLOCKED]' : ''}`);
    }
  }
  return lines.join('\n');
}
