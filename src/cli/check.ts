import { compareDiagnostics, hasErrors } from '../core/model/diagnostic';
import { diagnosticLine } from '../core/report/scan-report';
import { printable } from '../core/util/printable';
import { parse } from './args';
import type { CliOutput } from './output';
import { openServices } from './open-service';

export const checkUsage = 'baton check [DIR…] [--home HOME] [--no-cache]';

/**
 * `baton check`: the diagnostics alone, one a line, as `file:line:column: severity: message`. With one folder the
 * file is relative to it; with several, relative to the current folder (absolute when outside it), so each line
 * says which folder it is about and a problem matcher run from here finds the file.
 */
export async function checkCommand(argv: string[], out: CliOutput): Promise<number> {
  const { values, positionals } = parse(argv, { home: { type: 'string' }, 'no-cache': { type: 'boolean' } });
  const folders = await openServices({ dirs: positionals, home: values.home, noCache: !!values['no-cache'] });
  const base = folders.length === 1 ? folders[0]!.root : process.cwd();
  let errors = false;
  for (const { service } of folders) {
    const diagnostics = [...service.diagnostics()].sort(compareDiagnostics);
    for (const d of diagnostics) out.line(printable(diagnosticLine(base, d)));
    errors ||= hasErrors(diagnostics);
  }
  return errors ? 1 : 0;
}
