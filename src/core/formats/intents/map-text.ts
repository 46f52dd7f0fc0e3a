/*
 * What a piece of intent_map.md text is: a path (or glob) an entry maps, an intent id, a timestamp, a hash. Real
 * maps are written by people and by each fork's own hooks, so these tests are about what the words look like; the
 * shapes seen in the wild are the examples (test/fixtures/wild/intents/map-*).
 */

/** Files people name without an extension. */
const BARE_FILE_NAMES = new Set(['Dockerfile', 'Makefile', 'Procfile', 'Gemfile', 'Rakefile', 'Jenkinsfile', 'LICENSE',
  'Containerfile', 'Vagrantfile', 'CODEOWNERS']);

/** Framework and product names that look like file names in prose ("Node.js backend"). */
const PROSE_NAMES = /^(node|next|nuxt|vue|react|express|three|d3|chart|socket\.io|nest|ember|backbone|deno|p5)\.js$/i;

/** A date or time, which has `/` or `:` but is no path: `2/19/2026`, `2026-02-21`, `15:30:00`. */
const DATE_LIKE = /^(\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}|\d{1,2}:\d{2}(:\d{2})?)$/;

/**
 * Whether a single word names a file, folder or glob: it has a `/`, a file extension, glob characters, or is a
 * well-known extensionless file. `prose` words come from running text, where a capitalised `Node.js` is no path.
 */
