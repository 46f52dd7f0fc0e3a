import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ScanSnapshotStore, type SavedOutput } from '../core/service/scan-snapshot';
import { checkSnapshot } from '../core/service/snapshot-proof';
import { handOverCheckedSnapshots, type CheckedSnapshot } from './checked-snapshots';
import { cliCacheDir } from './cache-dir';
import { cliCodeFiles } from './cli-code';
import { folderContext } from './folder-context';
import { cliOutput, endQuietlyWhenReaderGoes, readerGone, type CliOutput } from './output';
import { checkOptions, checkView, printCheck, printScan, scanOptions, scanView } from './saved-views';

/** The commands answered here: those whose output a snapshot saves (saved-views.ts). */
export type SavedCommand = 'scan' | 'check';

/**
 * `baton scan` and `baton check` when nothing changed, answered without the CLI (dist/cli-fast.js, loaded by the
 * launcher before dist/cli-main.js, which is a megabyte to compile): each folder's saved output (scan-snapshot.ts),
 * once its facts are proven current with file system calls alone (snapshot-proof.ts). Gives the exit status, or
 * undefined — nothing printed — for anything else: another option, a folder without a current snapshot or one whose
 * proof fails, a usage error. The launcher then runs the command in full, which gives the same output or its own answer.
 */
export async function answerFromSnapshot(command: SavedCommand, argv: string[], out: CliOutput = cliOutput): Promise<number | undefined> {
  let parsed;
  try {
    // The command's own options and rules (it parses with the same), so no option is read differently here.
    parsed = parseArgs({ args: argv, options: command === 'scan' ? scanOptions : checkOptions, allowPositionals: true, strict: true });
  } catch {
    return undefined;
  }
  const { values, positionals } = parsed;
  if (values['no-cache'] || values.worktrees || values.refs) return undefined;
  const json = 'json' in values && !!values.json;
  const view = command === 'scan' ? scanView(json) : checkView(positionals.length > 1, process.cwd());
  const store = new ScanSnapshotStore(cliCacheDir(), cliCodeFiles());
  const folders: SavedOutput[] = [];
  const checked: CheckedSnapshot[] = [];
  for (const dir of positionals.length ? positionals : ['.']) {
    const root = path.resolve(dir);
    if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) return undefined;
    const snapshot = await store.load(folderContext(root, values.home));
    const check = snapshot && checkSnapshot(snapshot.facts, Date.now());
    checked.push({ root, home: values.home, snapshot, check });
    const saved = snapshot?.outputs.get(view);
    if (saved && check?.current) folders.push(saved);
  }
  if (folders.length < checked.length) {
    // The CLI reads what moved: what was found here saves it listing and stat'ing every file again.
    handOverCheckedSnapshots(checked);
    return undefined;
  }
  // Only now: a run that falls back leaves stdout to the CLI's own handling.
  if (out === cliOutput) endQuietlyWhenReaderGoes();
  const status = command === 'scan' ? printScan(folders, json, out) : printCheck(folders, out);
  return readerGone() ? 0 : status; // as the CLI's main does
}
