import fc from 'fast-check';
import yaml from 'js-yaml';
import path from 'node:path';

/**
 * Mutations of a valid file, as plain data (so fast-check can shrink them and print them): byte, line and token
 * edits, encodings (BOM, CRLF, NUL, invalid UTF-8), half-written files and "wrong type for this field" edits of
 * the parsed structure. `applyMutations` turns a sample's bytes and a list of them into the bytes to write.
 */
export type Mutation =
  | { readonly t: 'flip'; readonly at: number; readonly byte: number }
  | { readonly t: 'insertBytes'; readonly at: number; readonly bytes: readonly number[] }
  | { readonly t: 'delete'; readonly at: number; readonly len: number }
  | { readonly t: 'duplicate'; readonly at: number; readonly len: number; readonly to: number }
  | { readonly t: 'truncate'; readonly at: number }
  | { readonly t: 'deleteLine'; readonly line: number }
  | { readonly t: 'duplicateLine'; readonly line: number }
  | { readonly t: 'swapLines'; readonly line: number; readonly other: number }
  | { readonly t: 'indent'; readonly line: number; readonly by: number }
  | { readonly t: 'insertLine'; readonly line: number; readonly text: string }
  | { readonly t: 'token'; readonly token: number; readonly text: string }
  | { readonly t: 'swapTokens'; readonly token: number; readonly other: number }
  | { readonly t: 'bom' }
  | { readonly t: 'crlf' }
  | { readonly t: 'nul'; readonly at: number }
  | { readonly t: 'badUtf8'; readonly at: number; readonly seq: readonly number[] }
  | { readonly t: 'setValue'; readonly target: number; readonly value: unknown }
  | { readonly t: 'deleteKey'; readonly target: number }
  | { readonly t: 'addKey'; readonly target: number; readonly key: string; readonly value: unknown };

/** Tokens that mean something to YAML, JSON, Markdown, the readers' own syntaxes, or to JavaScript objects. */
export const HOSTILE_TOKENS = [
  '*a', '&a', '&a [*a, *a, *a]', '!!binary', '!!js/function', '!<tag:x>', '!!set', '!!omap', '{', '}', '[', ']', '"', "'",
  ':', ': ', '- ', '? ', '|', '>-', '#', '---', '...', '%YAML 1.1', '<<: *a', 'null', '~', '.nan', '.inf', '-.inf', '1e999',
  '-0', '0x1F', '0o17', '9007199254740993', 'true', 'yes', 'no', 'on', '2026-13-45T99:99:99Z', '\t', '\\u0000', '\u2028',
  '\u0085', '\uFFFF', '\u{1F600}', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '{"__proto__":{"x":1}}',
  'NaN', 'Infinity', '-', '.', '..', '../../../etc/passwd', '/etc/passwd', 'C:\\x', '${workspaceFolder}', '~/', '**', '!',
  '| a | b |', '|---|---|', '[x](javascript:alert(1))', '<script>', 'key=<json>', '[info]', '=', '""', '[]', '{}', '0', '-1',
  'TASK-001', 'TASK-999', 'INT-001', 'crp-001', 'pending', 'running', 'completed', 'x'.repeat(300),
];

const HOSTILE_LINES = [
  '', ' ', '\t', '---', '...', 'a: &a [1, 2]', 'b: *a', 'c: *missing', '<<: *a', '- - - -', '? complex key', 'key: value: other',
  '"unterminated', '{"broken": ', '{}', '[]', 'null', '# comment', '| a | b |', '|---|', '```', '> quote', '<!-- -->',
  '2026-01-10T09:15:00Z [info] x.y key=', '2026-01-10T09:15:00Z [bogus] run.started run_id=1', 'not a log line at all',
  '{"timestamp": 1, "action_type": []}', '{"__proto__": {"polluted": true}}', 'id: TASK-001', 'status: 12', 'blocked_by: TASK-001',
];

const BAD_UTF8 = [[0xff], [0xfe, 0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0x80], [0xef, 0xbb, 0xbf]];

/** Values of the wrong type (or a hostile value of the right one) for any field. */
export const WRONG_VALUES: unknown[] = [
  null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, '', 'x', ' ', '\n', [], {}, [null], [[]], { a: 1 }, ['a', 1, null],
  '__proto__', 'TASK-999', '2026-01-01T00:00:00Z', 'not-a-date', '-1', 'NaN', 'x'.repeat(10_000), { __proto__: null, x: 1 },
];

