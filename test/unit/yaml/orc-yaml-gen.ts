/**
 * Random files shaped like orc's task.yaml, state.yaml, plan.yaml and initiative.yaml, written the ways YAML
 * writers write them (Go's yaml.v3 with 2 or 4 spaces, sequences indented or not, every scalar style), with values
 * chosen to stress scalar resolution; and random mutations of them. Deterministic for a seed.
 */

export type Rng = () => number;

/** mulberry32: small, fast, and the same sequence on every machine. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** Texts that read as something else when plain, or need quoting, or are merely unusual. */
const TRICKY = [
  '', ' ', 'TASK-001', 'INIT-7', '2026-01-01T00:00:00Z', '2026-01-01', '012', '0o17', '0o8', '0x1F', '0xG', '0b101', '1e3',
  '1E-3', '1_000', '+1', '-0', '-0.0', '.5', '1.', '.inf', '-.Inf', '+.INF', '.NaN', '.nan', '~', 'null', 'Null', 'NULL',
  'nULL', 'true', 'True', 'TRUE', 'tRUE', 'false', 'yes', 'no', 'on', 'off', 'y', 'n', '1:30', '12:30:00', '190:20:30',
  'a: b', 'a:b', 'a:', ':a', '#tag', 'a #b', 'a#b', 'a # b', '-x', '- x', '-', '--', '---', '...', '?', '? x', '?x',
  'héllo wörld', '日本語のタイトル', 'emoji 😀 here', "it's", "'quoted'", '"dq"', 'back\\slash', 'tab\there',
  'line\nbreak', 'trailing space ', ' leading', '[x]', '{y}', '[]', '{}', '*star', '&amp', '!bang', '%pct', '@at', '`tick',
  '|pipe', '>gt', 'x, y', ',', 'a,b', 'http://example.com/a?b=c#d', '<<', '=', 'a  b', 'C:\\path', '1.2.3', '0', '-1',
  '3.14159', '1e400', '-1e400', '123456789012345678901234567890', '0.1e+2', '+.5', '._', '1__2', '_1', '0x_1', 'ÿ',
  'NEL\u0085x', 'ls\u2028x', 'nbsp\u00a0x', 'bell\u0007', 'del\u007f', '\\', '\\n', 'x\\"y', 'e\u001b',
];

const WORDS = ['refactor', 'module', 'tests', 'the', 'API', 'login', 'page', 'fix', 'TASK-012', 'INIT-3', 'café',
  'naïve', '東京', 'a:b', 'x#y', '50%', 'v1.2', 'e.g.', '(see', 'docs)', '"quote"', "it's", '--flag', '*', '&'];

function sentence(r: Rng): string {
  const n = 1 + Math.floor(r() * 8);
  return Array.from({ length: n }, () => pick(r, WORDS)).join(' ');
}

function scalarText(r: Rng): string {
  const x = r();
  if (x < 0.45) return pick(r, TRICKY);
  if (x < 0.75) return sentence(r);
  if (x < 0.85) return String(Math.floor(r() * 100000) - 500);
  if (x < 0.9) return (r() * 1000 - 10).toFixed(Math.floor(r() * 4));
  return multiLine(r);
}

function multiLine(r: Rng): string {
  const lines = Array.from({ length: 1 + Math.floor(r() * 5) }, () => {
    const y = r();
    if (y < 0.15) return '';
    if (y < 0.3) return '  ' + sentence(r); // more indented
    if (y < 0.35) return '# not a comment';
    if (y < 0.4) return 'key: value';
    return sentence(r);
  });
  return lines.join('\n') + '\n'.repeat(Math.floor(r() * 3));
}

/** A scalar written in one of YAML's styles (not always valid for the value: the checks decide). */
function scalar(r: Rng, value: string, indent: string, unit: string): string {
  const x = r();
  if (value.includes('\n') || x < 0.08) {
    const header = pick(r, ['|', '|-', '|+', '>', '>-', '>+']);
    const body = value.split('\n');
    if (body[body.length - 1] === '') body.pop();
    return header + '\n' + body.map((l) => (l === '' ? '' : indent + unit + l)).join('\n');
  }
  if (x < 0.55) return value;
  if (x < 0.85) return JSON.stringify(value);
  return `'${value.replace(/'/g, "''")}'`;
}

function list(r: Rng, items: string[], indent: string, unit: string, seqIndent: boolean): string {
  if (!items.length) return ' []';
  if (r() < 0.3 && items.every((i) => /^[A-Za-z0-9_.-]+$/.test(i))) return ` [${items.join(r() < 0.8 ? ', ' : ',')}]`;
  const at = seqIndent ? indent + unit : indent;
  return '\n' + items.map((i) => `${at}- ${scalar(r, i, at, unit)}`).join('\n');
}

type Entry = readonly [string, (indent: string) => string];

function mapping(entries: Entry[], indent: string): string {
  return entries.map(([k, v]) => `${indent}${k}:${v(indent)}`).join('\n');
}

function value(r: Rng, unit: string, v = scalarText(r)): (indent: string) => string {
  return (indent) => {
    const s = scalar(r, v, indent, unit);
    return s === '' ? '' : ' ' + s;
  };
}

function ids(r: Rng, prefix: string): string[] {
  return Array.from({ length: Math.floor(r() * 4) }, () => `${prefix}-${String(Math.floor(r() * 999)).padStart(3, '0')}`);
}

