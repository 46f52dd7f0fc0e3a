import type { Diagnostic } from '../model/diagnostic';
import type { Elsewhere } from '../model/items';
import type { Intent } from '../formats/intents/model';
import { intentStatusKind } from '../formats/intents/vocabulary';
import { intentItemJson } from '../formats/intents/json';
import type { WorkItem } from '../service/work-item';
import type { PlaceState } from './places';
import { scopeOverlap } from './scope-overlap';
import { whereText } from './where';

/** One intent as claimed in one or more places (the same content in 200 refs is one claim). */
interface Claim {
  readonly intent: Intent;
  readonly places: (Elsewhere | undefined)[];
  readonly placeKeys: Set<string>;
}

/**
 * Two active intents in different places that own overlapping scope: two agents working apart that may change the
 * same files. One warning per pair of claims, naming both intents and both places. An intent claimed with the same
 * content in several places is one claim; a pair that some place holds together is left to that place (its own
 * files already show both); two versions of one intent (same id and name, a status changed on a branch) are no
 * conflict.
 */
export function crossPlaceConflicts(ownItems: readonly WorkItem[], root: string, places: readonly PlaceState[],
  locate: (intent: Intent) => { line: number; column: number } | undefined = () => undefined): Diagnostic[] {
  const claims = new Map<string, Claim>();
  const add = (item: WorkItem, elsewhere: Elsewhere | undefined) => {
    if (item.system !== 'intents' || item.unreadable || intentStatusKind(item.status) !== 'active') return;
    if (!item.scope.some((s) => !s.negated && !s.refused)) return;
    const key = `${item.id}\u0000${item.status}\u0000${JSON.stringify(item.scope.map((s) => [s.normalized, s.negated, s.kind]))}\u0000${JSON.stringify(intentItemJson(item).name)}`;
    let claim = claims.get(key);
    if (!claim) claims.set(key, claim = { intent: item, places: [], placeKeys: new Set() });
    const placeKey = elsewhere ? JSON.stringify(elsewhere) : '';
    if (!claim.placeKeys.has(placeKey)) { claim.placeKeys.add(placeKey); claim.places.push(elsewhere); }
  };
  for (const item of ownItems) if (item.root === root) add(item, undefined);
  for (const place of places) for (const item of place.items) add(item, place.elsewhere);
  const list = [...claims.values()];
  const out: Diagnostic[] = [];
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      const [a, b] = orderClaims(list[i]!, list[j]!);
      if (a.intent.id === b.intent.id && (a.intent.name ?? a.intent.title) === (b.intent.name ?? b.intent.title)) continue;
      if ([...a.placeKeys].some((k) => b.placeKeys.has(k))) continue;
      const overlap = scopeOverlap(a.intent.scope, b.intent.scope);
      if (!overlap) continue;
      const at = locate(a.intent);
      out.push({
        system: 'intents', file: a.intent.file, line: at?.line ?? null, column: at?.column ?? null, severity: 'warning',
        message: `${describe(a)} and ${describe(b)} both claim overlapping scope (${overlap.a} and ${overlap.b}): two agents may be changing the same files`,
        ...(a.places[0] ? { elsewhere: a.places[0] } : {}),
      });
    }
  }
  return out;
}

/** The folder's own claim first, so the problem sits on the folder's own file when one side is there. */
function orderClaims(x: Claim, y: Claim): [Claim, Claim] {
  return !x.placeKeys.has('') && y.placeKeys.has('') ? [y, x] : [x, y];
}

function describe(c: Claim): string {
  const name = c.intent.name ?? (c.intent.title !== c.intent.id ? c.intent.title : '');
  const own = c.places.includes(undefined);
  const first = own ? undefined : c.places[0];
  const more = c.places.length - 1;
  return `${c.intent.id}${name ? ` "${name}"` : ''} ${whereText(first)}${more > 0 ? ` (and ${more} other place${more === 1 ? '' : 's'})` : ''}`;
}