const position = fc.nat({ max: 1_000_000 });
const valueArb: fc.Arbitrary<unknown> = fc.oneof(fc.constantFrom(...WRONG_VALUES), fc.jsonValue({ maxDepth: 3 }));

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ t: fc.constant('flip' as const), at: position, byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ t: fc.constant('insertBytes' as const), at: position, bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 16 }) }),
  fc.record({ t: fc.constant('delete' as const), at: position, len: fc.integer({ min: 1, max: 64 }) }),
  fc.record({ t: fc.constant('duplicate' as const), at: position, len: fc.integer({ min: 1, max: 200 }), to: position }),
  fc.record({ t: fc.constant('truncate' as const), at: position }),
  fc.record({ t: fc.constant('deleteLine' as const), line: position }),
  fc.record({ t: fc.constant('duplicateLine' as const), line: position }),
  fc.record({ t: fc.constant('swapLines' as const), line: position, other: position }),
  fc.record({ t: fc.constant('indent' as const), line: position, by: fc.integer({ min: -4, max: 4 }) }),
  fc.record({ t: fc.constant('insertLine' as const), line: position, text: fc.oneof(fc.constantFrom(...HOSTILE_LINES), fc.string({ maxLength: 40 })) }),
  fc.record({ t: fc.constant('token' as const), token: position, text: fc.oneof(fc.constantFrom(...HOSTILE_TOKENS), fc.string({ maxLength: 12, unit: 'grapheme' })) }),
  fc.record({ t: fc.constant('swapTokens' as const), token: position, other: position }),
  fc.constant({ t: 'bom' as const }),
  fc.constant({ t: 'crlf' as const }),
  fc.record({ t: fc.constant('nul' as const), at: position }),
  fc.record({ t: fc.constant('badUtf8' as const), at: position, seq: fc.constantFrom(...BAD_UTF8) }),
  // The structural edits come up as often as all byte-level ones together: they reach past the parser.
  fc.record({ t: fc.constant('setValue' as const), target: position, value: valueArb }),
  fc.record({ t: fc.constant('setValue' as const), target: position, value: valueArb }),
  fc.record({ t: fc.constant('setValue' as const), target: position, value: valueArb }),
  fc.record({ t: fc.constant('deleteKey' as const), target: position }),
  fc.record({ t: fc.constant('addKey' as const), target: position, key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'unknown_field', 'id', 'status'), fc.string({ maxLength: 8 })), value: valueArb }),
);

export type Syntax = 'yaml' | 'json' | 'jsonl' | 'markdown' | 'text';

export function syntaxOf(file: string): Syntax {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.yaml' || ext === '.yml') return 'yaml';
  if (ext === '.json') return 'json';
  if (ext === '.jsonl') return 'jsonl';
  if (ext === '.md') return 'markdown';
  return 'text';
}

export function applyMutations(sample: Buffer, syntax: Syntax, mutations: readonly Mutation[]): Buffer {
  let bytes = sample;
  for (const m of mutations) bytes = applyOne(bytes, syntax, m);
  return bytes;
}

