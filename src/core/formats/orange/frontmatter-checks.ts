import { isScalar, parseDocument, Scalar } from 'yaml';
import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import type { FrontmatterFields } from './schemas';
import { isLegacyStatus, TERMINAL_STATUSES, WRITTEN_STATUSES } from './vocabulary';

/*
 * The frontmatter problems orange itself trips over (dinhtungdu/orange, src/core/state.ts `loadTask`/`saveTask`,
 * src/core/db.ts `listTasks`, read through gray-matter 4 and js-yaml 3). orange reads a missing field as undefined,
 * not as a default, and builds a task's folder from its `project` and `id` fields when it saves. A field only Baton
 * would notice is never a problem.
 */

/**
 * The YAML 1.1 timestamp forms js-yaml 3 (gray-matter's parser) turns into a Date when they are written unquoted.
 * orange writes its timestamps quoted ('2026-03-24T07:54:50.123Z'), so they stay text.
 */
const YAML11_TIMESTAMP = /^\d{4}-\d\d?-\d\d?(?:(?:[Tt]|[ \t]+)\d\d?:\d\d:\d\d(?:\.\d*)?(?:[ \t]*(?:Z|[-+]\d\d?(?::\d\d)?))?)?$/;

export interface FrontmatterCheck {
  readonly file: string;
  readonly yaml: string;
  /** 1-based file line of the frontmatter's first line. */
  readonly yamlLine: number;
  readonly raw: Readonly<Record<string, unknown>>;
  readonly fields: Partial<FrontmatterFields>;
  readonly folderProject: string;
  readonly folderId: string;
}

export function frontmatterProblems(c: FrontmatterCheck): Diagnostic[] {
  const out: Diagnostic[] = [];
  // The keys' lines are looked up only for a file with a problem (most have none).
  let at: Map<string, number> | undefined;
  const where = (key: string) => ({ line: c.yamlLine + ((at ??= keyLines(c.yaml)).get(key) ?? 0), column: 1 });
  const problem = (severity: Diagnostic['severity'], key: string, message: string) => out.push(diagnostic('orange', c.file, severity, message, where(key)));
  const f = c.fields;
  const status = typeof f.status === 'string' ? f.status : undefined;
  const terminal = status !== undefined && TERMINAL_STATUSES.includes(status);

  if (f.id == null) problem('warning', 'id', `no \`id\`: orange lists this task without one, cannot find it by id, and would save it under tasks/${f.project ?? c.folderProject}/undefined/`);
  if (f.project == null) problem('warning', 'project', 'no `project`: orange builds the task\'s folder from it, so it cannot save this task');
  if (f.id != null && f.project != null && (f.id !== c.folderId || f.project !== c.folderProject)) {
    // orange finds tasks by scanning the folders, but names a task by its fields and saves it to tasks/<project>/<id>/.
    const saved = `tasks/${f.project}/${f.id}/`;
    problem(terminal ? 'info' : 'warning', f.id !== c.folderId ? 'id' : 'project', terminal
      ? `orange knows this task as ${f.project}/${f.id}, not by the folder it lies in (tasks/${c.folderProject}/${c.folderId}/): \`orange task delete\` would remove ${saved} and leave this folder`
      : `orange knows this task as ${f.project}/${f.id}, not by the folder it lies in (tasks/${c.folderProject}/${c.folderId}/): its next save writes ${saved}TASK.md and leaves this file behind`);
  }
  if (status === undefined) {
    problem('warning', 'status', 'no `status`: orange\'s workflow has no move for this task and its dashboard counts it neither active nor done');
  } else if (!WRITTEN_STATUSES.includes(status)) {
    problem('warning', 'status', `unknown status "${status}": no orange version writes it, so orange's workflow never moves the task on from it; shown as written`);
  }
  if (f.branch == null && !terminal && !isLegacyStatus(status ?? '')) {
    problem('warning', 'branch', 'no `branch`: orange would start the agent on a branch named "undefined"');
  }
  out.push(...createdAtProblems(c, () => where('created_at')));
  return out;
}

/**
 * orange's task list sorts every task by `created_at` as text (`b.created_at.localeCompare(…)`): a task without it,
 * or whose value loads as a date or a number, makes `orange task list` and the dashboard's list fail for every task.
 */
function createdAtProblems(c: FrontmatterCheck, where: () => { line: number; column: number }): Diagnostic[] {
  const raw = c.raw.created_at;
  const fail = 'so orange\'s task list (`orange task list`, the dashboard) fails for every task';
  if (raw == null) return [diagnostic('orange', c.file, 'error', `no \`created_at\`: orange sorts its tasks by it as text, ${fail}`, where())];
  if (typeof raw !== 'string') return [diagnostic('orange', c.file, 'error', `\`created_at\` is not text: orange sorts its tasks by it as text, ${fail}`, where())];
  if (!YAML11_TIMESTAMP.test(raw.trim()) || !isPlainValue(c.yaml, 'created_at')) return [];
  return [diagnostic('orange', c.file, 'error', `\`created_at\` is an unquoted timestamp, which orange's YAML reader turns into a date, not text, ${fail}; `
    + `quote it as orange does: created_at: '${raw.trim()}'`, where())];
}

/** A key's line pattern, built once per key (no `g` flag: no state between uses). */
const KEY_LINES = new Map<string, RegExp>();

/**
 * Whether a top-level key's value is written plain (unquoted). Read off its line, which settles orange's own files
 * (quoted) without a parse; anything unusual there (a tag, an anchor, a block scalar) is settled by the YAML parser.
 */
function isPlainValue(yaml: string, key: string): boolean {
  let keyLine = KEY_LINES.get(key);
  if (!keyLine) KEY_LINES.set(key, keyLine = new RegExp(`^${key}[ \\t]*:[ \\t]*(.*)$`, 'm'));
  const line = keyLine.exec(yaml)?.[1] ?? '';
  if (/^['"]/.test(line)) return false;
  if (/^[\w]/.test(line)) return true;
  const node = parseDocument(yaml).get(key, true);
  return isScalar(node) && node.type === Scalar.PLAIN;
}

/** The 0-based line of each top-level key (a plain `key:` at the start of a line; enough for orange's flat frontmatter). */
function keyLines(yaml: string): Map<string, number> {
  const out = new Map<string, number>();
  yaml.split('\n').forEach((line, i) => {
    const m = /^([A-Za-z_][\w-]*)[ \t]*:/.exec(line);
    if (m && !out.has(m[1]!)) out.set(m[1]!, i);
  });
  return out;
}
