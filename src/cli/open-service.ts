import { promises as fs } from 'node:fs';
import path from 'node:path';
import { JsonIndexCache } from '../core/service/index-cache';
import { OrchestrationService } from '../core/service/orchestration-service';
import { otherPlaces, type PlacesSettings } from '../core/places/places-service';
import { UsageError } from './args';
import { cliCacheDir } from './cache-dir';
import { folderContext } from './folder-context';

export interface ServiceArgs {
  readonly dir: string | undefined;
  readonly home: string | undefined;
  readonly noCache: boolean;
  /** Other worktrees and refs to read too (`--worktrees`, `--refs`); none when absent. */
  readonly places?: PlacesSettings;
}

export interface OpenedFolder {
  readonly root: string;
  readonly service: OrchestrationService;
}


/** Opens and scans the service for one folder the way every read command needs it. */
export async function openService(args: ServiceArgs): Promise<OpenedFolder> {
  return (await openServices({ ...args, dirs: args.dir === undefined ? [] : [args.dir] }))[0]!;
}

/**
 * `baton scan A B` / `baton check A B`: one service per folder, scanned one after the other, so each folder's
 * report is exactly what a run on that folder alone gives. Every DIR is checked before anything is read.
 */
export async function openServices(args: Omit<ServiceArgs, 'dir'> & { readonly dirs: readonly string[] }): Promise<OpenedFolder[]> {
  const opened: OpenedFolder[] = [];
  for (const root of await foldersOf(args.dirs)) {
    const service = folderService(root, args);
    await service.scan();
    opened.push({ root, service });
  }
  return opened;
}

/** The folders a command was given (the current folder when none), absolute; every one is checked before anything is read. */
export async function foldersOf(dirs: readonly string[]): Promise<string[]> {
  const roots: string[] = [];
  for (const dir of dirs.length ? dirs : ['.']) {
    const root = path.resolve(dir);
    const stat = await fs.stat(root).catch(() => undefined);
    if (!stat?.isDirectory()) throw new UsageError(`not a folder: ${dir}`);
    roots.push(root);
  }
  return roots;
}

export { folderContext } from './folder-context';

/**
 * The service of one folder, not scanned yet, with the CLI's record cache unless told not to use it; `recordsDiscovery`
 * for a scan whose snapshot is saved (its discovery witnessed: scan-snapshot.ts, fast-answer.ts).
 */
export function folderService(root: string, args: Omit<ServiceArgs, 'dir'>, recordsDiscovery = false): OrchestrationService {
  return new OrchestrationService({ folders: [folderContext(root, args.home)],
    cache: args.noCache ? undefined : new JsonIndexCache(cliCacheDir()), ...(args.places ? { places: otherPlaces(args.places) } : {}),
    recordsDiscovery });
}
