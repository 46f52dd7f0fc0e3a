import { ScanSnapshotStore, type SavedOutput } from '../core/service/scan-snapshot';
import { cliCacheDir } from './cache-dir';
import { takeCheckedSnapshot } from './checked-snapshots';
import { cliCodeFiles } from './cli-code';
import { folderContext, folderService, foldersOf, type OpenedFolder, type ServiceArgs } from './open-service';

export interface FolderOutput extends SavedOutput {
  readonly root: string;
}

export interface SavedOutputs {
  readonly folders: readonly FolderOutput[];
  /** Saves the record cache and the scan snapshot of each folder that was read: call it after printing. */
  save(): Promise<void>;
}

/**
 * One view's output (`view` names the command and every option that shapes it) for each folder. A folder whose
 * saved scan is still current — the same files, each with the same size and mtime, nothing on the clock or in the
 * process table that would turn a verdict (ScanSnapshotStore) — gives its saved output without reading a file; any
 * other folder is scanned and `render`ed, and its snapshot saved by `save()` once the caller has printed.
 * With `noCache`, every folder is read and nothing is saved. With other places (`--worktrees`, `--refs`), every
 * folder is read (git's refs move without any of the folder's files changing) and only the record cache is saved.
 */
export async function savedOutputs(args: Omit<ServiceArgs, 'dir'> & { readonly dirs: readonly string[] }, view: string,
  render: (folder: OpenedFolder) => SavedOutput): Promise<SavedOutputs> {
  const store = new ScanSnapshotStore(cliCacheDir(), cliCodeFiles());
  const folders: FolderOutput[] = [];
  const saves: (() => Promise<void>)[] = [];
  for (const root of await foldersOf(args.dirs)) {
    const ctx = folderContext(root, args.home);
    const service = folderService(root, args, !args.noCache && !args.places);
    // What the second-run answer found of this folder, when it ran and could not answer (checked-snapshots.ts).
    const handed = args.noCache || args.places ? undefined : takeCheckedSnapshot(root, args.home);
    const snapshot = args.noCache || args.places ? undefined : handed ? handed.snapshot : await store.load(ctx);
    const known = handed?.check?.listing ? handed.check : undefined;
    const current = snapshot !== undefined && (known ? known.current : await service.unchangedSince(root, snapshot.facts));
    const saved = current ? snapshot.outputs.get(view) : undefined;
    if (saved && snapshot) {
      folders.push({ root, ...saved });
      // A snapshot without its discovery's witness (saved while a folder had just changed: fs-witness.ts) gets the
      // witness of this check, so that the next run can answer from the small bundle (fast-answer.ts).
      const witnessed = snapshot.facts.discovery ? undefined : service.witnessedFacts(root, snapshot.facts);
      if (witnessed?.discovery) saves.push(() => store.save(ctx, { facts: witnessed, outputs: snapshot.outputs }));
      continue;
    }
    // With the listing proven, the scan lists nothing and stats nothing: it re-reads the files that moved.
    await service.scan({ deferCacheSave: true, known: known && snapshot && { root, facts: snapshot.facts, moved: known.moved ?? new Map(), at: known.at } });
    const rendered = render({ root, service });
    // Its UTF-8 bytes once, both printed and saved (a report is tens of megabytes: each encoding of it costs).
    const output = { ...rendered, text: Buffer.from(rendered.text) };
    folders.push({ root, ...output });
    if (args.noCache) { service.dispose(); continue; }
    if (args.places) {
      saves.push(async () => { await service.saveChangedCache(); service.dispose(); });
      continue;
    }
    saves.push(async () => {
      await service.saveChangedCache();
      const facts = service.scanFacts(root);
      // Other views saved from the very same facts stay beside this one.
      const keep = current && JSON.stringify(facts) === JSON.stringify(snapshot.facts) ? snapshot.outputs : [];
      if (facts) await store.save(ctx, { facts, outputs: new Map([...keep, [view, output]]) });
    });
  }
  return { folders, save: async () => { for (const save of saves) await save(); } };
}
