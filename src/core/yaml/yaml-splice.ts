import { isScalar, isSeq, Scalar, type Node } from 'yaml';
import { afterLine, formatScalar, indentOf, insertion, lineStart, locate, parse, splice, spliceInLine, verify, YamlEditError,
  type YamlScalar } from './yaml-splice-core';

export { formatScalar, YamlEditError, type YamlScalar } from './yaml-splice-core';

const SINGLE = Object.assign(new Scalar(''), { type: Scalar.QUOTE_SINGLE });

/**
 * Sets a scalar at `path`, adding the key (after one of the keys in `after`, else at the end) when it is missing. The
 * value keeps the quotes the old one had; `quote: 'single'` writes it single-quoted whatever it had (for readers
 * whose YAML would otherwise take the text for another type, such as a YAML 1.1 timestamp).
 */
export function setScalar(text: string, path: readonly string[], value: YamlScalar, after?: readonly string[], quote?: 'single'): string {
  const format = (v: YamlScalar, like?: Scalar) => formatScalar(v, quote === 'single' && typeof v === 'string' && !v.includes('\n') ? SINGLE : like);
  const doc = parse(text);
  const found = locate(doc, path);
  const key = path[path.length - 1]!;
  let out: string;
  if ('missingParent' in found || !found.pair) {
    out = insertion(text, doc, path, (indent) => `${indent}${key}: ${format(value)}\n`, after);
  } else {
    const v = found.pair.value;
    if (v && !isScalar(v)) throw new YamlEditError(`\`${path.join('.')}\` holds a ${isSeq(v) ? 'list' : 'mapping'}, not a single value`);
    const scalar = v as Scalar | null;
    if (!scalar || !scalar.range || (scalar.value === null && scalar.range[0] === scalar.range[1])) {
      const colon = text.indexOf(':', (found.pair.key as Node).range![1]);
      out = spliceInLine(text, colon + 1, colon + 1, ` ${format(value)}`);
    } else {
      const [start, end] = scalar.range;
      const block = scalar.type === Scalar.BLOCK_LITERAL || scalar.type === Scalar.BLOCK_FOLDED;
      out = block ? splice(text, start, end, format(value, scalar) + (text[end - 1] === '\n' ? '\n' : ''))
        : spliceInLine(text, start, end, format(value, scalar));
    }
  }
  return verify(out, path, value);
}

/** Removes a key and its value (their lines); comments on other lines stay. No change when it is absent. */
export function deleteKey(text: string, path: readonly string[]): string {
  const doc = parse(text);
  const found = locate(doc, path);
  if ('missingParent' in found || !found.pair) return text;
  const from = lineStart(text, (found.pair.key as Node).range![0]);
  const endNode = (found.pair.value as Node | null)?.range ?? (found.pair.key as Node).range!;
  const { pos } = afterLine(text, endNode[2]);
  const out = splice(text, from, pos, '');
  if (parse(out).hasIn(path)) throw new YamlEditError(`could not remove \`${path.join('.')}\``);
  return out;
}

/**
 * Makes the list at `path` hold `values`: items that stay keep their lines (and comments), removed items lose
 * theirs, new ones are added after the last item in the list's own indentation. A flow list `[a, b]` is rewritten
 * in flow style. An emptied block list becomes `key: []`.
 */
export function setStringList(text: string, path: readonly string[], values: readonly string[], after?: readonly string[]): string {
  const doc = parse(text);
  const found = locate(doc, path);
  const key = path[path.length - 1]!;
  const item = (v: string) => formatScalar(v);
  let out: string;
  if ('missingParent' in found || !found.pair) {
    out = values.length ? insertion(text, doc, path, (indent) => `${indent}${key}:\n${values.map((v) => `${indent}  - ${item(v)}\n`).join('')}`, after) : text;
  } else {
    const v = found.pair.value;
    const keyNode = found.pair.key as Node;
    const colon = text.indexOf(':', keyNode.range![1]);
    if (isSeq(v) && v.flow) {
      out = spliceInLine(text, v.range![0], v.range![1], `[${values.map(item).join(', ')}]`);
    } else if (isSeq(v)) {
      out = editBlockList(text, v.items as Node[], values, colon);
    } else if (!v || (isScalar(v) && v.value === null)) {
      const { pos, lead } = afterLine(text, keyNode.range![2]);
      const indent = indentOf(text, keyNode.range![0]) + '  ';
      out = values.length ? splice(text, pos, pos, lead + values.map((x) => `${indent}- ${item(x)}\n`).join('')) : text;
    } else {
      throw new YamlEditError(`\`${path.join('.')}\` is not a list`);
    }
  }
  return verify(out, path, [...values], true);
}

function editBlockList(text: string, items: Node[], values: readonly string[], colon: number): string {
  const kept = new Set<string>();
  const cuts: [number, number][] = [];
  for (const node of items) {
    const value = isScalar(node) ? String(node.value) : undefined;
    if (value !== undefined && values.includes(value) && !kept.has(value)) { kept.add(value); continue; }
    cuts.push([lineStart(text, node.range![0]), afterLine(text, node.range![2]).pos]);
  }
  const last = items[items.length - 1]!;
  const dash = lineStart(text, last.range![0]);
  const indent = indentOf(text, text.indexOf('-', dash));
  const add = values.filter((v) => !kept.has(v));
  const { pos, lead } = afterLine(text, last.range![2]);
  let out = splice(text, pos, pos, lead + add.map((v) => `${indent}- ${formatScalar(v)}\n`).join(''));
  for (const [from, to] of cuts.reverse()) out = splice(out, from, to, '');
  if (!values.length) out = spliceInLine(out, colon + 1, colon + 1, ' []');
  return out;
}

