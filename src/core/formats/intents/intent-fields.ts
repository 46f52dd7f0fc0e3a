import type { YamlPath } from '../../yaml/locate';
import { readableLines, readableText } from './readable';

/*
 * One intent of active_intents.yaml as Baton shows it, whatever fork wrote it. The spec's field names come first;
 * each alias is a name a fork's schema or its own tools really use (test/fixtures/wild/intents/*). The raw map is
 * kept beside this view, so nothing written is lost.
 */

export interface IntentView {
  readonly id: string;
  readonly name: string | null;
  readonly description: string | null;
  /** As written (any case), or null when the intent has none. */
  readonly status: string | null;
  readonly constraints: readonly string[];
  /** Scope entries as written; an exclusion from a `scope: {exclude: …}` map reads as `!entry`. */
  readonly ownedScope: readonly string[];
  /** Where each ownedScope entry is in the intent (for a problem's position). */
  readonly scopePaths: readonly YamlPath[];
  readonly acceptanceCriteria: readonly string[];
  readonly relatedSpecs: readonly string[];
  readonly assignedAgent: string | null;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
}

export interface FieldProblem { readonly path: YamlPath; readonly message: string }

/**
 * The first key of `names` the intent has (with a value), so `title` stands in only when `name` is absent; then the
 * same names inside `metadata`, where some forks keep everything but the id and status.
 */
function pick(raw: Record<string, unknown>, names: readonly string[]): { key: string; value: unknown } | undefined {
  for (const key of names) {
    if (raw[key] !== undefined && raw[key] !== null) return { key, value: raw[key] };
  }
  const meta = raw.metadata;
  if (!meta || typeof meta !== 'object' || Array.isArray(meta)) return undefined;
  for (const key of names) {
    const v = (meta as Record<string, unknown>)[key];
    if (v !== undefined && v !== null) return { key: `metadata.${key}`, value: v };
  }
  return undefined;
}

export const ALIASES = {
  id: ['id', 'intent_id', 'intentId', 'ID'],
  name: ['name', 'title', 'intent_name', 'intentName', 'task'],
  description: ['description', 'summary', 'goal', 'objective', 'intent', 'purpose'],
  status: ['status', 'state'],
  constraints: ['constraints', 'rules', 'guardrails'],
  scope: ['owned_scope', 'ownedScope', 'scope', 'owned_scopes', 'owned_files', 'owned_paths', 'files', 'paths'],
  acceptance: ['acceptance_criteria', 'acceptanceCriteria', 'success_criteria', 'definition_of_done'],
  relatedSpecs: ['related_specs', 'relatedSpecs', 'specs', 'spec_refs', 'related_requirements', 'spec_file', 'spec_ref'],
  agent: ['assigned_agent', 'assignedAgent', 'agent', 'agent_id', 'assignee', 'owner'],
  createdAt: ['created_at', 'createdAt', 'created'],
  updatedAt: ['updated_at', 'updatedAt', 'last_updated', 'updated'],
} as const;

/** The intent's id as text (forks write `INT-001`, uuids and bare numbers), or undefined when it has none. */
export function intentIdOf(raw: Record<string, unknown>): string | undefined {
  const found = pick(raw, ALIASES.id);
  if (!found) return undefined;
  const v = found.value;
  if (typeof v === 'string') return v.trim() === '' ? undefined : v;
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  return undefined;
}

/** The view of one intent, and what in it Baton cannot use (never a reason to drop the intent). */
export function intentView(id: string, raw: Record<string, unknown>): { view: IntentView; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const text = (names: readonly string[]) => {
    const found = pick(raw, names);
    return found ? readableText(found.value) ?? null : null;
  };
  const lines = (names: readonly string[]) => readableLines(pick(raw, names)?.value);
  const scope = scopeOf(raw, problems);
  return {
    view: {
      id,
      name: text(ALIASES.name),
      description: text(ALIASES.description),
      status: text(ALIASES.status),
      constraints: lines(ALIASES.constraints),
      ownedScope: scope.entries,
      scopePaths: scope.paths,
      acceptanceCriteria: lines(ALIASES.acceptance),
      relatedSpecs: lines(ALIASES.relatedSpecs),
      assignedAgent: text(ALIASES.agent),
      createdAt: text(ALIASES.createdAt),
      updatedAt: text(ALIASES.updatedAt),
    },
    problems,
  };
}

