/*
 * What a piece of intent_map.md text is: a path (or glob) a row maps, an intent id, or a content hash. Real maps
 * are written by people and by each fork's own tools, so these tests are about what the words look like, with the
 * shapes seen in the wild as the examples (test/fixtures/wild/intents/map-*).
 */

/** Files people name without an extension. */
const BARE_FILE_NAMES = new Set(['Dockerfile', 'Makefile', 'Procfile', 'Gemfile', 'Rakefile', 'Jenkinsfile', 'LICENSE',
  'Containerfile', 'Vagrantfile', 'CODEOWNERS']);

/** Framework and product names that look like file names in prose ("Node.js backend"). */
const PROSE_NAMES = /^(node|next|nuxt|vue|react|express|three|d3|chart|socket\.io|nest|ember|backbone|deno)\.js$/i;

/**
 * Whether a single word names a file, folder or glob: it has a `/`, a file extension, glob characters, or is a
 * well-known extensionless file. `strict` words come from prose, so a capitalised `Node.js` is not a path there.
 */
export function looksLikePath(word: string, strict = false): boolean {
  if (!word || /\s/.test(word) || word.length > 1024) return false;
  if (/:\/\//.test(word) || /^(sha256|sha1|md5|sha512):/i.test(word) || /^[a-z]+:/i.test(word) && !/^[a-z]:[\\/]/i.test(word)) return false;
  if (/[()<>[\]"'`|]/.test(word)) return false;
  if (BARE_FILE_NAMES.has(word)) return true;
  if (strict && PROSE_NAMES.test(word)) return false;
  if (/[*?]/.test(word)) return true;
  if (/[\\/]/.test(word)) return /[\w.*-]/.test(word) && !/^[\\/]+$/.test(word);
  // `app.ts`, `.env`, `requirements.txt`, not `v1.2`, `e.g.` or `3.14`
  return /^\.?[\w.-]*\.[A-Za-z][A-Za-z0-9]{0,9}$/.test(word) && !/^\d/.test(word);
}

/** Trailing punctuation of prose around a path ("see `src/a.ts`," / "(src/a.ts)"). */
export function trimPunctuation(word: string): string {
  return word.replace(/^[("'“‘]+/, '').replace(/[)"'”’,;:!?]+$/, '').replace(/\.+$/, '');
}

/**
 * An intent id as forks write them: `INT-001`, `REQ-WEATHER-API-001`, `day2-handshake`, `intent_7`, `42`, uuids.
 * A word counts when it has a digit, `-` or `_` (a heading "Notes" or "Overview" is not an intent).
 */
export function looksLikeIntentId(word: string): boolean {
  if (!word || word.length > 128 || !/^[A-Za-z0-9][\w.-]*$/.test(word)) return false;
  if (looksLikePath(word)) return false;
  if (/^(true|false|yes|no|n\/a|none|null)$/i.test(word)) return false;
  return /[\d_-]/.test(word);
}

/** The first word of a heading or cell, with the wrappers people put around ids removed. */
export function leadingWord(text: string): string {
  const t = text.trim().replace(/^[[(`*_"']+/, '');
  const m = /^[^\s:,;|()[\]`*"'—–]+/.exec(t);
  if (!m) return '';
  // `INT-003 - Name`: a hyphen with spaces around it separates, one inside the word does not.
  return m[0].replace(/[.]+$/, '');
}

/** Words that label an id in a heading: `Intent INT-001`, `Intent: INT-001`, `Intent ID INT-001`. */
const ID_LABEL = /^(intent|intent\s+id|id)\s*[:#-]?\s+/i;

/** The intent id a heading names (`## INT-001: Name`, `## INT-003 - Name (2026-02-21T…)`, `### Intent: INT-7`). */
export function headingIntentId(text: string): string | undefined {
  const unlabelled = text.trim().replace(ID_LABEL, '');
  const word = leadingWord(unlabelled);
  return looksLikeIntentId(word) ? word : undefined;
}

/** A timestamp at the end of a heading, as tools append them: `## INT-003 - Name (2026-02-21T01:16:26.713Z)`. */
export function headingTimestamp(text: string): string | undefined {
  return /(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)\)?\s*$/.exec(text.trim())?.[1];
}

/** The paths a table cell lists: its code spans when it has path-like ones, else its text split at , ; or <br>. */
export function pathsInCell(text: string, codeSpans: readonly string[]): string[] {
  const fromCode = codeSpans.flatMap(splitList).filter((w) => looksLikePath(w));
  if (fromCode.length) return fromCode;
  return splitList(text).map((w) => w.replace(/\s+\(.*\)$/, '').trim()).filter((w) => looksLikePath(w));
}

function splitList(text: string): string[] {
  return text.split(/\s*(?:,|;|<br\s*\/?>)\s*/i).map((w) => w.trim()).filter(Boolean);
}
