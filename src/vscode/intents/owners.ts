import type { Intent } from '../../core/formats/intents/model';
import type { Elsewhere } from '../../core/model/items';
import { placeKey, shortWhere } from '../places/place-groups';
import type { Owner } from '../../core/service/ownership';
import type { OrchestrationService } from '../../core/service/orchestration-service';

/** One owning intent of a file, with every way it owns it (owned_scope pattern, intent map). */
export interface FileOwner {
  readonly root: string;
  readonly id: string;
  /** The intent as the index has it, or undefined when only the intent map names it. */
  readonly intent: Intent | undefined;
  readonly name: string;
  readonly ways: readonly Owner[];
}

/** The intents that own an absolute path, one entry per intent (an intent may own a file two ways). */
export function fileOwners(service: OrchestrationService, file: string): FileOwner[] {
  const found = service.intents.ownersOfFile(file);
  // Most files have no owner: answer those from the index alone (the Explorer asks for every visible file).
  if (!found?.owners.length) return [];
  const byId = new Map<string, Owner[]>();
  for (const o of found.owners) (byId.get(o.intent) ?? byId.set(o.intent, []).get(o.intent)!).push(o);
  const intents = service.items().filter((i): i is Intent => i.system === 'intents' && i.root === found.root);
  return [...byId].map(([id, ways]) => {
    const intent = intents.find((i) => i.id === id);
    return { root: found.root, id, intent, name: intent?.title ?? ways[0]!.name, ways };
  });
}

/** An intent claiming a file in another worktree or on a ref, with every way it does. */
export interface FileOwnerElsewhere {
  readonly root: string;
  readonly id: string;
  readonly name: string;
  readonly elsewhere: Elsewhere;
  readonly ways: readonly Owner[];
}

/**
 * The intents of other worktrees and refs that own an absolute path (when those are read), one entry per intent
 * and place; an owner identical to the folder's own (the claim every branch inherited) is not repeated.
 */
export function fileOwnersElsewhere(service: OrchestrationService, file: string): FileOwnerElsewhere[] {
  if (!service.places.active) return [];
  const found = service.intents.ownersOfFile(file);
  if (!found) return [];
  const byKey = new Map<string, { id: string; elsewhere: Elsewhere; ways: Owner[] }>();
  for (const o of service.places.ownersElsewhere(found.root, found.relative)) {
    if (o.via === 'trace') continue; // having last changed a file there is no claim on it
    const key = `${o.intent}\u0000${placeKey(o.elsewhere)}`;
    const entry = byKey.get(key) ?? byKey.set(key, { id: o.intent, elsewhere: o.elsewhere, ways: [] }).get(key)!;
    entry.ways.push(o);
  }
  return [...byKey.values()].map((e) => ({ root: found.root, id: e.id, name: e.ways[0]!.name, elsewhere: e.elsewhere, ways: e.ways }));
}

/** "INT-009 on origin/feature-a", "INT-3 in worktree wt-b". */
export function ownerElsewhereText(o: FileOwnerElsewhere): string {
  return `${o.id} ${shortWhere(o.elsewhere)}`;
}

/** "owned_scope src/auth/** and the intent map" — how an intent owns a file, in words. */
export function describeWays(ways: readonly Owner[]): string {
  return ways.map((w) => (w.via === 'owned_scope' ? `owned_scope ${w.pattern}` : w.via === 'intent_map' ? 'the intent map'
    : 'the agent trace (it last changed this file)')).join(' and ');
}

/** Whether a change event touched the intents system's items (the map panel shows their names). */
export function touchesIntents(change: { changed: readonly { system: string }[]; removed: readonly string[] }): boolean {
  return change.changed.some((i) => i.system === 'intents') || change.removed.some((k) => k.includes('\u0000intents\u0000'));
}

/**
 * Fires `listener` with the folder whose ownership changed: active_intents.yaml or intent_map.md was re-read
 * (a row for an intent nobody lists changes no item, yet changes who owns a file), or a trace append changed who
 * last changed a file nothing else owns. Other trace appends do not fire.
 */
export function onOwnershipChange(service: OrchestrationService, listener: (root: string) => void): { dispose(): void } {
  const seen = new Map<string, number>();
  for (const root of service.folders) seen.set(root, service.intents.ownershipGeneration(root));
  return service.onDidChange((change) => {
    const now = service.intents.ownershipGeneration(change.root);
    if (seen.get(change.root) !== now) { seen.set(change.root, now); listener(change.root); }
  });
}
