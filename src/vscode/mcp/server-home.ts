import path from 'node:path';
import type { SourceContext } from '../../core/model/adapter';

/**
 * Where `baton mcp --home HOME` reads each home-rooted state folder: the CLI's layout under HOME
 * (`folderContext` in src/cli/open-service.ts; a unit test holds the two together).
 */
const UNDER_HOME = {
  ultraworkSessions: ['.claude', 'ultrawork', 'sessions'],
  orangeRoot: ['orange'],
  orcHome: ['.orc'],
} as const;
type HomeRoot = keyof typeof UNDER_HOME;
const ROOTS = Object.keys(UNDER_HOME) as HomeRoot[];

/** The setting that moves each folder in the editor. */
const SETTING: Record<HomeRoot, string> = {
  ultraworkSessions: 'baton.ultrawork.sessionsRoot',
  orangeRoot: 'baton.orange.root',
  orcHome: 'baton.orc.home',
};

export interface ServerHome {
  /** The `--home` to pass, when the sidebar's folders all sit under one home other than the real one. */
  readonly home?: string;
  /** The settings the server cannot follow (`setting (folder)`): they point elsewhere and no one `--home` matches them. */
  readonly unseen: readonly string[];
}

/**
 * The `--home` that makes the server read the same Ultrawork, orange and orc folders as the sidebar. The editor
 * sets each with its own setting, per workspace folder; the CLI takes one HOME for all three. When every folder's
 * three roots lie at the CLI's places under one HOME, that HOME is passed (nothing when it is the real home: the
 * default). Otherwise the server reads the real home's folders, and the settings that point elsewhere are named.
 */
export function serverHome(contexts: readonly SourceContext[], realHome: string): ServerHome {
  const home = path.resolve(realHome);
  const bases = new Set<string | undefined>(contexts.flatMap((c) => ROOTS.map((root) => homeOf(c[root] ?? path.join(home, ...UNDER_HOME[root]), root))));
  if (bases.size === 1) {
    const [base] = bases;
    if (base !== undefined) return { ...(base === home ? {} : { home: base }), unseen: [] };
  }
  const unseen = new Set<string>();
  for (const c of contexts) {
    for (const root of ROOTS) {
      const folder = c[root];
      if (folder !== undefined && path.resolve(folder) !== path.join(home, ...UNDER_HOME[root])) unseen.add(`${SETTING[root]} (${folder})`);
    }
  }
  return { unseen: [...unseen] };
}

/** The HOME under which `folder` is the CLI's place for `root`, if it is one. */
function homeOf(folder: string, root: HomeRoot): string | undefined {
  let base = path.resolve(folder);
  for (const part of [...UNDER_HOME[root]].reverse()) {
    if (path.basename(base) !== part) return undefined;
    base = path.dirname(base);
  }
  return base;
}
