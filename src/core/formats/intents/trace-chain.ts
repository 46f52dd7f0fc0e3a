import { sha256Of } from '../../io/content-hash';
import { obj, type Obj } from './trace-fields';

/**
 * Hash-chained traces: some forks seal each entry with `record_hash` and the `prev_record_hash` of the entry
 * before it (under `integrity{chain, prev_record_hash, record_hash}`, or at the top level). How `record_hash` is
 * computed differs per fork (which fields, which serialisation), so Baton checks only what every chain promises:
 * each entry names the hash of the one before it. An entry changed, removed or inserted breaks that link.
 */
export interface ChainLink {
  /** null: the entry says it is the first of the chain. */
  readonly prev: string | null | undefined;
  readonly record: string | undefined;
}

export function chainLinkOf(line: Obj): ChainLink | undefined {
  const holder = obj(line.integrity) ?? line;
  if (!('prev_record_hash' in holder) && !('record_hash' in holder)) return undefined;
  const prev = holder.prev_record_hash;
  return {
    prev: typeof prev === 'string' ? prev : prev === null ? null : undefined,
    record: typeof holder.record_hash === 'string' ? holder.record_hash : undefined,
  };
}

/**
 * Indices (in `links`, oldest first) of the entries whose link to the entry before them is broken: their
 * `prev_record_hash` is not the previous entry's `record_hash`, or says "first" although a sealed entry precedes
 * it. An entry before which nothing sealed was read (the first of the chain, or the oldest entry read) is not
 * checked: the writers hash an unsealed line's raw text, which only they can repeat.
 */
export function chainBreaks(links: readonly (ChainLink | undefined)[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < links.length; i++) {
    const before = links[i - 1]?.record;
    const link = links[i];
    if (!link || link.prev === undefined || before === undefined) continue;
    if (link.prev !== before) out.push(i);
  }
  return out;
}

/** How a new line joined the chain of the trace it was appended to. */
export interface ChainJoin {
  /** The newest entry's record_hash, written as the new line's prev_record_hash (null: it has none, nothing was linked). */
  readonly prev: string | null;
  /** Whether record_hash was written: only when Baton can compute it the way the file's newest entry was. */
  readonly recordHash: boolean;
  readonly note?: string;
}

/**
 * Seals `entry` the way the hash-chained `example` (the trace's newest entry) is: `prev_record_hash` = the
 * example's `record_hash`, in the same place (`integrity{…}` or the top level). `record_hash` is written only when
 * the example's own one is what Baton computes for it — sha256 of the entry without its hashes, with
 * `prev_record_hash` added last, as JSON (the Gersum/Roo-Code-10x hook) — since a chain with a hash its fork
 * computes another way would read as broken to that fork; otherwise it is left out and the note says so.
 * A trace that is not chained, or whose newest entry has no record_hash to link to, is left as it is.
 */
export function sealLike(entry: Obj, example: Obj): { entry: Obj; chain?: ChainJoin } {
  const link = chainLinkOf(example);
  if (!link) return { entry };
  if (link.record === undefined) {
    return { entry, chain: { prev: null, recordHash: false, note: 'the newest entry has no record_hash to link to, so the new line is not chained' } };
  }
  const nested = obj(example.integrity) !== undefined;
  const exampleHolder = nested ? obj(example.integrity)! : example;
  const repeatable = recordHashOf(example, nested, link.prev ?? null, link.record) === link.record;
  // The example only shows that its own fields are hashed this way: a fork may hash a fixed list of fields, so a
  // line with a field the example has not (an entry without files keeps its intent at the top) is not sealed.
  const extra = Object.keys(entry).filter((k) => !(k in example));
  const record = repeatable && !extra.length ? recordHashOf(entry, false, link.record, link.record) : undefined;
  const seal: Obj = nested && 'chain' in exampleHolder ? { chain: exampleHolder.chain } : {};
  seal.prev_record_hash = link.record;
  if (record !== undefined) seal.record_hash = record;
  const note = record !== undefined ? undefined : !repeatable
    ? 'record_hash left out: the newest entry\'s record_hash is not computed the way Baton can repeat (sha256 of the entry with '
      + 'prev_record_hash), so only the link to it (prev_record_hash) was written'
    : `record_hash left out: the new line has fields the newest entry has not (${extra.join(', ')}), and whether this trace's `
      + 'record_hash covers them cannot be told, so only the link to it (prev_record_hash) was written';
  return { entry: nested ? { ...entry, integrity: seal } : { ...entry, ...seal }, chain: { prev: link.record, recordHash: record !== undefined, note } };
}

/** sha256 of the line without its chain fields, `prev_record_hash` added last; bare hex when `like` is bare hex. */
function recordHashOf(line: Obj, nested: boolean, prev: string | null, like: string): string {
  const rest: Obj = {};
  for (const [k, v] of Object.entries(line)) if (nested ? k !== 'integrity' : k !== 'prev_record_hash' && k !== 'record_hash') rest[k] = v;
  rest.prev_record_hash = prev;
  const hash = sha256Of(JSON.stringify(rest));
  return like.startsWith('sha256:') ? hash : hash.slice('sha256:'.length);
}
