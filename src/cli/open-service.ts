import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JsonIndexCache } from '../core/service/index-cache';
import { OrchestrationService } from '../core/service/orchestration-service';
import { UsageError } from './args';

export interface ServiceArgs {
  readonly dir: string | undefined;
  readonly home: string | undefined;
  readonly noCache: boolean;
}

export interface OpenedFolder {
  readonly root: string;
  readonly service: OrchestrationService;
}

/** The CLI's persistent index lives in the user's cache folder, never in the repository it reads. */
export function cliCacheDir(): string {
  return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'baton');
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
  const dirs = args.dirs.length ? args.dirs : ['.'];
  const roots: string[] = [];
  for (const dir of dirs) {
    const root = path.resolve(dir);
    const stat = await fs.stat(root).catch(() => undefined);
    if (!stat?.isDirectory()) throw new UsageError(`not a folder: ${dir}`);
    roots.push(root);
  }
  const opened: OpenedFolder[] = [];
  for (const root of roots) opened.push({ root, service: await scanFolder(root, args) });
  return opened;
}

async function scanFolder(root: string, args: Omit<ServiceArgs, 'dir'>): Promise<OrchestrationService> {
  const home = path.resolve(args.home ?? os.homedir());
  const service = new OrchestrationService({
    folders: [{ root, ultraworkSessions: path.join(home, '.claude', 'ultrawork', 'sessions'), orangeRoot: path.join(home, 'orange'),
      orcHome: path.join(home, '.orc') }],
    cache: args.noCache ? undefined : new JsonIndexCache(cliCacheDir()),
  });
  await service.scan();
  return service;
}