export function looksLikePath(word: string, prose = false): boolean {
  if (!word || /\s/.test(word) || word.length > 1024 || DATE_LIKE.test(word)) return false;
  if (/:\/\//.test(word) || /^[a-z][\w-]*:/i.test(word) && !/^[a-z]:[\\/]/i.test(word)) return false;
  if (/[()<>[\]"'`|]/.test(word)) return false;
  if (BARE_FILE_NAMES.has(word)) return true;
  if (prose && PROSE_NAMES.test(word)) return false;
  if (/^[*?]+$/.test(word)) return prose ? false : true;
  if (/[\\/]/.test(word)) return /[\w.*-]/.test(word) && !/^[\\/.]+$/.test(word);
  // Outside a folder a glob names files by extension (`*.ts`, `tsconfig*.json`); `**Business` is bold text.
  if (/[*?]/.test(word)) return /\.\w/.test(word);
  return hasFileExtension(word);
}

/** `app.ts`, `.env`, `requirements.txt`, `README.MD`; not `v1.2`, `e.g.`, `3.14` or `WeatherClient.fetchData`. */
function hasFileExtension(word: string): boolean {
  const m = /^\.?[\w.-]*\.([A-Za-z][A-Za-z0-9]{0,9})$/.exec(word);
  if (!m || /^\d/.test(word) || /^[a-z]\.[a-z]$/i.test(word)) return false;
  const ext = m[1]!;
  return ext === ext.toLowerCase() || ext === ext.toUpperCase();
}

/** Prose punctuation around a path ("see src/a.ts," / "(src/a.ts)" / `"src/auth/**"`), and bold markers around it. */
export function trimPunctuation(word: string): string {
  // `src/a.ts::ClassDeclaration:Name` names a node in a file: the file is the path.
  let w = word.replace(/::.*$/, '').replace(/^[("'“‘]+/, '').replace(/[)"'”’,;:!?]+$/, '').replace(/(?<![*])\.+$/, '');
  const bold = /^(\*\*|__)(.+)\1$/.exec(w);
  if (bold) w = bold[2]!;
  return w;
}

/**
 * An intent id as headings name it: `INT-001`, `REQ-WEATHER-API-001`, `day2-handshake`, `auth-system`, `INT-WEATHER`.
 * In a heading any word with a digit, `-` or `_` counts ("Notes" or "Overview" is no intent).
 */
export function looksLikeIntentId(word: string): boolean {
  if (!word || word.length > 128 || !/^[A-Za-z0-9][\w.-]*$/.test(word)) return false;
  if (looksLikePath(word) || DATE_LIKE.test(word)) return false;
  if (/^(true|false|yes|no|none|null|n\/a)$/i.test(word)) return false;
  return /[\d_-]/.test(word);
}

/**
 * An id that stands out in running text, where a bullet or a line starts with it (`- INT-001: src/a.ts`,
 * `- [ ] **CHI-001: Name**`, `INT-001 → src/a.ts`): upper-case letters with a number or a second part (`INT-001`,
 * `T001`, `REQ-1`, `INT-WEATHER`, `GOV-TEST-001`).
 */
export function looksLikeStrongId(word: string): boolean {
  return looksLikeIntentId(word) && /^[A-Z][A-Z0-9]*([-_][A-Z0-9]+)*$/.test(word) && (/\d/.test(word) || /[-_]/.test(word));
}

/** A timestamp as hooks write them at the start or end of a heading or line. */
const TIMESTAMP = /\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?/;
const LEADING_TIMESTAMP = new RegExp(`^\\s*${TIMESTAMP.source}\\s*(?:[-–—|:]\\s*)?`);
const TRAILING_TIMESTAMP = new RegExp(`\\(?${TIMESTAMP.source}\\)?\\s*$`);

/** Text with a hook's timestamp cut from its start (`2026-02-18T21:00:00.000Z - INT-001`), and whether it had one. */
export function withoutLeadingTimestamp(text: string): { text: string; timestamped: boolean } {
  const m = LEADING_TIMESTAMP.exec(text);
  return m ? { text: text.slice(m[0].length), timestamped: true } : { text, timestamped: false };
}

/** The first word of a heading or cell, with the wrappers people put around ids removed. */
export function leadingWord(text: string): string {
  const t = text.trim().replace(/^(\[[ xX]\]\s*)?/, '').replace(/^[[(`*_"']+/, '');
  const m = /^[^\s:,;|()[\]`*"'—–→]+/.exec(t);
  return m ? m[0].replace(/[.]+$/, '') : '';
}

/** Words that label an id in a heading: `Intent INT-001`, `Intent: INT-001`, `Intent ID INT-001`. */
const ID_LABEL = /^(intent(\s+id)?|id)\s*[:#-]?\s+/i;
/** A status written before the id: `## [DONE] auth-fix-001: Name`. */
const STATUS_PREFIX = /^\[[A-Za-z_ -]{2,20}\]\s*/;

/**
 * The intent id a heading names, and whether a hook's timestamp is in it: `## INT-001: Name`,
 * `## INT-003 - Name (2026-02-21T01:16:26.713Z)`, `## 2026-02-18T21:00:00.000Z - INT-001`, `### Intent: INT-7`,
 * `## [DONE] auth-fix-001: Name`, `## JWT Authentication Migration (INT-001)`.
 */
export function headingIntent(text: string): { id: string; timestamped: boolean } | undefined {
  const lead = withoutLeadingTimestamp(text.trim());
  const rest = lead.text.replace(STATUS_PREFIX, '').replace(ID_LABEL, '');
  const timestamped = lead.timestamped || TRAILING_TIMESTAMP.test(rest);
  const word = leadingWord(rest);
  if (looksLikeIntentId(word)) return { id: word, timestamped };
  // The name first and the id in parentheses at the end.
  const tail = /\(([^()\s]+)\)\s*$/.exec(rest.replace(TRAILING_TIMESTAMP, '').trim());
  if (tail && looksLikeStrongId(tail[1]!)) return { id: tail[1]!, timestamped };
  return undefined;
}

/**
 * A line or bullet that starts with an intent id and then maps it (`INT-001 → src/a.ts, src/b.ts`, `- **INT-001**
 * → \`src/a.ts\``, `- 2026-02-20T09:20:00Z | INT-001 -> src/x.ts (AST_REFACTOR)`): the id and the text after it.
 */
export function leadingIntent(text: string): { id: string; rest: string; timestamped: boolean; separated: boolean } | undefined {
  const lead = withoutLeadingTimestamp(text);
  const t = lead.text.trim().replace(/^(\[[ xX]\]\s*)/, '');
  const word = leadingWord(t);
  if (!looksLikeStrongId(word)) return undefined;
  const after = t.slice(t.indexOf(word) + word.length).replace(/^[*_`"']*/, '');
  // The id must stand alone: followed by a separator, a space, or nothing (`INT-001.ts` is a file).
  if (after && !/^\s*([:—–→|]|->|-\s|\s|$)/.test(after)) return undefined;
  // `INT-001: …` / `INT-001 → …` map; `INT-004 depends on INT-005: …` is a sentence about the intent.
  const separated = /^\s*([:—–→|]|->|-\s|$)/.test(after);
  return { id: word, rest: after.replace(/^\s*(?:[:—–→|]|->|-)?\s*/, ''), timestamped: lead.timestamped, separated };
}

/**
 * Whether text with spaces in it is one path (`src/My Docs/a b.ts`, `docs/Meeting Notes.md`): it has a folder, ends
 * as a file or folder does, and holds no note after the path (`src/a.ts (planned)`, `src/a.ts — the form`).
 */
export function isOnePathWithSpaces(text: string): boolean {
  return /\s/.test(text) && !/\s[(#—–-]|\s-\s/.test(text) && /([\\/]|\.[A-Za-z]\w*)$/.test(text) && /[\\/]/.test(text);
}

/** The paths a list of words names: `a.ts, b.ts; c/`, with the notes after each path dropped. */
export function pathsInList(text: string, prose = false): string[] {
  return text.split(/\s*(?:,|;|<br\s*\/?>)\s*/i)
    .map((w) => trimPunctuation(w.trim().split(/\s+/)[0] ?? ''))
    .filter((w) => looksLikePath(w, prose));
}

/**
 * Source text of a Markdown span as the writer meant it: links reduced to their text, backslash escapes resolved
 * (`src/auth/\*\*` → `src/auth/**`). The rendered text would lose the `*` and `_` a formatter read as emphasis.
 */
export function plainSource(raw: string): string {
  return raw.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** A `Files: a.ts, b.ts` label (`**Owned Scope**:`, `- **Files:**`, `Key Modules:`) and what follows it. */
const PATH_LABEL = /^[*_\s]*([^:]{0,60}?\b(files?|paths?|scopes?|modules?|director(?:y|ies)|locations?|patterns?|targets?)\b[^:]{0,30}?)[*_\s]*:[*_\s]*(.*)$/i;

export function labelledPaths(text: string): { label: string; values: string } | undefined {
  const m = PATH_LABEL.exec(text);
  return m ? { label: m[1]!.trim(), values: m[3]! } : undefined;
}
