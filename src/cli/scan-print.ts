import type { SavedOutput } from '../core/service/scan-snapshot';
import type { CliOutput } from './output';

/**
 * Prints `baton scan`'s output of each folder and gives its exit status; shared by the command (scan.ts) and its
 * second-run answer (fast-scan.ts), so that both print the very same bytes. One folder gives the contract's object;
 * several give `{ "baton": 1, "folders": [<that object per folder>, …] }` and one summary block per folder.
 */
export function printScan(folders: readonly SavedOutput[], json: boolean, out: CliOutput): number {
  if (json) {
    out.json(folders.length === 1 ? folders[0]!.text : `{"baton":1,"folders":[${folders.map((f) => String(f.text)).join(',')}]}`);
  } else {
    folders.forEach((folder, n) => { if (n) out.line(''); out.line(String(folder.text)); });
  }
  return folders.some((f) => f.hasErrors) ? 1 : 0;
}
