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
