import type { SavedOutput } from '../core/service/scan-snapshot';
import type { CliOutput } from './output';
import { placeOptions } from './place-options';

/**
 * The commands whose output a scan snapshot saves (scan-snapshot.ts), each as its options (parseArgs), the view its
 * output is saved under (the command and every option that shapes it) and how the folders' outputs are printed.
 * Shared by the commands (scan.ts, check.ts) and their second-run answer (fast-answer.ts), so that both read the same
 * options and print the very same bytes.
 */
export const scanOptions = { json: { type: 'boolean' }, home: { type: 'string' }, 'no-cache': { type: 'boolean' }, ...placeOptions } as const;
export const checkOptions = { home: { type: 'string' }, 'no-cache': { type: 'boolean' }, ...placeOptions } as const;

export function scanView(json: boolean): string {
  return json ? 'scan --json' : 'scan';
}

/** With several folders each line is relative to the current folder: part of what the saved output depends on. */
export function checkView(several: boolean, cwd: string): string {
  return several ? `check from ${cwd}` : 'check';
}

/**
 * `baton scan`'s output and exit status. One folder gives the contract's object; several give
 * `{ "baton": 1, "folders": [<that object per folder>, …] }` and one summary block per folder.
 */
export function printScan(folders: readonly SavedOutput[], json: boolean, out: CliOutput): number {
  if (json) {
    out.json(folders.length === 1 ? folders[0]!.text : `{"baton":1,"folders":[${folders.map((f) => String(f.text)).join(',')}]}`);
  } else {
    folders.forEach((folder, n) => { if (n) out.line(''); out.line(String(folder.text)); });
  }
  return exitStatus(folders);
}

/** `baton check`'s output (each folder's problems, none for a folder without) and exit status. */
export function printCheck(folders: readonly SavedOutput[], out: CliOutput): number {
  for (const { text } of folders) if (text.length) out.line(String(text));
  return exitStatus(folders);
}

function exitStatus(folders: readonly SavedOutput[]): number {
  return folders.some((f) => f.hasErrors) ? 1 : 0;
}
