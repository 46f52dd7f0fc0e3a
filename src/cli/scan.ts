import { hasErrors } from '../core/model/diagnostic';
import { diagnosticLine, scanReportText } from '../core/report/scan-report';
import type { WorkItem } from '../core/service/work-item';
import { problemPlace } from '../core/model/item-problem';
import { printable, printableRow } from '../core/util/printable';
import { parse } from './args';
import { intentsSummary } from './scan-intents';
import { orangeSummary } from './scan-orange';
import { orchestralSummary } from './scan-orchestral';
import { ultraworkSummary } from './scan-ultrawork';
import type { OpenedFolder } from './open-service';
import { savedOutputs } from './saved-output';
import type { CliOutput } from './output';
import type { Diagnostic } from '../core/model/diagnostic';
import type { SystemId } from '../core/model/system';
import { whereText } from '../core/places/where';
import { placesOf } from './places-args';
import { printScan, scanOptions, scanView } from './saved-views';
import { elsewhereSummary } from './scan-elsewhere';
import { orcFoldersWithoutTasks, type OrcWithoutTasks } from '../core/formats/orc-eras/without-tasks';
import { displayPath } from '../core/report/display-path';


/**
 * `baton scan`: every orchestrator's state for each folder, as a summary or as CLI.md's JSON. One folder gives the
 * contract's object; several give `{ "baton": 1, "folders": [<that object per folder>, …] }` and one summary block
 * per folder, in the order given.
 */
export async function scanCommand(argv: string[], out: CliOutput): Promise<number> {
  const { values, positionals } = parse(argv, scanOptions);
  const json = !!values.json;
  const places = await placesOf(values);
  const { folders, save } = await savedOutputs({ dirs: positionals, home: values.home, noCache: !!values['no-cache'], places },
    scanView(json), ({ root, service }) => {
      // Without --worktrees/--refs nothing is elsewhere: the output is byte for byte what it always was.
      const elsewhere = service.places.elsewhere(root);
      const diagnostics = [...service.diagnostics(), ...elsewhere.diagnostics];
      return {
        text: json ? scanReportText(root, [...service.items(), ...elsewhere.items], [...service.decisions(), ...elsewhere.decisions], diagnostics)
          : [...summaryLines({ root, service }, elsewhere.diagnostics), ...elsewhereSummary(root, elsewhere)].join('\n'),
        hasErrors: hasErrors(diagnostics),
      };
    });
  const status = printScan(folders, json, out);
  // Printed first: whoever reads the output has it while the caches are written.
  await save();
  return status;
}

function summaryLines({ root, service }: OpenedFolder, elsewhereDiagnostics: readonly Diagnostic[]): string[] {
  const items = service.items();
  const diagnostics = [...service.diagnostics(), ...elsewhereDiagnostics];
  const withoutTasks = orcFoldersWithoutTasks([root], items, (r) => service.records('orc', r), (r) => service.contextOf(r)?.orcHome)[0];
  const lines = [summary(root, items, withoutTasks, service.systemsWithOwnFiles(root)), orchestralSummary(items, service.decisions()), intentsSummary(items), ultraworkSummary(items), orangeSummary(items)].flat();
  if (diagnostics.length) {
    lines.push(`\n${diagnostics.length} problem${diagnostics.length === 1 ? '' : 's'}:`);
    for (const d of [...diagnostics].sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0))) {
      lines.push(`  ${printable(diagnosticLine(root, d))}${d.elsewhere ? printableRow` (${whereText(d.elsewhere)})` : ''}`);
    }
  }
  return lines;
}

/** What a system set up in a folder with nothing to show yet has there (orc's own line is withoutTasks'). */
const SET_UP_WITHOUT_STATE: Partial<Record<SystemId, string>> = {
  orchestral: 'orchestral: Dure (or Orchestral) is set up here, no runs or missions yet: a run shows once Dure writes its state.json',
  intents: 'intents: .orchestration/ is here, with no intent in it yet',
};

function summary(root: string, items: readonly WorkItem[], withoutTasks: OrcWithoutTasks | undefined, ownFiles: ReadonlySet<SystemId>): string[] {
  const lines = [printableRow`Baton scan of ${root}`];
  const tasks = items.filter((i) => i.system === 'orc' && i.kind === 'task');
  const initiatives = items.filter((i) => i.system === 'orc' && i.kind === 'initiative');
  // An orc project without tasks (its config committed, its database on another machine) is said as such.
  if (withoutTasks) {
    const { config, database, reason } = withoutTasks;
    lines.push(printableRow`\norc: project ${displayPath(root, (config ?? database)!)}, no tasks: ${reason}`);
  }
  for (const system of ownFiles) {
    const setUp = SET_UP_WITHOUT_STATE[system];
    if (setUp && !items.some((i) => i.system === system)) lines.push(`\n${setUp}`);
  }
  if (!items.length) {
    if (lines.length > 1) return lines;
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
