/*
 * Tolerant field access for trace lines. The forks write the same fact under many names and nestings; these
 * helpers take a value only when it has a usable type and ignore everything else, silently: a field of another
 * type is not a problem of the user's file, only a fact Baton cannot show.
 */

export type Obj = Record<string, unknown>;

/** Arrays inside one line are walked only this far (a line is bounded, but not small). */
const MAX_WALK = 64;

export function obj(v: unknown): Obj | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined;
}

/** A non-empty string, or a number/boolean as text; anything else is absent. */
export function text(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() ? v : null;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return String(v);
  return null;
}

/** The first of `values` that is text. */
export function firstText(...values: unknown[]): string | null {
  for (const v of values) {
    const t = text(v);
    if (t !== null) return t;
  }
  return null;
}

/** An array's objects (a single object counts as a list of one), at most MAX_WALK of them. */
export function objects(v: unknown): Obj[] {
  if (Array.isArray(v)) {
    const out: Obj[] = [];
    for (let i = 0; i < v.length && i < MAX_WALK; i++) {
      const o = obj(v[i]);
      if (o) out.push(o);
    }
    return out;
  }
  const o = obj(v);
  return o ? [o] : [];
}

/** An array's text items, at most MAX_WALK of them. */
export function texts(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  const out: string[] = [];
  for (let i = 0; i < v.length && i < MAX_WALK; i++) {
    const t = text(v[i]);
    if (t !== null) out.push(t);
  }
  return out;
}

/** The file entries of an agent-trace.dev record (`files[]` objects) and their conversations. */
export interface FileParts {
  readonly file: Obj;
  readonly conversations: Obj[];
}

export function fileParts(line: Obj): FileParts[] {
  return objects(line.files).map((file) => ({ file, conversations: objects(file.conversations) }));
}

/** A file entry's path under the names the writers use (agent-trace.dev's `path`, the forks' `relative_path`, …). */
export function filePath(file: Obj): string | null {
  return firstText(file.relative_path, file.relativePath, file.path, file.file_path, file.filePath, file.file);
}

/**
 * Every `ranges` of a line: top-level (the flat shape, an object or a list), per file (`files[].ranges`), per
 * conversation (agent-trace.dev), and the `modified_ranges` list.
 */
export function rangesOf(line: Obj, parts: readonly FileParts[]): Obj[] {
  const out = [...objects(line.ranges), ...objects(line.modified_ranges)];
  for (const { file, conversations } of parts) {
    out.push(...objects(file.ranges));
    for (const c of conversations) out.push(...objects(c.ranges));
  }
  return out;
}

export function contributorModel(v: unknown): string | null {
  if (typeof v === 'string') return text(v);
  const c = obj(v);
  return c ? firstText(c.model_identifier, c.model_id, c.modelIdentifier, c.model, c.name) : null;
}

/** What a `related` list names: `{type: intent}` first, then `{type: specification}`, then a bare string. */
export interface RelatedIds {
  intent: string | null;
  specification: string | null;
  bare: string | null;
  mutationClass: string | null;
}

export function collectRelated(lists: readonly unknown[]): RelatedIds {
  const found: RelatedIds = { intent: null, specification: null, bare: null, mutationClass: null };
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length && i < MAX_WALK; i++) {
      const item = list[i];
      if (typeof item === 'string') { found.bare ??= text(item); continue; }
      const o = obj(item);
      if (!o) continue;
      const kind = typeof o.type === 'string' ? o.type.toLowerCase() : '';
      const value = firstText(o.value, o.id);
      if (kind === 'intent' || kind === 'intent_id') found.intent ??= value;
      else if (kind === 'specification') found.specification ??= value;
      else if (kind === 'mutation_class') found.mutationClass ??= value;
    }
  }
  return found;
}
