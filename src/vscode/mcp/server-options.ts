import os from 'node:os';
import path from 'node:path';
import type { SourceContext } from '../../core/model/adapter';
import { DEFAULT_TRACE_TAIL } from '../../core/model/source-context';
import { SYSTEMS } from '../../core/model/system';

/**
 * The folder settings `baton mcp` takes as options (src/cli/context-options.ts), with the CLI's default for each
 * (its place under the real home; every system; the default trace tail). A unit test holds the defaults to the CLI.
 */
const OPTIONS = [
  { key: 'orcHome', option: '--orc-home', setting: 'baton.orc.home', cliDefault: (home: string) => path.join(home, '.orc') },
  { key: 'ultraworkSessions', option: '--ultrawork-sessions', setting: 'baton.ultrawork.sessionsRoot',
    cliDefault: (home: string) => path.join(home, '.claude', 'ultrawork', 'sessions') },
  { key: 'orangeRoot', option: '--orange-root', setting: 'baton.orange.root', cliDefault: (home: string) => path.join(home, 'orange') },
  { key: 'systems', option: '--systems', setting: 'baton.systems', cliDefault: () => SYSTEMS.join(',') },
  { key: 'traceTail', option: '--trace-tail', setting: 'baton.intents.traceTail', cliDefault: () => String(DEFAULT_TRACE_TAIL) },
] as const;

export interface ServerOptions {
  /** The options that make the server read what the sidebar reads (none when every setting is the CLI's default). */
  readonly args: readonly string[];
  /** Settings whose folders disagree (`setting (folder: value)`): one option serves every folder, so the CLI's default is used. */
  readonly unseen: readonly string[];
}

/**
 * The `baton mcp` options for the sidebar's folder settings. One option applies to every folder of the server: a
 * setting the folders agree on is passed when it is not the CLI's default; one they disagree on is named instead.
 */
export function serverOptions(contexts: readonly SourceContext[], realHome = os.homedir()): ServerOptions {
  const args: string[] = [];
  const unseen: string[] = [];
  for (const { key, option, setting, cliDefault } of OPTIONS) {
    const fallback = cliDefault(path.resolve(realHome));
    const values = contexts.map((c) => valueOf(c, key) ?? fallback);
    if (new Set(values).size > 1) {
      unseen.push(`${setting} (${contexts.map((c, n) => `${path.basename(c.root)}: ${values[n]}`).join('; ')})`);
    } else if (values[0] !== undefined && values[0] !== fallback) {
      args.push(option, values[0]);
    }
  }
  return { args, unseen };
}

/** A context's value for one option, written the way the option takes it. */
function valueOf(ctx: SourceContext, key: (typeof OPTIONS)[number]['key']): string | undefined {
  switch (key) {
    case 'systems': return ctx.systems && SYSTEMS.filter((s) => ctx.systems!.includes(s)).join(',');
    case 'traceTail': return ctx.traceTail === undefined ? undefined : String(ctx.traceTail);
    default: return ctx[key] === undefined ? undefined : path.resolve(ctx[key]);
  }
}
