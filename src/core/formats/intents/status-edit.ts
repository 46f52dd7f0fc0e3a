import { isMap, isScalar, parseDocument, Scalar, type Node, type Pair } from 'yaml';
import { loadYaml } from '../../yaml/fast-load';
import type { YamlPath } from '../../yaml/locate';

/** Where the intent is and which keys hold its id and status (model.ts IntentEntryRecord). */
export interface IntentPlace {
  readonly id: string;
  readonly yamlPath: YamlPath;
  readonly idKey: string | null;
  readonly statusKey: string;
}

export type StatusEdit = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string };

/**
 * Sets one intent's `status` (and `updated_at`, when the intent has one) in the text of active_intents.yaml.
 * The `yaml` Document API finds the exact source range of each value and only those bytes are replaced, so
 * comments, key order, indentation, blank lines and every other byte of the file stay as they were. The result is
 * parsed again and must equal the original with just those values changed; otherwise the edit is refused.
 */
export function setIntentStatus(text: string, place: IntentPlace, status: string, now: Date = new Date()): StatusEdit {
  const { id, idKey, statusKey } = place;
  const doc = parseDocument(text, { keepSourceTokens: true });
  if (doc.errors.length) return { ok: false, reason: `active_intents.yaml does not parse: ${doc.errors[0]!.message.split('\n')[0]}` };
  const path = [...place.yamlPath];
  const intent = (path.length ? doc.getIn(path, true) : doc.contents) as Node | undefined;
  if (!isMap(intent)) return { ok: false, reason: `intent ${id} is no longer at the place Baton read it from` };
  const pairs = intent.items as Pair<Node, Node | null>[];
  const pairOf = (key: string) => pairs.find((p) => isScalar(p.key) && String(p.key.value) === key);
  // Intents keyed by id carry it as their map key (the path's last segment); others in their id field.
  const idPair = idKey === null ? undefined : pairOf(idKey);
  const idHere = idKey === null ? String(path[path.length - 1]) === id : !!idPair && isScalar(idPair.value) && String(idPair.value.value) === id;
  if (!idHere) return { ok: false, reason: `intent ${id} is no longer at the place Baton read it from` };
  const edits: { start: number; end: number; insert: string }[] = [];
  const statusPair = pairOf(statusKey);
  // A new status line goes under the id, or first in the mapping when the id is its key.
  const anchor = idPair ?? pairs[0];
  if (statusPair && isScalar(statusPair.value) && statusPair.value.range) {
    edits.push(replaceScalar(statusPair.value, status));
  } else if (!statusPair && !intent.flow && anchor && isScalar(anchor.value) && anchor.value.range) {
    // No status yet: a new line after the anchor's, at the same indentation as its key.
    const keyStart = (anchor.key as Node).range![0];
    const indent = keyStart - (text.lastIndexOf('\n', keyStart - 1) + 1);
    const lineEnd = text.indexOf('\n', anchor.value.range[1]);
    const at = lineEnd < 0 ? text.length : lineEnd + 1;
    edits.push({ start: at, end: at, insert: `${lineEnd < 0 ? '\n' : ''}${' '.repeat(indent)}${statusKey}: ${scalarSource(status, Scalar.PLAIN)}\n` });
  } else {
    return { ok: false, reason: `the status of intent ${id} is not a plain value Baton can replace` };
  }
  const updatedKey = ['updated_at', 'updatedAt'].find((k) => pairOf(k));
  const updated = updatedKey ? pairOf(updatedKey) : undefined;
  if (updated && isScalar(updated.value) && updated.value.range) {
    edits.push(replaceScalar(updated.value, now.toISOString().replace(/\.\d{3}Z$/, 'Z')));
  }
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.insert + out.slice(e.end);
  return verify(text, out, path, statusKey, status, updatedKey) ? { ok: true, text: out }
    : { ok: false, reason: `Baton could not change the status of ${id} without touching anything else; edit the file by hand` };
}

function replaceScalar(node: Scalar, value: string) {
  const [start, end] = node.range!;
  return { start, end, insert: scalarSource(value, node.type) };
}

/** The value written the way the old one was (plain, 'single' or "double" quoted); quoted when plain would misread. */
function scalarSource(value: string, type: Scalar['type']): string {
  // Words, ids and ISO timestamps read back as the same string; numbers, booleans and `a: b` would not.
  const plainSafe = /^[\w][\w.:/+ -]*$/.test(value) && !/[: ]$|: | #/.test(value)
    && !/^(true|false|yes|no|on|off|null|~)$/i.test(value)
    && !/^[-+]?(\d[\d_]*(\.\d*)?([eE][-+]?\d+)?|0x[0-9a-f]+|0o[0-7]+)$/i.test(value);
  if (type === Scalar.QUOTE_SINGLE) return `'${value.replace(/'/g, "''")}'`;
  if (type === Scalar.QUOTE_DOUBLE || !plainSafe) return JSON.stringify(value);
  return value;
}

/** The edited file must read as the original with only status (and updated_at) changed. */
function verify(before: string, after: string, path: (string | number)[], statusKey: string, status: string,
  updatedKey: string | undefined): boolean {
  const a = loadYaml(before);
  const b = loadYaml(after);
  if (!a.ok || !b.ok) return false;
  const pick = (v: unknown) => path.reduce<unknown>((o, k) => (o as Record<string | number, unknown> | undefined)?.[k], v) as Record<string, unknown> | undefined;
  const was = pick(a.value);
  const now = pick(b.value);
  if (!was || !now || now[statusKey] !== status) return false;
  const expected = { ...was, [statusKey]: status, ...(updatedKey ? { [updatedKey]: now[updatedKey] } : {}) };
  if (canonical(expected) !== canonical(now)) return false;
  // Everything outside this intent is untouched too.
  Object.assign(was, expected);
  return canonical(a.value) === canonical(b.value);
}

/** JSON with object keys sorted, so two values compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => x.localeCompare(y))) : v));
}