/** Keys of a `scope:` map that list what the intent owns, and those that carve exceptions out of it. */
const SCOPE_INCLUDE_KEYS = ['paths', 'include', 'includes', 'files', 'globs', 'patterns', 'owned', 'allow'];
const SCOPE_EXCLUDE_KEYS = ['exclude', 'excludes', 'ignore', 'deny', 'forbidden'];
/** In a list of maps, the key holding the path. */
const ENTRY_PATH_KEYS = ['path', 'pattern', 'glob', 'file'];

/**
 * One scope string's patterns: separated by commas or lines, but not at a comma inside a glob's braces
 * (`web/src/*.{ts,tsx}`, which forks match with minimatch, is one pattern).
 */
function scopeParts(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '{') depth++;
    else if (c === '}' && depth > 0) depth--;
    else if (c === '\n' || (c === ',' && depth === 0)) { parts.push(value.slice(start, i)); start = i + 1; depth = 0; }
  }
  parts.push(value.slice(start));
  return parts;
}

/**
 * The owned scope in any of the shapes forks write: a list, one string (`"src/auth/**"`, or several separated by
 * commas), a list of `{path: …}` maps, or a map `{paths: […], exclude: […]}`.
 */
function scopeOf(raw: Record<string, unknown>, problems: FieldProblem[]): { entries: string[]; paths: YamlPath[] } {
  const found = pick(raw, ALIASES.scope) ?? pick(raw, ['target_files']);
  const entries: string[] = [];
  const paths: YamlPath[] = [];
  if (!found) return { entries, paths };
  const add = (value: unknown, at: YamlPath, negate: boolean) => {
    if (typeof value === 'string') {
      for (const part of scopeParts(value)) {
        const p = part.trim();
        if (p) { entries.push(negate && !p.startsWith('!') ? `!${p}` : p); paths.push(at); }
      }
    } else if (typeof value === 'number') {
      entries.push(String(value)); paths.push(at);
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      const key = ENTRY_PATH_KEYS.find((k) => typeof (value as Record<string, unknown>)[k] === 'string');
      if (key) add((value as Record<string, unknown>)[key], [...at, key], negate);
      else problems.push({ path: at, message: `a ${found.key} entry names no path (expected a path or {path: …}); it owns nothing` });
    } else if (value !== null && value !== undefined) {
      problems.push({ path: at, message: `a ${found.key} entry is not a path; it owns nothing` });
    }
  };
  const addList = (value: unknown, at: YamlPath, negate: boolean) => {
    if (Array.isArray(value)) value.forEach((v, i) => add(v, [...at, i], negate));
    else add(value, at, negate);
  };
  const v = found.value;
  // `scope: ""` is the whole repository to the fork that writes it (its check is a prefix test).
  if (v === '' && found.key === 'scope') { entries.push('**'); paths.push([found.key]); return { entries, paths }; }
  if (v && typeof v === 'object' && !Array.isArray(v) && !ENTRY_PATH_KEYS.some((k) => k in (v as object))) {
    const map = v as Record<string, unknown>;
    const at: YamlPath = found.key.split('.');
    for (const key of SCOPE_INCLUDE_KEYS) if (key in map) addList(map[key], [...at, key], false);
    for (const key of SCOPE_EXCLUDE_KEYS) if (key in map) addList(map[key], [...at, key], true);
  } else {
    addList(v, found.key.split('.'), false);
  }
  return { entries, paths };
}

/** What an intent is called: its name; else the first line of its description or goal (forks that write no name); else its id. */
export function intentTitle(v: IntentView): string {
  if (v.name) return v.name;
  const first = v.description?.split(/\r?\n/).find((l) => l.trim())?.trim();
  if (!first) return v.id;
  return first.length > 80 ? `${first.slice(0, 79)}…` : first;
}
