import { parseDocument, LineCounter, isMap, isSeq, isScalar, type Node, type Pair, type YAMLMap } from 'yaml';
import type { YamlPosition } from './fast-load';

export type YamlPath = readonly (string | number)[];

/**
 * Finds where a value sits in YAML source, for diagnostics. The full `yaml` Document parse is paid on the first
 * `locate`, so only for files that have a problem, and once per file: every diagnostic of a file shares one locator
 * (each mapping's keys are indexed on first use, so 10,000 lookups in a 10,000-key mapping stay linear).
 * Returns the position of the deepest node of `path` that exists (the key's line when the value is missing), or
 * line 1 when nothing matches.
 */
export class YamlLocator {
  private readonly lineCounter = new LineCounter();
  private root: Node | null | undefined;
  private readonly keys = new Map<YAMLMap, Map<string, Pair>>();

  constructor(private readonly text: string) {}

  locate(path: YamlPath): YamlPosition {
    if (this.root === undefined) {
      const doc = parseDocument(this.text, { lineCounter: this.lineCounter, keepSourceTokens: false });
      this.root = (doc.contents as Node | null) ?? null;
    }
    let node: Node | null = this.root;
    let best: number | undefined = node?.range?.[0];
    for (const segment of path) {
      if (!node) break;
      if (isMap(node)) {
        const pair = this.pairOf(node, String(segment));
        if (!pair) break;
        const keyStart = (pair.key as Node | null)?.range?.[0];
        node = (pair.value as Node | null) ?? null;
        best = node?.range?.[0] ?? keyStart ?? best;
      } else if (isSeq(node) && typeof segment === 'number') {
        node = (node.items[segment] as Node | undefined) ?? null;
        if (node?.range) best = node.range[0];
      } else {
        break;
      }
    }
    if (best === undefined) return { line: 1, column: 1 };
    const pos = this.lineCounter.linePos(best);
    return { line: pos.line, column: pos.col };
  }

  /** The first pair of `map` whose key reads as `key`. */
  private pairOf(map: YAMLMap, key: string): Pair | undefined {
    let index = this.keys.get(map);
    if (!index) {
      index = new Map();
      for (const p of map.items) {
        const k = isScalar(p.key) ? String(p.key.value) : String(p.key);
        if (!index.has(k)) index.set(k, p);
      }
      this.keys.set(map, index);
    }
    return index.get(key);
  }
}
