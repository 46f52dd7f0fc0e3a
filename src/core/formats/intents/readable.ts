/*
 * Fork schemas write the same idea in many shapes: a constraint is a sentence, a `{type, rule}` map, or one entry of
 * a `{max_files: 5}` map; a related spec is a path or a `{title, path}` map. These helpers turn any of them into the
 * lines a person (and an agent's prompt) reads, without losing what was written.
 */

/** Keys whose value is the sentence itself; a map holding one of them reads as `type: sentence`. */
const TEXT_KEYS = ['rule', 'text', 'description', 'constraint', 'criterion', 'criteria', 'requirement', 'statement',
  'value', 'detail', 'details', 'summary', 'title', 'name', 'path', 'file', 'url', 'ref', 'id'] as const;
/** Keys that label the sentence. */
const LABEL_KEYS = ['type', 'kind', 'category', 'level', 'severity', 'priority', 'scope'] as const;

const MAX_DEPTH = 4;

/** One value as a single readable line; undefined for null or an empty value. */
export function readableText(value: unknown, depth = 0): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (depth >= MAX_DEPTH) return JSON.stringify(value);
  if (Array.isArray(value)) {
    const parts = value.map((v) => readableText(v, depth + 1)).filter((v): v is string => v !== undefined);
    return parts.length ? parts.join(', ') : undefined;
  }
  if (typeof value === 'object') return readableMap(value as Record<string, unknown>, depth);
  return String(value);
}

function readableMap(map: Record<string, unknown>, depth: number): string | undefined {
  const textKey = TEXT_KEYS.find((k) => typeof map[k] === 'string' && (map[k] as string).trim() !== '');
  const rest = Object.keys(map).filter((k) => k !== textKey && map[k] !== null && map[k] !== undefined);
  if (textKey) {
    const label = LABEL_KEYS.find((k) => readableText(map[k], depth + 1) !== undefined);
    const head = label ? `${readableText(map[label], depth + 1)}: ${map[textKey] as string}` : (map[textKey] as string);
    const others = rest.filter((k) => k !== label).map((k) => `${k}: ${readableText(map[k], depth + 1) ?? ''}`);
    return others.length ? `${head} (${others.join('; ')})` : head;
  }
  const parts = rest.map((k) => `${k}: ${readableText(map[k], depth + 1) ?? ''}`);
  return parts.length ? parts.join('; ') : undefined;
}

/**
 * A list-like field as lines: a string is one line, a list one line per entry, a map one `key: value` line per key
 * (`constraints: {max_files: 5, no_new_deps: true}`).
 */
export function readableLines(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.map((v) => readableText(v)).filter((v): v is string => v !== undefined);
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => {
      if (v === null || v === undefined) return [];
      // `constraints: {security: [a, b]}` reads as two lines, each labelled.
      if (Array.isArray(v)) return v.map((x) => readableText(x)).filter((x): x is string => x !== undefined).map((x) => `${k}: ${x}`);
      const text = readableText(v);
      return text === undefined ? [] : [`${k}: ${text}`];
    });
  }
  const text = readableText(value);
  if (text === undefined) return [];
  // A list written as one block of text (`constraints: |` with `- …` lines) reads as its items.
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  if (lines.length > 1 && lines.every((l) => /^\s*[-*•]\s+\S/.test(l))) return lines.map((l) => l.replace(/^\s*[-*•]\s+/, '').trim());
  return [text];
}
