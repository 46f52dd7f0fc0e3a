import type { Diagnostic } from './diagnostic';
import type { ItemProblem } from './items';

/**
 * The first error of a file that yielded no fields: what its placeholder item shows and where it opens the file
 * (every system's placeholder — an orc task, an orange task, a Dure run, an Ultrawork session, an intent — uses it).
 */
export function problemOf(diagnostics: readonly Diagnostic[], fallback = 'cannot be read'): ItemProblem {
  const first = diagnostics.find((d) => d.severity === 'error') ?? diagnostics[0];
  return { message: first?.message ?? fallback, line: first?.line ?? null, column: first?.column ?? null };
}

/** The problem of a file that is there but could not be opened or read at all (a FIFO, too large, no permission). */
export function unreadableFileProblem(what: string, cause: string): ItemProblem {
  return { message: `${what} cannot be read (${cause})`, line: null, column: null };
}

/** " (line 3, column 8)", or nothing when the problem is not tied to a place. */
export function problemPlace(p: ItemProblem): string {
  return p.line === null ? '' : ` (line ${p.line}${p.column === null ? '' : `, column ${p.column}`})`;
}
