import { compareDiagnostics, hasErrors } from '../core/model/diagnostic';
import { diagnosticLine } from '../core/report/scan-report';
import { parse } from './args';
import { openService } from './open-service';

export const checkUsage = 'baton check [DIR] [--home HOME] [--no-cache]';

/** `baton check`: the diagnostics alone, one a line, as `file:line:column: severity: message`. */
export async function checkCommand(argv: string[], out: (s: string) => void): Promise<number> {
  const { values, positionals } = parse(argv, { home: { type: 'string' }, 'no-cache': { type: 'boolean' } });
  const { root, service } = await openService({ dir: positionals[0], home: values.home, noCache: !!values['no-cache'] });
  const diagnostics = [...service.diagnostics()].sort(compareDiagnostics);
  for (const d of diagnostics) out(diagnosticLine(root, d));
  return hasErrors(diagnostics) ? 1 : 0;
}
