import yaml from 'js-yaml';
import { WRONG_VALUES, type Syntax } from './mutations';

/**
 * What a case must produce besides the general invariants: `problem` — at least one diagnostic names the file;
 * `same` — the file is still valid (a BOM, CRLF line ends), so it yields the same items as before; `any` — either.
 */
export type Expect = 'problem' | 'same' | 'any';

export interface HostileCase {
  readonly name: string;
  readonly bytes: () => Buffer;
  readonly expect: Expect;
  /** Big inputs (megabytes, 100k elements): every format runs them under `npm run fuzz`, a few under `npm test`. */
  readonly big?: boolean;
  /** One field set to a value of the wrong type: all of them under `npm run fuzz`, a spread under `npm test`. */
  readonly wrongType?: boolean;
}

const MB5 = 5 * 1024 * 1024;
const DEEP = 10_000;
const MANY = 100_000;

/** A fixed pseudo-random byte stream (the same bytes every run). */
function noise(length: number, seed: number): Buffer {
  const out = Buffer.alloc(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; out[i] = x & 0xff; }
  return out;
}

const billionLaughs = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...'bcdefghi'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`)].join('\n') + '\n';

/** The hostile inputs for one sample file: its own bytes broken every way a real file gets broken, plus inputs built to hurt. */
export function hostileCases(sample: Buffer, syntax: Syntax): HostileCase[] {
  const text = sample.toString('utf8');
  const half = Math.floor(sample.length / 2);
  const cases: HostileCase[] = [
    { name: 'empty file', bytes: () => Buffer.alloc(0), expect: 'any' },
    { name: 'only whitespace', bytes: () => Buffer.from('  \n\t\n \r\n'), expect: 'any' },
    { name: 'random bytes', bytes: () => noise(4096, 7), expect: 'any' },
    { name: 'random printable text', bytes: () => Buffer.from(noise(4096, 11).toString('base64')), expect: 'any' },
    { name: 'NUL byte in the middle', bytes: () => Buffer.concat([sample.subarray(0, half), Buffer.from([0]), sample.subarray(half)]), expect: 'problem' },
    { name: 'UTF-8 BOM', bytes: () => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), sample]), expect: syntax === 'jsonl' || syntax === 'text' ? 'any' : 'same' },
    { name: 'CRLF line ends', bytes: () => Buffer.from(text.replace(/\r?\n/g, '\r\n')), expect: 'same' },
    { name: 'BOM and CRLF', bytes: () => Buffer.from('\ufeff' + text.replace(/\r?\n/g, '\r\n')), expect: syntax === 'jsonl' || syntax === 'text' ? 'any' : 'same' },
    { name: 'CR-only line ends', bytes: () => Buffer.from(text.replace(/\r?\n/g, '\r')), expect: 'any' },
    { name: 'invalid UTF-8 in the middle', bytes: () => Buffer.concat([sample.subarray(0, half), Buffer.from([0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x80]), sample.subarray(half)]), expect: 'any' },
    { name: 'UTF-16LE encoded', bytes: () => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), expect: 'problem' },
    { name: 'half-written (cut in the middle)', bytes: () => sample.subarray(0, half), expect: 'any' },
    { name: 'cut inside a multi-byte character', bytes: () => Buffer.concat([sample, Buffer.from('é€😀'.repeat(3)).subarray(0, 7)]), expect: 'any' },
    { name: 'U+2028, U+0085 and U+FFFF in the text', bytes: () => Buffer.from(text.replace(/ /, ' \u2028\u0085\uffff ')), expect: 'any' },
    { name: '5 MB of one line', bytes: () => Buffer.alloc(MB5, 'a'), expect: 'any', big: true },
    { name: '5 MB of random printable text', bytes: () => Buffer.from(noise(MB5 * 3 / 4, 13).toString('base64')), expect: 'any', big: true },
    { name: '9 MB file (over the size limit)', bytes: () => Buffer.concat([sample, Buffer.alloc(9 * 1024 * 1024, '\n')]), expect: 'any', big: true },
  ];
  if (syntax === 'yaml') cases.push(...yamlCases(sample));
  if (syntax === 'json') cases.push(...jsonCases(sample));
  if (syntax === 'jsonl' || syntax === 'text') cases.push(...lineCases(sample, syntax));
  if (syntax === 'markdown') cases.push(...markdownCases(sample));
  return cases;
}

function firstKey(value: unknown): string {
  return value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value)[0] ?? 'id' : 'id';
}

function yamlCases(sample: Buffer): HostileCase[] {
  let parsed: unknown;
  try { parsed = yaml.load(sample.toString('utf8')); } catch { parsed = undefined; }
  const key = firstKey(parsed);
  const withKey = (value: string) => () => Buffer.from(`${sample.toString('utf8').replace(new RegExp(`^${key}:.*$`, 'm'), '')}\n${key}: ${value}\n`);
  return [
    { name: 'YAML alias bomb (billion laughs)', bytes: () => Buffer.from(billionLaughs), expect: 'problem' },
    { name: 'YAML alias bomb in a field', bytes: () => Buffer.from(`${sample.toString('utf8')}\n${billionLaughs.split('\n').map((l) => `x_${l}`).join('\n')}`), expect: 'any' },
    { name: 'YAML recursive alias', bytes: () => Buffer.from(`${key}: &a [*a]\n`), expect: 'problem' },
    { name: 'YAML alias to a missing anchor', bytes: withKey('*nowhere'), expect: 'problem' },
    { name: 'YAML merge keys', bytes: () => Buffer.from(`base: &b {${key}: x}\nother:\n  <<: [*b, *b, *b]\n${sample.toString('utf8')}`), expect: 'any' },
    { name: 'YAML several documents', bytes: () => Buffer.from(`${sample.toString('utf8')}\n---\n${sample.toString('utf8')}`), expect: 'any' },
    { name: 'YAML tags', bytes: withKey('!!binary aGVsbG8='), expect: 'any' },
    { name: 'YAML unknown tag', bytes: withKey('!js/function "function(){}"'), expect: 'any' },
    { name: 'YAML duplicate keys', bytes: () => Buffer.from(`${key}: one\n${key}: two\n${sample.toString('utf8')}`), expect: 'any' },
    { name: 'YAML top-level list', bytes: () => Buffer.from('- 1\n- 2\n'), expect: 'any' },
    { name: 'YAML top-level scalar', bytes: () => Buffer.from('just text\n'), expect: 'problem' },
    { name: 'YAML __proto__ key', bytes: () => Buffer.from(`__proto__: {polluted: true}\n${sample.toString('utf8')}`), expect: 'any' },
    { name: 'YAML 5 MB scalar in the first field', bytes: withKey(`"${'a'.repeat(MB5)}"`), expect: 'any', big: true },
    { name: 'YAML 100k-element flow list in the first field', bytes: withKey(`[${Array(MANY).fill('1').join(',')}]`), expect: 'any', big: true },
    { name: 'YAML 100k-element block list in the first field', bytes: withKey(`\n${Array(MANY).fill('  - x').join('\n')}`), expect: 'any', big: true },
    { name: 'YAML 10k-deep flow sequences', bytes: withKey('['.repeat(DEEP) + ']'.repeat(DEEP)), expect: 'any', big: true },
    { name: 'YAML 10k-deep flow mappings', bytes: withKey('{a: '.repeat(DEEP) + '1' + '}'.repeat(DEEP)), expect: 'any', big: true },
    { name: 'YAML 10k-deep block sequences', bytes: withKey(`\n  ${'- '.repeat(DEEP)}x`), expect: 'any', big: true },
    ...wrongTypes(parsed, (v) => Buffer.from(yaml.dump(v, { lineWidth: -1, noRefs: true }))),
  ];
}

function jsonCases(sample: Buffer): HostileCase[] {
  let parsed: unknown;
  try { parsed = JSON.parse(sample.toString('utf8')); } catch { parsed = undefined; }
  const key = firstKey(parsed);
  const withKey = (value: string) => () => {
    const obj = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? { ...parsed } : {};
    const body = JSON.stringify({ ...obj, [key]: '\u0000PLACEHOLDER' });
    return Buffer.from(body.replace('"\\u0000PLACEHOLDER"', value));
  };
  return [
    { name: 'JSON truncated', bytes: () => Buffer.from(JSON.stringify(parsed).slice(0, -1)), expect: 'problem' },
    { name: 'JSON trailing comma and comment', bytes: () => Buffer.from(JSON.stringify(parsed, null, 2).replace(/\n}$/, ',\n// note\n}')), expect: 'any' },
    { name: 'JSON duplicate keys', bytes: () => Buffer.from(`{"${key}": 1, ${sample.toString('utf8').trim().slice(1)}`), expect: 'any' },
    { name: 'JSON top-level array', bytes: () => Buffer.from('[1,2,3]'), expect: 'any' },
    { name: 'JSON top-level string', bytes: () => Buffer.from('"text"'), expect: 'any' },
    { name: 'JSON top-level null', bytes: () => Buffer.from('null'), expect: 'any' },
    { name: 'JSON __proto__ and constructor keys', bytes: () => Buffer.from(`{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}, ${sample.toString('utf8').trim().slice(1)}`), expect: 'any' },
    { name: 'JSON huge numbers', bytes: withKey('1e999'), expect: 'any' },
    { name: 'JSON lone surrogate escapes', bytes: withKey('"\\ud800\\udfff\\ud800"'), expect: 'any' },
    { name: 'JSON 5 MB string in the first field', bytes: withKey(`"${'a'.repeat(MB5)}"`), expect: 'any', big: true },
    { name: 'JSON 100k-element array in the first field', bytes: withKey(`[${Array(MANY).fill('{}').join(',')}]`), expect: 'any', big: true },
    { name: 'JSON 10k-deep arrays', bytes: withKey('['.repeat(DEEP) + ']'.repeat(DEEP)), expect: 'any', big: true },
    { name: 'JSON 10k-deep objects', bytes: withKey('{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP)), expect: 'any', big: true },
    { name: 'JSON 10k-deep top level', bytes: () => Buffer.from('['.repeat(DEEP) + ']'.repeat(DEEP)), expect: 'any', big: true },
    ...wrongTypes(parsed, (v) => Buffer.from(JSON.stringify(v, null, 2))),
  ];
}

function lineCases(sample: Buffer, syntax: Syntax): HostileCase[] {
  const lines = sample.toString('utf8').split('\n').filter((l) => l.trim());
  const shortest = lines.reduce((a, b) => (b.length < a.length ? b : a), lines[0] ?? 'x');
  const cases: HostileCase[] = [
    { name: 'partial last line (a write in progress)', bytes: () => Buffer.concat([sample, Buffer.from((lines[0] ?? 'x').slice(0, 20))]), expect: 'any' },
    { name: 'no final newline', bytes: () => Buffer.from(sample.toString('utf8').replace(/\n+$/, '')), expect: 'any' },
    { name: 'blank lines between', bytes: () => Buffer.from(lines.join('\n\n\n') + '\n'), expect: 'any' },
    { name: '5 MB line in the middle', bytes: () => Buffer.from(`${lines[0] ?? ''}\n${'b'.repeat(MB5)}\n${lines.slice(1).join('\n')}\n`), expect: 'any', big: true },
    { name: '5 MB last line without newline', bytes: () => Buffer.from(`${lines.join('\n')}\n${'c'.repeat(MB5)}`), expect: 'any', big: true },
    { name: '100k lines', bytes: () => Buffer.from(Array(MANY).fill(shortest).join('\n') + '\n'), expect: 'any', big: true },
    { name: '100k empty lines', bytes: () => Buffer.from('\n'.repeat(MANY) + lines.join('\n') + '\n'), expect: 'any', big: true },
  ];
  if (syntax === 'jsonl') {
    cases.push(
      { name: 'JSONL 10k-deep line', bytes: () => Buffer.from(`${lines.join('\n')}\n${'['.repeat(DEEP)}${']'.repeat(DEEP)}\n`), expect: 'any', big: true },
      { name: 'JSONL wrong-typed lines', bytes: () => Buffer.from(['null', '1', '"x"', '[]', '{}', 'true', '{"timestamp":[],"ts":{},"event":1,"type":null}', ...lines].join('\n') + '\n'), expect: 'any' },
    );
    let first: unknown;
    try { first = JSON.parse(lines[lines.length - 1] ?? ''); } catch { first = undefined; }
    cases.push(...wrongTypes(first, (v) => Buffer.from(`${lines.slice(0, -1).join('\n')}\n${JSON.stringify(v)}\n`)));
  }
  return cases;
}

function markdownCases(sample: Buffer): HostileCase[] {
  const text = sample.toString('utf8');
  const fm = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
  const cases: HostileCase[] = [
    { name: 'Markdown 100k table rows', bytes: () => Buffer.from(`${text}\n\n| File | Intent |\n|---|---|\n${'| a.ts | INT-001 |\n'.repeat(MANY)}`), expect: 'any', big: true },
    { name: 'Markdown 10k nested quotes', bytes: () => Buffer.from(`${'>'.repeat(DEEP)} x\n${text}`), expect: 'any', big: true },
    { name: 'Markdown 10k nested lists', bytes: () => Buffer.from(`${Array.from({ length: 2000 }, (_, i) => `${'  '.repeat(i)}- x`).join('\n')}\n${text}`), expect: 'any', big: true },
    { name: 'Markdown raw HTML and scripts', bytes: () => Buffer.from(`<script>alert(1)</script>\n<img src=x onerror=alert(1)>\n${text}`), expect: 'any' },
    { name: 'Markdown unterminated front matter', bytes: () => Buffer.from(`---\ntitle: x\n${text}`), expect: 'any' },
  ];
  if (fm) {
    let parsed: unknown;
    try { parsed = yaml.load(fm[1]!); } catch { parsed = undefined; }
    const body = text.slice(fm[0].length);
    cases.push(
      { name: 'front matter alias bomb', bytes: () => Buffer.from(`---\n${billionLaughs}---\n${body}`), expect: 'problem' },
      { name: 'front matter 10k-deep', bytes: () => Buffer.from(`---\nx: ${'['.repeat(DEEP)}${']'.repeat(DEEP)}\n---\n${body}`), expect: 'any', big: true },
      ...wrongTypes(parsed, (v) => Buffer.from(`---\n${yaml.dump(v, { lineWidth: -1, noRefs: true })}---\n${body}`)),
    );
  }
  return cases;
}

/** Every field (to a cap under `npm test`) set to each value of the wrong type, and removed. */
function wrongTypes(parsed: unknown, write: (value: unknown) => Buffer): HostileCase[] {
  if (parsed === null || typeof parsed !== 'object') return [];
  const paths: (string | number)[][] = [];
  const visit = (v: unknown, at: (string | number)[]) => {
    if (v === null || typeof v !== 'object' || at.length > 6) return;
    for (const k of Array.isArray(v) ? [...v.keys()] : Object.keys(v)) {
      paths.push([...at, k]);
      visit((v as Record<string | number, unknown>)[k], [...at, k]);
    }
  };
  visit(parsed, []);
  const values = [...WRONG_VALUES.slice(0, 20), undefined];
  return paths.flatMap((p) => values.map((value) => ({
    name: `wrong type: ${p.join('.')} = ${value === undefined ? '(removed)' : JSON.stringify(value)?.slice(0, 40)}`,
    expect: 'any' as const,
    wrongType: true,
    bytes: () => write(setAt(structuredClone(parsed), p, value)),
  })));
}

function setAt(root: unknown, at: (string | number)[], value: unknown): unknown {
  let node = root as Record<string | number, unknown>;
  for (const k of at.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  const last = at[at.length - 1]!;
  if (value === undefined) { if (Array.isArray(node)) node.splice(last as number, 1); else delete node[last]; } else node[last] = value;
  return root;
}