/** One generated file and the kind of orc file it imitates. */
export function orcFile(r: Rng): { kind: string; text: string } {
  const unit = r() < 0.5 ? '  ' : '    ';
  const seqIndent = r() < 0.7;
  const nested = (entries: Entry[]) => (indent: string) => '\n' + mapping(entries, indent + unit);
  const kind = pick(r, ['task', 'state', 'plan', 'initiative']);
  let entries: Entry[];
  if (kind === 'task') {
    entries = [
      ['id', value(r, unit, `TASK-${Math.floor(r() * 1000)}`)], ['title', value(r, unit)], ['description', value(r, unit, multiLine(r))],
      ['weight', value(r, unit, pick(r, ['trivial', 'small', 'medium', 'large', '', '1']))], ['status', value(r, unit)],
      ['blocked_by', (i) => list(r, ids(r, 'TASK'), i, unit, seqIndent)], ['related_to', (i) => list(r, ids(r, 'TASK'), i, unit, seqIndent)],
      ['created_at', value(r, unit, '2026-01-02T03:04:05Z')], ['requires_ui_testing', value(r, unit, pick(r, ['true', 'false', 'yes', '']))],
      ['metadata', nested([['source', value(r, unit)], ['tags', (i) => list(r, [scalarText(r), 'x'], i, unit, seqIndent)], [pick(r, ['1', 'true', '~', 'a b', '"q"']), value(r, unit)]])],
    ];
  } else if (kind === 'state') {
    entries = [
      ['task_id', value(r, unit, 'TASK-001')], ['current_iteration', value(r, unit, String(Math.floor(r() * 5)))],
      ['phases', nested(['spec', 'implement'].map((p): Entry => [p, nested([['status', value(r, unit)], ['iterations', value(r, unit)], ['checkpoint', value(r, unit, pick(r, ['1a2b3c4', '1234e567', '0755', 'deadbeef']))]])]))],
      ['gates', (i) => '\n' + Array.from({ length: 1 + Math.floor(r() * 2) }, () => {
        const at = seqIndent ? i + unit : i;
        return `${at}- phase: ${scalar(r, 'spec', at, unit)}\n${at}  rationale: ${scalar(r, scalarText(r), at + '  ', unit)}\n${at}  timestamp: ${scalar(r, '2026-01-01T00:00:00Z', at + '  ', unit)}`;
      }).join('\n')],
      ['tokens', nested([['input_tokens', value(r, unit, String(Math.floor(r() * 1e6)))], ['by_phase', nested([['spec', value(r, unit)]])]])],
    ];
  } else if (kind === 'plan') {
    entries = [
      ['task_id', value(r, unit)], ['weight', value(r, unit)],
      ['phases', (i) => '\n' + ['spec', 'implement', 'test'].map((p) => {
        const at = seqIndent ? i + unit : i;
        return `${at}- name: ${p}\n${at}  max_iterations: ${scalar(r, scalarText(r), at + '  ', unit)}\n${at}  completion_criteria:${list(r, ['claude_confirms', scalarText(r)], at + '  ', unit, seqIndent)}\n${at}  gate:\n${at}  ${unit}type: ${scalar(r, scalarText(r), at + '  ' + unit, unit)}`;
      }).join('\n')],
    ];
  } else {
    entries = [
      ['id', value(r, unit, 'INIT-001')], ['title', value(r, unit)], ['vision', value(r, unit, multiLine(r))],
      ['decisions', (i) => r() < 0.3 ? ' []' : '\n' + [1, 2].map((n) => {
        const at = seqIndent ? i + unit : i;
        return `${at}- id: DEC-00${n}\n${at}  decision: ${scalar(r, scalarText(r), at + '  ', unit)}\n${at}  date: ${scalar(r, scalarText(r), at + '  ', unit)}`;
      }).join('\n')],
      ['tasks', (i) => list(r, ids(r, 'TASK'), i, unit, seqIndent)], ['metadata', (_) => r() < 0.5 ? ' {}' : ''],
    ];
  }
  // Comments where writers and people put them.
  const lines = mapping(entries, '').split('\n');
  if (r() < 0.3) lines.unshift('# written by orc');
  if (r() < 0.2) lines.splice(Math.floor(r() * lines.length), 0, pick(r, ['', '# a comment', '  # indented comment']));
  return { kind, text: lines.join('\n') + (r() < 0.95 ? '\n' : '') };
}

const ODD = [':', '#', '-', '&', '*', '!', '|', '>', "'", '"', '[', ']', '{', '}', ',', '?', '%', '@', '`', '\t', '\r',
  '\x0c', '~', '<<', '\n', ' ', '  ', '\\', '\u2028', '\ufeff', '\u0085', '---\n', '...\n', 'é', '😀', ': ', ' #', '- '];

/** A random mutation: lines deleted, duplicated, swapped or re-indented, odd characters inserted, the text cut. */
export function mutate(r: Rng, text: string): string {
  const lines = text.split('\n');
  const n = 1 + Math.floor(r() * 3);
  for (let k = 0; k < n; k++) {
    const i = Math.floor(r() * lines.length);
    const x = r();
    if (x < 0.15) lines.splice(i, 1);
    else if (x < 0.3) lines.splice(i, 0, lines[i] ?? '');
    else if (x < 0.4) { const j = Math.floor(r() * lines.length); [lines[i], lines[j]] = [lines[j] ?? '', lines[i] ?? '']; }
    else if (x < 0.55) lines[i] = ' '.repeat(1 + Math.floor(r() * 3)) + (lines[i] ?? '');
    else if (x < 0.65) lines[i] = (lines[i] ?? '').replace(/^ {1,2}/, '');
    else if (x < 0.95) {
      const line = lines[i] ?? '';
      const at = Math.floor(r() * (line.length + 1));
      lines[i] = line.slice(0, at) + pick(r, ODD) + line.slice(at);
    } else {
      return lines.join('\n').slice(0, Math.floor(r() * text.length));
    }
  }
  return lines.join('\n');
}
