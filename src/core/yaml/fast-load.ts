import * as jsYaml from 'js-yaml';
import { load, CORE_SCHEMA, FAILSAFE_SCHEMA, type Type } from 'js-yaml';
import { parseDocument, LineCounter } from 'yaml';
import { jsonShapeProblem } from '../util/json-shape';
import { loadMachineYaml } from './machine-yaml';

export interface YamlPosition {
  readonly line: number;
  readonly column: number;
}

export type YamlLoad =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: string; readonly position: YamlPosition | null };

/**
 * orc reads its files with Go's gopkg.in/yaml.v3, which resolves merge keys (`<<: *anchor`, `<<: [*a, *b]`: the
 * mapping's own keys win, then the earlier of the merged mappings). js-yaml's core and failsafe schemas keep `<<` as
 * an ordinary key; its merge type, added to them, resolves it in the same order (checked in test/unit/yaml.test.ts).
 */
// js-yaml 4 exports its built-in types as `types`; @types/js-yaml does not declare them.
const MERGE = (jsYaml as unknown as { types: { merge: Type } }).types.merge;
const CORE_WITH_MERGE = CORE_SCHEMA.extend({ implicit: [MERGE] });
const FAILSAFE_WITH_MERGE = FAILSAFE_SCHEMA.extend({ implicit: [MERGE] });

/**
 * The machine-written YAML reader (machine-yaml.ts) is tried first unless the environment says
 * BATON_YAML_FAST_PATH=off, read once when the core loads: a way to compare its output with js-yaml's on a whole
 * workspace (test/unit/yaml/fast-path-scan.test.ts), not a setting.
 */
const MACHINE_READER = process.env.BATON_YAML_FAST_PATH !== 'off';

/**
 * The fast read path: files as programs write them are read by machine-yaml.ts, which gives exactly js-yaml's value
 * or declines; the rest by js-yaml with the YAML 1.2 core schema, which gives the same values the `yaml` package's
 * defaults give (timestamps stay strings) at a fraction of the cost. Only when it fails is the slower `yaml`
 * Document parser asked for a precise message and position.
 */
export function loadYaml(text: string, options: { readonly scalarsAsText?: boolean } = {}): YamlLoad {
  // Its values have no aliases and are never nested deeper than jsonShapeProblem allows, so they need no checks.
  const machine = MACHINE_READER ? loadMachineYaml(text, options.scalarsAsText ? 'text' : 'core') : undefined;
  if (machine) return { ok: true, value: machine.value };
  let value: unknown;
  try {
    // scalarsAsText: every scalar as its text, as Go's yaml.v3 fills a string field (an id 01234567 stays "01234567").
    value = load(text, { schema: options.scalarsAsText ? FAILSAFE_WITH_MERGE : CORE_WITH_MERGE });
  } catch (err) {
    return describeYamlFailure(text, err);
  }
  // js-yaml shares aliased nodes without limit; a "billion laughs" file would then explode when the value is
  // walked or cached. Files that may use aliases are checked by the `yaml` package, which caps their expansion.
  if (MAY_HAVE_ALIAS.test(text)) {
    try {
      parseDocument(text, { uniqueKeys: false }).toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (err) {
      return { ok: false, message: `invalid YAML: ${firstLine((err as Error).message)}`, position: null };
    }
  }
  const shape = jsonShapeProblem(value);
  if (shape) return { ok: false, message: `invalid YAML for a state file: ${shape}`, position: null };
  return { ok: true, value };
}

const MAY_HAVE_ALIAS = /(^|[\s[{,:-])\*[^\s,\]}]/;
const MAX_ALIAS_COUNT = 100;

function describeYamlFailure(text: string, fastError: unknown): YamlLoad {
  // A stray control character (a form feed pasted before the first comment, say) makes every YAML reader give up
  // with a message about some later token: name the character itself.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  const control = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/.exec(text);
  if (control) {
    const before = text.slice(0, control.index);
    const line = before.split('\n').length;
    const code = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    return { ok: false, message: `invalid YAML: the control character U+${code} cannot appear in a YAML file; delete it`,
      position: { line, column: control.index - before.lastIndexOf('\n') } };
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const first = doc.errors[0];
  // A file of comments only is a document with nothing in it, not a syntax error.
  if (!first && doc.contents == null) return { ok: true, value: null };
  if (first) {
    const pos = lineCounter.linePos(first.pos[0]);
    return { ok: false, message: `invalid YAML: ${firstLine(first.message)}`, position: { line: pos.line, column: pos.col } };
  }
  // js-yaml refused something the `yaml` package accepts: report js-yaml's own account of it.
  const mark = (fastError as { mark?: { line: number; column: number } }).mark;
  const reason = (fastError as { reason?: string }).reason ?? String(fastError);
  return { ok: false, message: `invalid YAML: ${firstLine(reason)}`,
    position: mark ? { line: mark.line + 1, column: mark.column + 1 } : null };
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.trim();
}
