import { lazyMarkdownIt } from '../../util/markdown-it';
import { parseRecordedHash } from '../../io/content-hash';
import { resolveContained } from '../../io/contained-path';
import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import { mapRowsOf } from './map-sections';
import { yamlMapRows } from './map-yaml';
import type { RawMapRow } from './map-tables';
import type { MapFileRecord, MapRow } from './model';
import { hasGlobCharacters } from './scope';

/** One parser for every map: tables on (CommonMark + GFM tables), HTML off, so nothing in a cell is markup. */
const markdown = lazyMarkdownIt((M) => new M('commonmark', { html: false }).enable('table'));

/**
 * Reads `.orchestration/intent_map.md` in every layout seen in the wild (map-sections.ts, map-tables.ts): tables
 * with a file and an intent column in any wording and order, an intent's heading with its files as bullets or its own
 * table, headings a tool appends with a timestamp, rows appended without a header, prose anywhere. A file listed
 * again for the same intent is one row (the last one, as tools append); a glob (`src/auth/**`) is kept as one and
 * owns what it matches. Only a path that leaves the workspace folder is reported: Baton ignores it.
 */
export function parseIntentMap(file: string, root: string, text: string): { record: MapFileRecord; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  // HTML comments hold examples and tools' data payloads, never entries; blanked so line numbers stay.
  const visible = text.replace(/<!--[\s\S]*?-->/g, (c) => c.replace(/[^\n]/g, ' '));
  const lines = visible.split(/\r?\n/);
  const raw = yamlMapRows(text) ?? mapRowsOf(markdown().parse(visible, {}), lines);
  const byKey = new Map<string, MapRow>();
  for (const r of raw) {
    const row = finishRow(root, r);
    if ('refused' in row) {
      diagnostics.push(diagnostic('intents', file, 'warning', `intent map entry ignored: ${row.refused}`, { line: r.line, column: 1 }));
      continue;
    }
    const key = `${row.file}\u0000${row.owner ?? ''}`;
    const earlier = byKey.get(key);
    // Tools append: the later row is the newer word on the file (its line and hash), but it keeps its first place
    // and what only the earlier one said.
    byKey.set(key, earlier ? { ...row, lastModifiedBy: row.lastModifiedBy ?? earlier.lastModifiedBy,
      hashText: row.hashText ?? earlier.hashText, hash: row.hash ?? earlier.hash } : row);
  }
  const rows = [...byKey.values()];
  return { record: { kind: 'map', rows }, diagnostics };
}

function finishRow(root: string, r: RawMapRow): MapRow | { refused: string } {
  let written = r.path.replace(/\\/g, '/').replace(/^\.\//, '');
  // `/src/a.ts` is the repository's src/a.ts, as in owned_scope, unless it is an absolute path inside the folder.
  if (written.startsWith('/') && !resolveContained(root, written).ok) written = written.replace(/^\/+/, '');
  const glob = hasGlobCharacters(written);
  const base = glob ? staticBase(written) : written.replace(/\/+$/, '');
  const inside = resolveContained(root, base || '.', { allowRoot: true });
  if (!inside.ok) return { refused: inside.reason };
  if (glob && written.split('/').includes('..')) return { refused: `${r.path} climbs out of its folder with ..` };
  const file = glob ? `${inside.relative ? `${inside.relative}/` : ''}${written.slice(base.length).replace(/^\/+/, '')}` : inside.relative;
  if (!file) return { refused: `${r.path} is the whole workspace folder, not a file` };
  const hashText = r.hashText;
  const hash = parseRecordedHash(hashText) ?? null;
  return { file, owner: r.owner, lastModifiedBy: r.lastModifiedBy, hashText, hash: glob ? null : hash, line: r.line, ...(glob ? { glob: true } : {}) };
}

/** `src/auth/**` → `src/auth`; `**\/*.ts` → ''. */
function staticBase(pattern: string): string {
  const parts = pattern.split('/');
  const i = parts.findIndex((p) => hasGlobCharacters(p));
  return parts.slice(0, i < 0 ? parts.length : i).join('/');
}
