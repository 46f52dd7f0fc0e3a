import type { YamlPath } from '../../yaml/locate';
import { ALIASES } from './intent-fields';

/*
 * Where the intents are in active_intents.yaml. The spec puts them under `intents`; forks use `active_intents`, a
 * bare list, intents keyed by their id, or one intent alone, and add root keys of their own (`version`, `project`,
 * `updated_at`, `sessions`, and the selected intent as `active_intent_id` or `active_intent`).
 */

export interface IntentSlot {
  readonly raw: unknown;
  /** The `yaml` path to the intent's mapping. */
  readonly path: YamlPath;
  /** The key the intent sits under when intents are keyed by id. */
  readonly keyId?: string;
}

export interface IntentListShape {
  readonly entries: readonly IntentSlot[];
  /** The root key of the (first) list, or null for a bare list or a single intent. */
  readonly rootKey: string | null;
  /** Ids the file marks as selected (`active_intent_id: INT-002`, or `active_intents: [INT-002]` beside `intents`). */
  readonly selected: readonly string[];
  /** The other root keys, as written. */
  readonly rootFields: Readonly<Record<string, unknown>>;
  /** Set when the file is a single value, not a mapping or a list. */
  readonly problem?: string;
}

const LIST_KEYS = ['intents', 'active_intents', 'activeIntents', 'intent_registry', 'registry'];
const SELECTED_KEYS = ['active_intent_id', 'active_intent', 'activeIntentId', 'activeIntent', 'current_intent',
  'current_intent_id', 'selected_intent', 'selected_intent_id'];

const isMap = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const hasId = (v: unknown) => isMap(v) && ALIASES.id.some((k) => v[k] !== undefined && v[k] !== null);
const idText = (v: unknown) => (typeof v === 'string' && v.trim() ? v : typeof v === 'number' ? String(v) : undefined);

/** A list of intents, or a map of intents keyed by id: the slots it holds (undefined when it is neither). */
function slotsOf(value: unknown, at: YamlPath): IntentSlot[] | undefined {
  if (Array.isArray(value)) {
    // A list of plain ids is a selection, not the intents themselves.
    if (value.length && value.every((v) => idText(v) !== undefined)) return undefined;
    return value.map((raw, i) => ({ raw, path: [...at, i] }));
  }
  if (isMap(value)) {
    const entries = Object.entries(value);
    if (entries.length && entries.every(([, v]) => isMap(v))) return entries.map(([key, raw]) => ({ raw, path: [...at, key], keyId: key }));
  }
  return undefined;
}

export function findIntentList(value: unknown): IntentListShape {
  if (Array.isArray(value)) return { entries: value.map((raw, i) => ({ raw, path: [i] })), rootKey: null, selected: [], rootFields: {} };
  // A wrapper around the whole registry (`intent_ledger: {version, active_intent_id, intents: […]}`).
  const wrapper = isMap(value) ? wrapperKey(value) : undefined;
  if (wrapper && isMap(value)) {
    const inner = findListIn(value[wrapper] as Record<string, unknown>, [wrapper]);
    return { ...inner, rootFields: { ...Object.fromEntries(Object.entries(value).filter(([k]) => k !== wrapper)), ...inner.rootFields } };
  }
  return findListIn(value, []);
}

/** The one root key whose map holds a known list key, when no list sits at the root itself. */
function wrapperKey(root: Record<string, unknown>): string | undefined {
  if (LIST_KEYS.some((k) => k in root)) return undefined;
  const keys = Object.keys(root).filter((k) => isMap(root[k]) && LIST_KEYS.some((l) => l in (root[k] as object)));
  return keys.length === 1 ? keys[0] : undefined;
}

function findListIn(value: unknown, base: YamlPath): IntentListShape {
  if (!isMap(value)) {
    return { entries: [], rootKey: null, selected: [], rootFields: {},
      problem: 'active_intents.yaml should hold a list of intents (under `intents:`); it holds a single value' };
  }
  const selected = new Set<string>();
  for (const key of SELECTED_KEYS) {
    const v = value[key];
    const id = idText(v) ?? (isMap(v) ? idText(ALIASES.id.map((k) => v[k]).find((x) => x !== undefined)) : undefined);
    if (id) selected.add(id);
  }
  const entries: IntentSlot[] = [];
  const listKeys: string[] = [];
  const nullLists: string[] = [];
  const candidates = [...LIST_KEYS.filter((k) => k in value), ...Object.keys(value).filter((k) => !LIST_KEYS.includes(k) && !SELECTED_KEYS.includes(k))];
  for (const key of candidates) {
    const v = value[key];
    if (v === null && LIST_KEYS.includes(key)) { nullLists.push(key); continue; }
    if (Array.isArray(v) && v.length && v.every((x) => idText(x) !== undefined)) {
      // `active_intents: [INT-002]` beside the full list names the active ones.
      if (LIST_KEYS.includes(key)) for (const x of v) selected.add(idText(x)!);
      continue;
    }
    const slots = slotsOf(v, [...base, key]);
    if (!slots) continue;
    // Outside the known names, a key counts only when its name says intents and every entry has an id
    // (`sessions:` or `agents:` lists have ids too, and are not intents).
    if (!LIST_KEYS.includes(key) && !(/intent/i.test(key) && slots.length && slots.every((s) => hasId(s.raw) || s.keyId !== undefined))) continue;
    listKeys.push(key);
    entries.push(...slots);
  }
  const rootFields = Object.fromEntries(Object.entries(value).filter(([k]) => !listKeys.includes(k)));
  const shape = { selected: [...selected], rootFields };
  if (listKeys.length) return { ...shape, entries, rootKey: listKeys[0]! };
  if (nullLists.length) return { ...shape, entries: [], rootKey: nullLists[0]! };
  // One intent alone, written at the root.
  if (hasId(value)) return { entries: [{ raw: value, path: base }], rootKey: null, selected: [...selected], rootFields: {} };
  // No list of intents (a pointer file with only `active_intent_id`, a fork's `agents:` map, a new file): the fork
  // works with it and shows no intents, and so does Baton.
  return { ...shape, entries: [], rootKey: null };
}
