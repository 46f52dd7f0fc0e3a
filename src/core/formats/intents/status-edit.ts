import { isMap, isScalar, parseDocument, Scalar, type Node, type Pair } from 'yaml';
import { loadYaml } from '../../yaml/fast-load';
import type { IntentsFileRecord } from './model';

export type StatusEdit = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string };

/**
 * Sets one intent's `status` (and `updated_at`, when the intent has one) in the text of active_intents.yaml.
 * The `yaml` Document API finds the exact source range of each value and only those bytes are replaced, so
 * comments, key order, indentation, blank lines and every other byte of the file stay as they were. The result is
 * parsed again and must equal the original with just those values changed; otherwise the edit is refused.
 */
export function setIntentStatus(text: string, rootKey: IntentsFileRecord['rootKey'], index: number, id: string,
  status: string, now: Date = new Date()): StatusEdit {
  const doc = parseDocument(text, { keepSourceTokens: true });
  if (doc.errors.length) return { ok: false, reason: `active_intents.yaml does not parse: ${doc.errors[0]!.message.split('\n')[0]}` };
  const path = rootKey ? [rootKey, index] : [index];
  const intent = doc.getIn(path, true) as Node | undefined;
  if (!isMap(intent)) return { ok: false, reason: `intent ${id} is no longer at the place Baton read it from` };
  const pairs = intent.items as Pair<Node, Node | null>[];
  const pairOf = (key: string) => pairs.find((p) => isScalar(p.key) && String(p.key.value) === key);
  const idPair = pairOf('id');
  if (!idPair || !isScalar(idPair.value) || String(idPair.value.value) !== id) {
    return { ok: false, reason: `intent ${id} is no longer at the place Baton read it from` };
  }
  const edits: { start: number; end: number; insert: string }[] = [];
  const statusPair = pairOf('status');
  if (statusPair && isScalar(statusPair.value) && statusPair.value.range) {
    edits.push(replaceScalar(statusPair.value, status));
  } else if (!statusPair && !intent.flow && idPair.value.range) {
    // No status yet: a new line under `id`, at the same indentation as the `id` key.
    const keyStart = (idPair.key as Node).range![0];
    const indent = keyStart - (text.lastIndexOf('\n', keyStart - 1) + 1);
    const lineEnd = text.indexOf('\n', idPair.value.range[1]);
    const at = lineEnd < 0 ? text.length : lineEnd + 1;
    edits.push({ start: at, end: at, insert: `${lineEnd < 0 ? '\n' : ''}${' '.repeat(indent)}status: ${scalarSource(status, Scalar.PLAIN)}\n` });
  } else {
    return { ok: false, reason: `the status of intent ${id} is not a plain value Baton can replace` };
  }
  const updated = pairOf('updated_at');
  if (updated && isScalar(updated.value) && updated.value.range) {
    edits.push(replaceScalar(updated.value, now.toISOString().replace(/\.\d{3}Z$/, 'Z')));
  }
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.insert + out.slice(e.end);
  return verify(text, out, path, status, !!updated) ? { ok: true, text: out }
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
function verify(before: string, after: string, path: (string | number)[], status: string, touchedUpdatedAt: boolean): boolean {
  const a = loadYaml(before);
  const b = loadYaml(after);
  if (!a.ok || !b.ok) return false;
  const pick = (v: unknown) => path.reduce<unknown>((o, k) => (o as Record<string | number, unknown> | undefined)?.[k], v) as Record<string, unknown> | undefined;
  const was = pick(a.value);
  const now = pick(b.value);
  if (!was || !now || now.status !== status) return false;
  const expected = { ...was, status, ...(touchedUpdatedAt ? { updated_at: now.updated_at } : {}) };
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
