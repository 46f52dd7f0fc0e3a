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

/** The CLI's persistent index lives in the user's cache folder, never in the repository it reads. */
export function cliCacheDir(): string {
  return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'baton');
}

/** Opens and scans the service for one folder the way every read command needs it. */
export async function openService(args: ServiceArgs): Promise<{ root: string; service: OrchestrationService }> {
  const root = path.resolve(args.dir ?? '.');
  const stat = await fs.stat(root).catch(() => undefined);
  if (!stat?.isDirectory()) throw new UsageError(`not a folder: ${args.dir ?? root}`);
  const home = path.resolve(args.home ?? os.homedir());
  const service = new OrchestrationService({
    folders: [{ root, ultraworkSessions: path.join(home, '.claude', 'ultrawork', 'sessions'), orangeRoot: path.join(home, 'orange') }],
    cache: args.noCache ? undefined : new JsonIndexCache(cliCacheDir()),
  });
  await service.scan();
  return { root, service };
}
