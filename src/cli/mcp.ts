import { readFileSync } from 'node:fs';
import path from 'node:path';
import { format } from 'node:util';
import { JsonIndexCache } from '../core/service/index-cache';
import { OrchestrationService } from '../core/service/orchestration-service';
import { printable } from '../core/util/printable';
import { parse } from './args';
import { cliCacheDir } from './cache-dir';
import { CONTEXT_OPTIONS, contextOverrides } from './context-options';
import { folderContext, foldersOf } from './open-service';
import { GitMetadataPoll } from '../core/places/git-metadata-stamp';
import { otherPlaces } from '../core/places/places-service';
import { placeOptions, placesOf } from './places-args';
import type { CliOutput } from './output';

import { serveMcp } from '../mcp/serve';

/** With --worktrees or --refs: how often the server looks whether git's refs or worktree records moved. */
const PLACES_POLL_MS = 2_000;

/**
 * `baton mcp [DIR…] [--home HOME] [--orc-home DIR] [--ultrawork-sessions DIR] [--orange-root DIR] [--systems LIST]
 * [--trace-tail N] [--worktrees] [--refs PATTERN]…`: a Model Context Protocol server over stdio on the index `scan` reads, kept live
 * (src/mcp/serve.ts). Several DIRs are several folders of one service, as in the editor; the
 * other options are the editor's settings for every folder (the editor passes them so its agents see what its sidebar shows). Stdout carries the protocol
 * only; messages go to stderr. Ends with status 0 when standard input closes.
 */
export async function mcpCommand(argv: string[], out: CliOutput): Promise<number> {
  const { values, positionals } = parse(argv, { home: { type: 'string' }, 'no-cache': { type: 'boolean' }, ...CONTEXT_OPTIONS, ...placeOptions });
  const places = await placesOf(values);
  const overrides = contextOverrides(values);
  const roots = await foldersOf(positionals);
  // Stdout is the protocol: anything a library would print there goes to stderr instead.
  console.log = console.info = console.debug = (...args: unknown[]) => { process.stderr.write(`${format(...args)}\n`); };
  // The CLI's record cache only speeds the first scan: every record it gives is checked against the file's size
  // and mtime, and from then on the watcher and the stat sweep re-read what changes.
  const service = new OrchestrationService({ folders: roots.map((root) => ({ ...folderContext(root, values.home), ...overrides })),
    cache: values['no-cache'] ? undefined : new JsonIndexCache(cliCacheDir()), ...(places ? { places: otherPlaces(places) } : {}) });
  // Other worktrees' files are watched with the folders' (service.watchPatterns); refs and the worktree list are
  // listed again when their folders' stamp moves (no git runs while nothing moves; a ref whose tree did not move is
  // not read again).
  const poll = new GitMetadataPoll(() => service.places.gitWatchPatterns().map((p) => p.base), () => void service.places.update().catch(() => undefined));
  const relist = places ? setInterval(() => void poll.tick().catch(() => undefined), PLACES_POLL_MS) : undefined;
  relist?.unref();
  // Scanned while the client initialises: a large workspace's first scan never holds up `initialize`.
  await serveMcp(service, { version: batonVersion(), ready: service.scan(), log: (m) => out.error(`baton mcp: ${printable(m)}`) });
  clearInterval(relist);
  return 0;
}

/** The version in package.json beside dist/ (the .vsix and the npm package both ship it). */
function batonVersion(): string {
  try {
    return String((JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { version?: unknown }).version ?? '0.0.0');
  } catch {
    return '0.0.0';
  }
}
