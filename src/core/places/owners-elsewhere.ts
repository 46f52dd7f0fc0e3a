import type { IntentsFileRecord, IntentsRecord, MapFileRecord, TraceFileRecord } from '../formats/intents/model';
import { MatcherCache, OwnershipIndex, type Owner } from '../service/ownership';
import { tracedOwners } from '../service/trace-owners';
import type { PlaceState } from './places';

/** An owner found in another place: which intent, how, and where. */
import type { OwnerElsewhere } from '../service/other-places';

export type { OwnerElsewhere } from '../service/other-places';

/**
 * Ownership indexes of the other places, built from each place's intents records and kept while those records are
 * the same objects (a ref that did not move, a worktree whose intents files were not re-read).
 */
export class PlacesOwnership {
  private readonly built = new WeakMap<PlaceState, { intents?: IntentsRecord; map?: IntentsRecord; trace?: IntentsRecord; index: OwnershipIndex }>();

  /**
   * Owners of a folder-relative path in the other places, leaving out an owner the folder itself gives
   * (the same intent, way and entry: the claim every branch inherited).
   */
  ownersOf(relPath: string, places: readonly PlaceState[], own: readonly Owner[]): OwnerElsewhere[] {
    const ownKeys = new Set(own.map(ownerKey));
    const out: OwnerElsewhere[] = [];
    for (const place of places) {
      for (const owner of this.indexOf(place)?.ownersOf(relPath) ?? []) {
        if (!ownKeys.has(ownerKey(owner))) out.push({ ...owner, elsewhere: place.elsewhere });
      }
    }
    return out;
  }

  private indexOf(place: PlaceState): OwnershipIndex | undefined {
    let intents: IntentsFileRecord | undefined;
    let map: MapFileRecord | undefined;
    let trace: TraceFileRecord | undefined;
    for (const { record } of place.records('intents')) {
      const r = record as IntentsRecord;
      if (r.kind === 'intents') intents = r; else if (r.kind === 'map') map = r; else trace = r;
    }
    if (!intents && !map) return undefined;
    const known = this.built.get(place);
    if (known && known.intents === intents && known.map === map && known.trace === trace) return known.index;
    const index = new OwnershipIndex(intents, map, new MatcherCache(), tracedOwners(place.root, intents, trace).byFile);
    this.built.set(place, { intents, map, trace, index });
    return index;
  }
}

function ownerKey(o: Owner): string {
  return `${o.intent}\u0000${o.via}\u0000${o.pattern ?? ''}`;
}
