import { compareDiagnostics, hasErrors } from '../core/model/diagnostic';
import { diagnosticLine } from '../core/report/scan-report';
import { printable } from '../core/util/printable';
import { parse } from './args';
import type { CliOutput } from './output';
import { savedOutputs } from './saved-output';
import { whereText } from '../core/places/where';
import { placesOf } from './places-args';
import { checkOptions, checkView, printCheck } from './saved-views';


/**
 * `baton check`: the diagnostics alone, one a line, as `file:line:column: severity: message`. With one folder the
 * file is relative to it; with several, relative to the current folder (absolute when outside it), so each line
 * says which folder it is about and a problem matcher run from here finds the file.
 */
export async function checkCommand(argv: string[], out: CliOutput): Promise<number> {
  const { values, positionals } = parse(argv, checkOptions);
  const places = await placesOf(values);
  const several = positionals.length > 1;
  const base = several ? process.cwd() : undefined;
  const { folders, save } = await savedOutputs({ dirs: positionals, home: values.home, noCache: !!values['no-cache'], places },
    checkView(several, process.cwd()), ({ root, service }) => {
      const diagnostics = [...service.diagnostics(), ...service.places.elsewhere(root).diagnostics].sort(compareDiagnostics);
      // A problem found in another worktree or on a ref says where at the end of its message.
      return { text: diagnostics.map((d) => printable(diagnosticLine(base ?? root, d) + (d.elsewhere ? ` (${whereText(d.elsewhere)})` : ''))).join('\n'),
        hasErrors: hasErrors(diagnostics) };
    });
  const status = printCheck(folders, out);
  await save();
  return status;
}
