import { parseDocument, LineCounter, isMap, isSeq, isScalar, type Node } from 'yaml';
import type { YamlPosition } from './fast-load';

export type YamlPath = readonly (string | number)[];

/**
 * Finds where a value sits in YAML source, for diagnostics. Used only for files that have a problem, so
 * the full `yaml` Document parse is paid for the few files that need it, not for every file read.
 * Returns the position of the deepest node of `path` that exists (the key's line when the value is
 * missing), or line 1 when nothing matches.
 */
export class YamlLocator {
  private readonly lineCounter = new LineCounter();
  private readonly root: Node | null;

  constructor(text: string) {
    const doc = parseDocument(text, { lineCounter: this.lineCounter, keepSourceTokens: false });
    this.root = (doc.contents as Node | null) ?? null;
  }

  locate(path: YamlPath): YamlPosition {
    let node: Node | null = this.root;
    let best: number | undefined = node?.range?.[0];
    for (const segment of path) {
      if (!node) break;
      if (isMap(node)) {
        const pair = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === String(segment));
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
}