function applyOne(bytes: Buffer, syntax: Syntax, m: Mutation): Buffer {
  const at = (n: number, extra = 0) => (bytes.length + extra ? n % (bytes.length + extra) : 0);
  switch (m.t) {
    case 'flip': { if (!bytes.length) return bytes; const b = Buffer.from(bytes); b[at(m.at)] = m.byte; return b; }
    case 'insertBytes': return splice(bytes, at(m.at, 1), 0, Buffer.from(m.bytes));
    case 'delete': return splice(bytes, at(m.at), m.len, Buffer.alloc(0));
    case 'duplicate': { const from = at(m.at); return splice(bytes, at(m.to, 1), 0, bytes.subarray(from, from + m.len)); }
    case 'truncate': return bytes.subarray(0, at(m.at, 1));
    case 'bom': return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
    case 'crlf': return Buffer.from(bytes.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1');
    case 'nul': return splice(bytes, at(m.at, 1), 0, Buffer.from([0]));
    case 'badUtf8': return splice(bytes, at(m.at, 1), 0, Buffer.from(m.seq));
    case 'setValue': case 'deleteKey': case 'addKey': return structural(bytes, syntax, m) ?? bytes;
    default: return lineOrToken(bytes, m);
  }
}

function splice(bytes: Buffer, at: number, remove: number, insert: Uint8Array): Buffer {
  return Buffer.concat([bytes.subarray(0, at), insert, bytes.subarray(Math.min(bytes.length, at + remove))]);
}

function lineOrToken(bytes: Buffer, m: Mutation): Buffer {
  // latin1 keeps every byte as one char, so invalid UTF-8 from an earlier mutation survives the round trip.
  const text = bytes.toString('latin1');
  const lines = text.split('\n');
  const pick = (n: number) => n % lines.length;
  const enc = (s: string) => Buffer.from(s, 'utf8').toString('latin1');
  switch (m.t) {
    case 'deleteLine': lines.splice(pick(m.line), 1); break;
    case 'duplicateLine': { const i = pick(m.line); lines.splice(i, 0, lines[i]!); break; }
    case 'swapLines': { const i = pick(m.line), j = pick(m.other); [lines[i], lines[j]] = [lines[j]!, lines[i]!]; break; }
    case 'indent': { const i = pick(m.line); lines[i] = m.by >= 0 ? ' '.repeat(m.by) + lines[i] : lines[i]!.slice(-m.by); break; }
    case 'insertLine': lines.splice(m.line % (lines.length + 1), 0, enc(m.text)); break;
    case 'token': case 'swapTokens': {
      const tokens = text.split(/(\s+|[:,[\]{}"'#|=])/);
      if (!tokens.length) return bytes;
      const i = m.token % tokens.length;
      if (m.t === 'token') tokens[i] = enc(m.text);
      else { const j = m.other % tokens.length; [tokens[i], tokens[j]] = [tokens[j]!, tokens[i]!]; }
      return Buffer.from(tokens.join(''), 'latin1');
    }
    default: return bytes;
  }
  return Buffer.from(lines.join('\n'), 'latin1');
}

/** A structural edit of the parsed file (or one JSON line, or a Markdown file's front matter), written back out. */
function structural(bytes: Buffer, syntax: Syntax, m: Extract<Mutation, { target: number }>): Buffer | undefined {
  const text = bytes.toString('utf8');
  try {
    switch (syntax) {
      case 'yaml': return Buffer.from(yaml.dump(edit(yaml.load(text), m), { lineWidth: -1, noRefs: true }));
      case 'json': return Buffer.from(JSON.stringify(edit(JSON.parse(text), m), null, 2));
      case 'jsonl': {
        const lines = text.split('\n');
        const candidates = lines.map((l, i) => (l.trim() ? i : -1)).filter((i) => i >= 0);
        if (!candidates.length) return undefined;
        const i = candidates[m.target % candidates.length]!;
        lines[i] = JSON.stringify(edit(JSON.parse(lines[i]!), { ...m, target: Math.floor(m.target / candidates.length) }));
        return Buffer.from(lines.join('\n'));
      }
      case 'markdown': {
        const fm = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
        if (!fm) return undefined;
        const front = yaml.dump(edit(yaml.load(fm[1]!), m), { lineWidth: -1, noRefs: true });
        return Buffer.from(`---\n${front}---\n${text.slice(fm[0].length)}`);
      }
      default: return undefined;
    }
  } catch {
    return undefined; // already broken by an earlier mutation: nothing to edit structurally
  }
}

type Container = Record<string, unknown> | unknown[];

/** Applies the edit at one of the containers/values of the tree (chosen by `target` among all of them). */
function edit(root: unknown, m: Extract<Mutation, { target: number }>): unknown {
  const slots: { parent: Container; key: string | number }[] = [];
  const containers: Container[] = [];
  const visit = (value: unknown, depth: number) => {
    if (slots.length > 2000 || depth > 50 || value === null || typeof value !== 'object') return;
    containers.push(value as Container);
    for (const key of Array.isArray(value) ? value.keys() : Object.keys(value)) {
      slots.push({ parent: value as Container, key });
      visit((value as Record<string | number, unknown>)[key], depth + 1);
    }
  };
  visit(root, 0);
  if (m.t === 'addKey') {
    if (!containers.length) return root;
    const c = containers[m.target % containers.length]!;
    if (Array.isArray(c)) c.push(m.value); else Object.defineProperty(c, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
    return root;
  }
  if (!slots.length) return m.t === 'setValue' ? m.value : root;
  const { parent, key } = slots[m.target % slots.length]!;
  if (m.t === 'deleteKey') {
    if (Array.isArray(parent)) parent.splice(key as number, 1); else delete parent[key as string];
  } else {
    (parent as Record<string | number, unknown>)[key] = m.value;
  }
  return root;
}
