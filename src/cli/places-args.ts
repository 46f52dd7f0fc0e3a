import type { PlacesSettings } from '../core/places/places-service';
import { refPatternProblem } from '../core/places/repository';
import { UsageError } from './args';

export { placeOptions } from './place-options';

/**
 * The places a command was asked to read besides the folder's own, or undefined when neither flag was given (then
 * the command runs exactly as before: no git at all). The command line is trusted (the user typed it), so git runs.
 * A pattern git would not accept is a usage error.
 */
export async function placesOf(values: { worktrees?: boolean; refs?: string[] }): Promise<PlacesSettings | undefined> {
  const refs = values.refs ?? [];
  if (!values.worktrees && !refs.length) return undefined;
  for (const pattern of refs) {
    const problem = await refPatternProblem(process.cwd(), pattern);
    if (problem) throw new UsageError(`--refs: ${problem}`);
  }
  return { trusted: true, worktrees: !!values.worktrees, refs: [...new Set(refs)] };
}
