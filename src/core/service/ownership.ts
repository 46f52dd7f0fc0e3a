import { intentTitle } from '../formats/intents/intent-fields';
import type { IntentsFileRecord, MapFileRecord } from '../formats/intents/model';
import { compileScopeEntry, relativeGlobEntry, type CompiledEntry, type ScopeEntry } from '../formats/intents/scope';

/**
 * One way an intent owns a file (CLI.md `baton owner`). `trace`: nothing else gives the file to an intent, and the
 * newest trace entry that changed it names this one (who last modified it).
 */
export interface Owner {
  readonly intent: string;
  readonly name: string;
  readonly via: 'owned_scope' | 'intent_map' | 'trace';
  /** The owned_scope entry that matched, as written (only for `owned_scope`). */
  readonly pattern?: string;
}

/**
 * Compiled scope entries, shared by successive ownership indexes: a pattern is compiled once, when it first
 * appears, and dropped when no intent uses it any more. `compiled` counts compilations (tests read it).
 */
export class MatcherCache {
  private matchers = new Map<string, CompiledEntry>();
  compiled = 0;

  matcherFor(entry: ScopeEntry): CompiledEntry {
    const key = `${entry.kind}\u0000${entry.normalized}`;
    let m = this.matchers.get(key);
    if (!m) { this.matchers.set(key, m = compileScopeEntry(entry)); this.compiled++; }
    return m;
  }

  /** Keeps only the matchers the latest index used. */
  retain(used: ReadonlySet<string>): void {
    for (const key of this.matchers.keys()) if (!used.has(key)) this.matchers.delete(key);
  }
}

interface Claim {
  readonly intent: string;
  readonly name: string;
  readonly order: number;
  readonly entry: ScopeEntry;
  readonly test: CompiledEntry;
}

/**
 * Which intents own which files of one workspace folder: an index built once per change of
 * active_intents.yaml or intent_map.md, never a scan of the workspace. Plain-path entries and map rows are keyed
 * by path; globs are filed under their static base folder (`src/auth/**` under `src/auth`), so a lookup only
 * walks the file's own ancestor folders and tests the few globs filed there.
 */
export class OwnershipIndex {
  private readonly byPath = new Map<string, Claim[]>();
  private readonly globsByBase = new Map<string, Claim[]>();
  private readonly exclusions = new Map<string, Claim[]>();
  private readonly mapped = new Map<string, { intent: string; name: string }[]>();
  private readonly mappedGlobs = new Map<string, { intent: string; name: string; test: CompiledEntry }[]>();
  private readonly names = new Map<string, string>();

  /** `traced`: who last changed each file according to the trace (trace-owners.ts), asked only when nothing else owns it. */
  constructor(intents: IntentsFileRecord | undefined, map: MapFileRecord | undefined, cache: MatcherCache,
    private readonly traced: ReadonlyMap<string, string> = new Map()) {
    const used = new Set<string>();
    const names = this.names;
    intents?.intents.forEach((intent, order) => {
      const id = intent.view.id;
      const name = intent.view.name ?? (intentTitle(intent.view) === id ? '' : intentTitle(intent.view));
      names.set(id, name);
      for (const entry of intent.scope) {
        if (entry.refused) continue;
        used.add(`${entry.kind}\u0000${entry.normalized}`);
        const claim: Claim = { intent: id, name, order, entry, test: cache.matcherFor(entry) };
        if (entry.negated) push(this.exclusions, id, claim);
        else if (entry.kind === 'path') push(this.byPath, entry.normalized, claim);
        else push(this.globsByBase, entry.base, claim);
      }
    });
    for (const row of map?.rows ?? []) {
      if (!row.owner) continue;
      const owner = { intent: row.owner, name: names.get(row.owner) ?? '' };
      if (!row.glob) { push(this.mapped, row.file, owner); continue; }
      const entry = relativeGlobEntry(row.file);
      used.add(`${entry.kind}\u0000${entry.normalized}`);
      push(this.mappedGlobs, entry.base, { ...owner, test: cache.matcherFor(entry) });
    }
    cache.retain(used);
  }

  /** Owners of a workspace-relative path (with `/`): one entry per intent and way, in the file's order. */
  ownersOf(relPath: string): Owner[] {
    const found = new Map<string, Claim>();
    for (const folder of selfAndAncestors(relPath)) {
      for (const claim of this.byPath.get(folder) ?? []) this.consider(found, claim, relPath);
      for (const claim of this.globsByBase.get(folder) ?? []) this.consider(found, claim, relPath);
    }
    const owners: Owner[] = [...found.values()].sort((a, b) => a.order - b.order)
      .map((c) => ({ intent: c.intent, name: c.name, via: 'owned_scope', pattern: c.entry.pattern }));
    // The map's rows for the path itself or a folder holding it (`src/api/weather/`, as a plain folder in owned_scope
    // covers its files), then its globs (nearest folder first); one entry per intent.
    const mapped = new Map<string, { intent: string; name: string }>();
    for (const folder of selfAndAncestors(relPath)) for (const o of this.mapped.get(folder) ?? []) if (!mapped.has(o.intent)) mapped.set(o.intent, o);
    for (const folder of selfAndAncestors(relPath)) {
      for (const g of this.mappedGlobs.get(folder) ?? []) if (!mapped.has(g.intent) && g.test(relPath)) mapped.set(g.intent, { intent: g.intent, name: g.name });
    }
    for (const o of mapped.values()) owners.push({ intent: o.intent, name: o.name, via: 'intent_map' });
    if (!owners.length) {
      const last = this.traced.get(relPath);
      if (last) owners.push({ intent: last, name: this.names.get(last) ?? '', via: 'trace' });
    }
    return owners;
  }

  private consider(found: Map<string, Claim>, claim: Claim, relPath: string): void {
    const earlier = found.get(claim.intent);
    if (earlier && earlier.order <= claim.order) return;
    if (!claim.test(relPath)) return;
    if ((this.exclusions.get(claim.intent) ?? []).some((x) => x.test(relPath))) return;
    found.set(claim.intent, claim);
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value); else map.set(key, [value]);
}

/** `a/b/c.ts` → `a/b/c.ts`, `a/b`, `a`, `` (the path itself may be a folder an entry names). */
function selfAndAncestors(relPath: string): string[] {
  const out = [relPath];
  for (let i = relPath.lastIndexOf('/'); i > 0; i = relPath.lastIndexOf('/', i - 1)) out.push(relPath.slice(0, i));
  out.push('');
  return out;
}
