import { isMap, isScalar, isSeq, type Node } from 'yaml';
import { afterLine, formatScalar, indentOf, insertion, lineStart, locate, parse, splice, spliceInLine, YamlEditError,
  type YamlScalar } from './yaml-splice-core';

/** Lists of mappings (an initiative's `tasks: [{id, title, status}]`), edited item by item like the scalar lists. */

type Item = Readonly<Record<string, YamlScalar>>;

function itemLines(indent: string, item: Item): string {
  return Object.entries(item).map(([k, v], i) => `${indent}${i ? '  ' : '- '}${k}: ${formatScalar(v)}\n`).join('');
}

/** Adds a mapping at the end of the list at `path` (creating the list when missing or empty). */
export function appendMapItem(text: string, path: readonly string[], item: Item, after?: readonly string[]): string {
  const doc = parse(text);
  const found = locate(doc, path);
  const key = path[path.length - 1]!;
  if ('missingParent' in found || !found.pair) return checked(insertion(text, doc, path, (indent) => `${indent}${key}:\n${itemLines(indent + '  ', item)}`, after), path, item);
  const keyNode = found.pair.key as Node;
  const v = found.pair.value;
  const own = indentOf(text, keyNode.range![0]);
  if (isSeq(v) && !v.flow && v.items.length) {
    const last = v.items[v.items.length - 1] as Node;
    const dash = text.indexOf('-', lineStart(text, last.range![0]));
    const { pos, lead } = afterLine(text, last.range![2]);
    return checked(splice(text, pos, pos, lead + itemLines(indentOf(text, dash), item)), path, item);
  }
  if (isSeq(v) && v.items.length) throw new YamlEditError(`\`${path.join('.')}\` is a flow list ([…]) of mappings; edit it by hand`);
  if (v && !isSeq(v) && !(isScalar(v) && v.value === null)) throw new YamlEditError(`\`${path.join('.')}\` is not a list`);
  // `tasks: []` or `tasks:`: the empty value goes, block items follow the key's line.
  let out = text;
  if (v?.range && v.range[0] !== v.range[1]) out = spliceInLine(out, v.range[0] - (out[v.range[0] - 1] === ' ' ? 1 : 0), v.range[1], '');
  const colonLineEnd = afterLine(out, out.indexOf(':', keyNode.range![1]));
  return checked(splice(out, colonLineEnd.pos, colonLineEnd.pos, colonLineEnd.lead + itemLines(own + '  ', item)), path, item);
}

/** Removes the mappings of the list at `path` whose `field` equals `value` (their lines); an emptied list becomes `[]`. */
export function removeMapItems(text: string, path: readonly string[], field: string, value: string): string {
  const doc = parse(text);
  const found = locate(doc, path);
  if ('missingParent' in found || !found.pair || !isSeq(found.pair.value)) return text;
  const seq = found.pair.value;
  const matches = (n: unknown) => isMap(n) && String(n.get(field)) === value;
  if (!seq.items.some(matches)) return text;
  if (seq.flow) throw new YamlEditError(`\`${path.join('.')}\` is a flow list ([…]); edit it by hand`);
  let out = text;
  const cuts = (seq.items as Node[]).filter(matches).map((n) => [lineStart(text, n.range![0]), afterLine(text, n.range![2]).pos] as const);
  for (const [from, to] of [...cuts].reverse()) out = splice(out, from, to, '');
  if (cuts.length === seq.items.length) {
    const colon = out.indexOf(':', (found.pair.key as Node).range![1]);
    out = spliceInLine(out, colon + 1, colon + 1, ' []');
  }
  const after = parse(out).getIn(path);
  if (isSeq(after) && after.items.some(matches)) throw new YamlEditError(`could not remove ${value} from \`${path.join('.')}\``);
  return out;
}

function checked(out: string, path: readonly string[], item: Item): string {
  const got = parse(out).getIn(path);
  const ok = isSeq(got) && got.items.some((n) => isMap(n) && Object.entries(item).every(([k, v]) => {
    const x = n.get(k);
    return (isScalar(x) ? x.value : x) === v;
  }));
  if (!ok) throw new YamlEditError(`the new entry of \`${path.join('.')}\` did not read back as intended`);
  return out;
}
