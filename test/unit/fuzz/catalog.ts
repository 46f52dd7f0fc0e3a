import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { SourceContext } from '../../../src/core/model/adapter';
import { defaultAdapters } from '../../../src/core/service/orchestration-service';
import { FIXTURES, REPO } from '../helpers/temp-workspace';

/** The folders whose valid files seed the fuzzers: the demo first (every system), then the test fixtures. */
const BASES = [
  path.join(REPO, 'demo'),
  path.join(FIXTURES, 'workspace'),
  path.join(FIXTURES, 'orc', 'valid'),
  path.join(FIXTURES, 'orc', 'config-variant'),
  path.join(FIXTURES, 'ultrawork', 'valid'),
];

/** One kind of file of one system (task.yaml, a CRP, agent_trace.jsonl…), with real valid samples of it. */
export interface FileFormat {
  readonly system: string;
  /** e.g. `orc: <task>/task.yaml`, `orchestral: crp/*.json`. */
  readonly name: string;
  /** The folder the samples come from (copied whole into each test's temp workspace). */
  readonly base: string;
  /** Sample files, relative to `base`. */
  readonly samples: readonly string[];
}

/** The home-directory roots a folder holds (the demo keeps Ultrawork's and orange's state under home/). */
export function contextFor(root: string): SourceContext {
  const sessions = path.join(root, 'home', '.claude', 'ultrawork', 'sessions');
  const orange = path.join(root, 'home', 'orange');
  return { root, ...(existsSync(sessions) ? { ultraworkSessions: sessions } : {}), ...(existsSync(orange) ? { orangeRoot: orange } : {}) };
}

/** A file's kind: its folder and name with ids (anything with a digit) replaced, e.g. `tasks/*.json`, `*`/task.yaml. */
function kindOf(rel: string): string {
  const parts = rel.split(path.sep);
  const generic = (s: string) => (/\d/.test(s) || s.length > 24 ? '*' : s);
  const name = parts[parts.length - 1]!;
  const ext = path.extname(name);
  const stem = name.slice(0, name.length - ext.length);
  return `${generic(parts[parts.length - 2] ?? '.')}/${/\d/.test(stem) ? '*' : stem}${ext}`;
}

/**
 * Every file kind every registered adapter reads, found by asking the adapters of defaultAdapters() which files of
 * the sample folders are theirs: a system added there is fuzzed as soon as its files are in demo/ or test/fixtures/.
 * Synchronous, so mocha can declare one test per format.
 */
export function fileFormats(): FileFormat[] {
  const adapters = defaultAdapters();
  const formats = new Map<string, { system: string; name: string; base: string; samples: string[] }>();
  for (const base of BASES) {
    if (!existsSync(base)) continue;
    const ctx = contextFor(base);
    for (const file of walk(base)) {
      const adapter = adapters.find((a) => a.accepts(file, ctx));
      if (!adapter) continue;
      const name = `${adapter.system}: ${kindOf(path.relative(base, file))}`;
      const format = formats.get(name) ?? { system: adapter.system, name, base, samples: [] };
      formats.set(name, format);
      if (format.base === base) format.samples.push(path.relative(base, file));
    }
  }
  return [...formats.values()].map((f) => ({ ...f, samples: f.samples.sort() }));
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === '.git') continue;
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(abs)); else if (entry.isFile()) out.push(abs);
  }
  return out.sort();
}
