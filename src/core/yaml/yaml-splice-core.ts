import { Document, isMap, isPair, isScalar, isSeq, parseDocument, Scalar, type Node, type Pair, type YAMLMap } from 'yaml';

/**
 * Edits of YAML text that change only the bytes of the value being edited. The `yaml` Document API finds the
 * nodes and their exact source ranges; the new value is spliced into the original text there. Re-printing the
 * whole document (doc.toString()) would keep comments but re-flow them (aligned `# …` columns collapse to one
 * space, quoting changes), so every other line of a hand-written file stays byte-identical this way. Each edit
 * re-parses its result and checks that it reads back as intended.
 */
export class YamlEditError extends Error {}

export type YamlScalar = string | number | boolean;

export interface Located {
  readonly doc: Document.Parsed;
  readonly map: YAMLMap;
  readonly pair: Pair<Node, Node | null> | undefined;
}

export function parse(text: string): Document.Parsed {
  const doc = parseDocument(text, { keepSourceTokens: true });
  if (doc.errors.length) throw new YamlEditError(`the file is not valid YAML (${doc.errors[0]!.message.split('\n')[0]}); fix it first`);
  return doc;
}

/**
 * The mapping that holds the last key of `path`, and that key's pair when present; or, when a parent mapping is
 * missing, how deep the path exists (and the parent's key when it is there but empty, as in `metadata:`).
 */
export function locate(doc: Document.Parsed, path: readonly string[]): Located | { missingParent: number; empty?: Pair<Node, Node | null> } {
  let map: unknown = doc.contents;
  for (let i = 0; i < path.length - 1; i++) {
    if (!isMap(map)) throw new YamlEditError(`\`${path.slice(0, i).join('.') || 'the file'}\` is not a mapping`);
    const pair = map.items.find((p) => keyOf(p) === path[i]) as Pair<Node, Node | null> | undefined;
    if (!pair) return { missingParent: i };
    if (pair.value == null || (isScalar(pair.value) && pair.value.value === null)) return { missingParent: i, empty: pair };
    map = pair.value;
  }
  if (!isMap(map)) throw new YamlEditError(`\`${path.slice(0, -1).join('.') || 'the file'}\` is not a mapping`);
  const m = map as YAMLMap;
  if (m.flow) throw new YamlEditError(`\`${path.slice(0, -1).join('.') || 'the file'}\` is written as a flow mapping ({…}); edit it by hand`);
  return { doc, map: m, pair: m.items.find((p) => keyOf(p) === path[path.length - 1]) as Pair<Node, Node | null> | undefined };
}

export function keyOf(pair: unknown): string | undefined {
  if (!isPair(pair)) return undefined;
  return isScalar(pair.key) ? String(pair.key.value) : undefined;
}

/** A scalar as YAML source, in the quoting style of the value it replaces where that style can hold it. */
export function formatScalar(value: YamlScalar, like?: Scalar): string {
  if (typeof value === 'string' && like?.type === Scalar.QUOTE_DOUBLE) return JSON.stringify(value);
  if (typeof value === 'string' && like?.type === Scalar.QUOTE_SINGLE && !value.includes('\n')) return `'${value.replace(/'/g, "''")}'`;
  const out = new Document(value).toString({ lineWidth: 0 }).replace(/\n$/, '');
  if (out.includes('\n')) throw new YamlEditError('multi-line values are not supported here');
  return out;
}

export function lineStart(text: string, pos: number): number {
  return text.lastIndexOf('\n', pos - 1) + 1;
}

/** Where a line can be inserted after the node ending at `end` (after its line), and whether a newline must come first. */
export function afterLine(text: string, end: number): { pos: number; lead: string } {
  if (end > 0 && text[end - 1] === '\n') return { pos: end, lead: '' };
  const nl = text.indexOf('\n', end);
  return nl < 0 ? { pos: text.length, lead: '\n' } : { pos: nl + 1, lead: '' };
}

export function indentOf(text: string, pos: number): string {
  return text.slice(lineStart(text, pos), pos).replace(/\S.*$/, '');
}

export function splice(text: string, from: number, to: number, insert: string): string {
  return text.slice(0, from) + insert + text.slice(to);
}

/**
 * A splice that keeps a trailing `# comment` on the same line in its column (hand-aligned comments are common in
 * orc files), as long as at least one space stays before it.
 */
export function spliceInLine(text: string, from: number, to: number, insert: string): string {
  const m = /^( +)#/.exec(text.slice(to));
  if (!m || insert.includes('\n')) return splice(text, from, to, insert);
  const pad = Math.max(1, m[1]!.length - (insert.length - (to - from)));
  return splice(text, from, to + m[1]!.length, insert + ' '.repeat(pad));
}

/** Adds lines for a key that is missing, creating missing parent mappings on the way (`metadata:\n  resolved: …`). */
export function insertion(text: string, doc: Document.Parsed, path: readonly string[], body: (indent: string) => string,
  after?: readonly string[]): string {
  const found = locate(doc, path);
  if (!('missingParent' in found)) return insertKey(text, doc, path, body, after);
  const i = found.missingParent;
  if (found.empty) {
    // `metadata:` with nothing under it: the children go on the lines after the key, one level deeper.
    const key = found.empty.key as Node;
    const end = (found.empty.value as Node | null)?.range?.[2] ?? key.range![2];
    const { pos, lead } = afterLine(text, end);
    return splice(text, pos, pos, lead + chain(indentOf(text, key.range![0]) + '  ', path.slice(i + 1), body));
  }
  return insertKey(text, doc, path.slice(0, i + 1), (indent) => chain(indent, path.slice(i), body), after);
}

/** `a:\n  b:\n    <body>` for the keys of `rest`, the last key's own line left to `body`. */
export function chain(indent: string, rest: readonly string[], body: (indent: string) => string): string {
  return rest.length === 1 ? body(indent) : `${indent}${rest[0]}:\n` + chain(indent + '  ', rest.slice(1), body);
}

export function insertKey(text: string, doc: Document.Parsed, path: readonly string[], lines: (indent: string) => string, after?: readonly string[]): string {
  const found = locate(doc, path);
  if ('missingParent' in found) throw new YamlEditError(`cannot place \`${path.join('.')}\``);
  const { map } = found;
  if (!map.items.length) {
    if (map !== doc.contents) throw new YamlEditError(`\`${path.slice(0, -1).join('.')}\` is empty; edit it by hand`);
    const { pos, lead } = afterLine(text, text.length);
    return splice(text, pos, pos, lead + lines(''));
  }
  const first = map.items[0]!.key as Node;
  const indent = indentOf(text, first.range![0]);
  const anchor = [...map.items].reverse().find((p) => after?.includes(keyOf(p) ?? '')) ?? map.items[map.items.length - 1]!;
  const end = ((anchor.value as Node | null)?.range ?? (anchor.key as Node).range!)[2];
  const { pos, lead } = afterLine(text, end);
  return splice(text, pos, pos, lead + lines(indent));
}


/** Re-reads an edit's result and checks the value at `path` is what was meant; otherwise the edit is refused. */
export function verify(out: string, path: readonly string[], expected: unknown, list = false): string {
  const doc = parse(out);
  const got = doc.getIn(path);
  const js = list ? (isSeq(got) ? got.toJSON() : got === undefined ? [] : got) : isScalar(got) ? got.value : got;
  if (JSON.stringify(js) !== JSON.stringify(expected)) {
    throw new YamlEditError(`the edit of \`${path.join('.')}\` did not read back as intended (got ${JSON.stringify(js)})`);
  }
  return out;
}
