import { promises as fs } from 'node:fs';
import { isMap, isSeq, parseDocument, type Document } from 'yaml';
import { writeFileAtomic } from '../io/atomic-write';
import { sha256 } from '../io/guarded-edit';
import { readRegularBytes } from '../io/open-regular';
import { MAX_STATE_FILE_BYTES, readStateTextIfAny } from '../io/read-text';
import { ReplaceConflict, replaceIfUnchanged } from '../io/replace-if-unchanged';

/**
 * A YAML file the executor keeps up to date while others may edit it too (a person answering a gate, the editor
 * changing a field): every update re-reads the file, applies the change to its `yaml` Document (comments, key
 * order and unknown fields survive), and replaces it atomically only while it still holds what was read
 * (io/replace-if-unchanged.ts) — when it changed in between, the update is applied again to the new content. Updates from this process are serialised.
 */
export class YamlStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly file: string) {}

  update(change: (doc: Document) => void): Promise<void> {
    const next = this.queue.then(() => this.apply(change));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** The file's current content as plain data (an empty mapping when it does not exist yet). */
  async read(): Promise<Record<string, unknown>> {
    const text = (await readStateTextIfAny(this.file)) ?? '';
    const doc = parseDocument(text);
    if (doc.errors.length) throw new Error(`${this.file} is not valid YAML: ${doc.errors[0]!.message.split('\n')[0]}`);
    const value: unknown = doc.toJS({ maxAliasCount: 100 });
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : {};
  }

  private async apply(change: (doc: Document) => void): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const bytes = await readRegularBytes(this.file, MAX_STATE_FILE_BYTES).then((r) => r.bytes, (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? null : Promise.reject(err)));
      const doc = parseDocument(bytes ? bytes.toString('utf8') : '');
      if (doc.errors.length) throw new Error(`${this.file} is not valid YAML (${doc.errors[0]!.message}); it was left as it is`);
      if (!isMap(doc.contents)) doc.contents = doc.createNode({}) as unknown as typeof doc.contents;
      change(doc);
      const text = doc.toString({ lineWidth: 0 });
      if (bytes === null) {
        // A new file: only while it still does not exist.
        if (await fs.stat(this.file).then(() => true, () => false)) continue;
        await writeFileAtomic(this.file, text);
        return;
      }
      try {
        // Replaced only while it still holds what the change was made from: a write in between is never lost.
        const read = sha256(bytes);
        await replaceIfUnchanged(this.file, text, (now) => sha256(now) === read);
        return;
      } catch (err) {
        if (err instanceof ReplaceConflict) continue;
        throw err;
      }
    }
    throw new Error(`${this.file} kept changing while the executor tried to update it`);
  }
}

/**
 * Makes the value at `path` a mapping, so keys can be set under it: a hand-edited `spec: ~` or `tokens: 5` is
 * replaced (a scalar cannot hold keys); an existing mapping is left as it is.
 */
export function ensureMap(doc: Document, path: readonly string[]): void {
  for (let i = 1; i <= path.length; i++) {
    const at = path.slice(0, i);
    if (!isMap(doc.getIn(at, true))) doc.setIn(at, doc.createNode({}));
  }
}

/** Appends a value to the sequence at `path`, creating the sequence when it is missing. */
export function appendIn(doc: Document, path: readonly string[], value: unknown): void {
  const seq = doc.getIn(path, true);
  if (isSeq(seq)) seq.add(doc.createNode(value));
  else doc.setIn(path, doc.createNode([value]));
}
