import { MAX_NESTING } from '../util/json-shape';
import * as scalars from './machine-scalars';
import type { Read, ScalarSchema } from './machine-scalars';
import * as keys from './known-keys';

// Bound once: the unbundled build (tests, benchmarks) reaches an imported name through two getters on every use,
// which cost a quarter of this reader's time there.
const { plainEnd, plainMayStart, readDoubleQuoted, readFlowSequence, readSingleQuoted, resolvePlain, restIsBlank } = scalars;
const DECLINE: typeof scalars.DECLINE = scalars.DECLINE;
const { knownKeyAt, plainKey } = keys;

/**
 * A reader for the YAML that programs write (Go's gopkg.in/yaml.v3 Marshal output, as orc writes its files): block
 * mappings and sequences, one-line plain and quoted scalars, literal and folded block scalars, `[]`, `{}`, one-line
 * flow sequences of plain words, and comments. It gives exactly the value js-yaml's `load` gives with the same
 * schema, or `undefined` for a file it is not sure of (anchors, aliases, tags, merge keys, duplicate keys, several
 * documents, tabs, multi-line plain or quoted scalars, flow mappings, anything odd), which js-yaml then reads.
 * One pass over the lines with an explicit stack (no recursion a deep file could overflow), so linear in the text.
 */
export function loadMachineYaml(text: string, schema: ScalarSchema): { value: unknown } | undefined {
  // Characters js-yaml refuses or treats specially (BOM, tabs, CR, NEL, line separators) are left to it.
  if (!PRINTABLE_ASCII.test(text) && UNSURE_TEXT.test(text)) return undefined;
  try {
    const value = new Reader(text, schema).read();
    return value === DECLINE ? undefined : { value };
  } catch (err) {
    if (err === DECLINE) return undefined;
    throw err;
  }
}

// Most files are ASCII: a quick look spares them the full test below.
const PRINTABLE_ASCII = /^[\n\x20-\x7e]*$/;
// js-yaml's non-printable characters (which make it throw) and those this reader does not handle.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSURE_TEXT = /[\x00-\x09\x0B-\x1F\x7F-\x9F\uFEFF\uFFFE\uFFFF\u2028\u2029]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;

type Frame =
  | { readonly seq: false; readonly indent: number; readonly node: Record<string, unknown> }
  | { readonly seq: true; readonly indent: number; readonly node: unknown[] };

/** A `key:` or `-` with nothing after it: its value is the block node on the lines below, or null. */
interface Pending {
  readonly frame: Frame;
  readonly key: string;
}

class Reader {
  private readonly stack: Frame[] = [];
  private pending: Pending | undefined;
  private root: unknown = DECLINE;
  /** The start and end of the line being read, and the start of the next line (a block scalar moves it on). */
  private pos = 0;
  private lineEnd = 0;
  private next = 0;

  constructor(private readonly text: string, private readonly schema: ScalarSchema) {}

  read(): unknown {
    const { text } = this;
    while (this.pos < text.length) {
      let end = text.indexOf('\n', this.pos);
      if (end < 0) end = text.length;
      this.lineEnd = end;
      this.next = end + 1;
      let at = this.pos;
      while (at < end && text.charCodeAt(at) === 0x20) at++;
      if (at < end && text.charCodeAt(at) !== 0x23) this.line(at - this.pos, at);
      this.pos = this.next;
    }
    if (this.pending) this.assign(this.pending, null);
    return this.root;
  }

  /** One line with content: `indent` spaces, then the content at `at`. */
  private line(indent: number, at: number): void {
    const { text } = this;
    const item = text.charCodeAt(at) === 0x2d && (at + 1 === this.lineEnd || text.charCodeAt(at + 1) === 0x20);
    // Document markers and directives: js-yaml's.
    if (indent === 0 && (text.startsWith('---', at) || text.startsWith('...', at) || text.charCodeAt(at) === 0x25)) throw DECLINE;
    if (this.root === DECLINE) {
      if (indent !== 0) throw DECLINE;
      this.root = this.open(item, 0);
    } else if (this.pending) {
      const p = this.pending;
      this.pending = undefined;
      // A mapping's value may be a sequence at the mapping's own indent (`key:\n- a`).
      if (indent > p.frame.indent || (item && indent === p.frame.indent && !p.frame.seq)) {
        this.assign(p, this.open(item, indent));
      } else {
        this.assign(p, null);
      }
    }
    let top = this.stack[this.stack.length - 1];
    while (top && (top.indent > indent || (top.indent === indent && top.seq && !item))) {
      this.stack.pop();
      top = this.stack[this.stack.length - 1];
    }
    if (!top || top.indent !== indent || top.seq !== item) throw DECLINE;
    if (item) this.item(top as Frame & { seq: true }, at);
    else this.entry(top as Frame & { seq: false }, at);
  }

  private open(seq: boolean, indent: number): unknown {
    // Deep files are left to js-yaml and jsonShapeProblem, so what this reader returns never needs that check.
    if (this.stack.length >= MAX_NESTING - 1) throw DECLINE;
    const frame: Frame = seq ? { seq, indent, node: [] } : { seq, indent, node: {} };
    this.stack.push(frame);
    return frame.node;
  }

  private assign(p: Pending, value: unknown): void {
    if (p.frame.seq) p.frame.node.push(value);
    else p.frame.node[p.key] = value;
  }

  /** `- value`, `-` alone, or `- key: value` (a mapping that starts on the item's line). */
  private item(frame: Frame & { seq: true }, dash: number): void {
    const { text } = this;
    let at = dash + 1;
    while (at < this.lineEnd && text.charCodeAt(at) === 0x20) at++;
    if (at === this.lineEnd || text.charCodeAt(at) === 0x23) {
      this.pending = { frame, key: '' };
      return;
    }
    if (text.charCodeAt(at) === 0x2d && (at + 1 === this.lineEnd || text.charCodeAt(at + 1) === 0x20)) throw DECLINE; // - - x
    const key = this.keyAt(at);
    if (key !== DECLINE) {
      const indent = at - this.pos;
      frame.node.push(this.open(false, indent));
      this.value(this.stack[this.stack.length - 1] as Frame & { seq: false }, key.key, key.next, indent);
      return;
    }
    const value = this.scalar(at, frame.indent);
    if (value === DECLINE) throw DECLINE;
    frame.node.push(value);
  }

  /** `key: value` or `key:` in the mapping `frame`. */
  private entry(frame: Frame & { seq: false }, at: number): void {
    const key = this.keyAt(at);
    if (key === DECLINE) throw DECLINE;
    this.value(frame, key.key, key.next, frame.indent);
  }

  /** The value after `key:` (at `from`, just past the colon). */
  private value(frame: Frame & { seq: false }, key: string, from: number, indent: number): void {
    // js-yaml rejects a duplicate key; `__proto__` it stores specially: both are its business.
    if (key === '__proto__' || Object.prototype.hasOwnProperty.call(frame.node, key)) throw DECLINE;
    const { text } = this;
    let at = from;
    while (at < this.lineEnd && text.charCodeAt(at) === 0x20) at++;
    if (at === this.lineEnd || (text.charCodeAt(at) === 0x23 && at > from)) {
      this.pending = { frame, key };
      return;
    }
    const value = this.scalar(at, indent);
    if (value === DECLINE) throw DECLINE;
    frame.node[key] = value;
  }

  /**
   * A key at `at`, plain or quoted, followed by `:` and a space or the line's end; `next` is just past the colon.
   * Keys are converted to strings as js-yaml does (`1:` is the key "1", `~:` the key "null").
   */
  private keyAt(at: number): Read<{ key: string; next: number }> {
    const { text } = this;
    const c = text.charCodeAt(at);
    let key: string;
    let colon: number;
    if (c === 0x22 || c === 0x27) {
      const quoted = c === 0x22 ? readDoubleQuoted(text, at, this.lineEnd) : readSingleQuoted(text, at, this.lineEnd);
      if (quoted === DECLINE || text.charCodeAt(quoted.next) !== 0x3a) return DECLINE;
      key = quoted.value;
      colon = quoted.next;
    } else {
      if (!plainMayStart(text, at)) return DECLINE;
      const known = knownKeyAt(text, at, this.lineEnd);
      if (known !== undefined) return { key: known, next: at + known.length + 1 };
      // Searched within the line only: a list of plain items must not each scan the rest of the file.
      colon = at;
      while (colon < this.lineEnd && !(text.charCodeAt(colon) === 0x3a
        && (colon + 1 === this.lineEnd || text.charCodeAt(colon + 1) === 0x20))) colon++;
      if (colon === this.lineEnd) return DECLINE;
      // A comment, a space before the colon or two in a row, or a merge key: js-yaml's.
      for (let i = at + 1; i < colon; i++) {
        if (text.charCodeAt(i - 1) === 0x20 && (text.charCodeAt(i) === 0x23 || text.charCodeAt(i) === 0x20)) return DECLINE;
      }
      if (text.charCodeAt(colon - 1) === 0x20) return DECLINE;
      const plain = plainKey(text, at, colon, this.schema);
      if (plain === DECLINE) return DECLINE;
      key = plain;
    }
    const next = colon + 1;
    if (next !== this.lineEnd && text.charCodeAt(next) !== 0x20) return DECLINE;
    return { key, next };
  }

  /** A value that starts at `at` on this line, in a node indented `indent` (block scalars use the lines below). */
  private scalar(at: number, indent: number): Read<unknown> {
    const { text } = this;
    const end = this.lineEnd;
    switch (text.charCodeAt(at)) {
      case 0x22: case 0x27: { // " '
        const quoted = text.charCodeAt(at) === 0x22 ? readDoubleQuoted(text, at, end) : readSingleQuoted(text, at, end);
        return quoted !== DECLINE && restIsBlank(text, quoted.next, end) ? quoted.value : DECLINE;
      }
      case 0x5b: { // [
        const flow = readFlowSequence(text, at, end, this.schema);
        return flow !== DECLINE && restIsBlank(text, flow.next, end) ? flow.value : DECLINE;
      }
      case 0x7b: // {
        return text.charCodeAt(at + 1) === 0x7d && restIsBlank(text, at + 2, end) ? {} : DECLINE;
      case 0x7c: case 0x3e: // | >
        return this.blockScalar(at, indent);
      default: {
        if (!plainMayStart(text, at)) return DECLINE;
        const stop = plainEnd(text, at, end);
        if (stop === DECLINE) return DECLINE;
        const raw = text.slice(at, stop);
        return raw === '<<' ? DECLINE : resolvePlain(raw, this.schema);
      }
    }
  }

  /**
   * `|`, `|-`, `|+`, `>`, `>-` or `>+` alone on its line, in a node indented `indent`: the lines below, as js-yaml's
   * readBlockScalar reads them (its chomping and folding, step by step). Moves `pos` past the scalar's lines.
   */
  private blockScalar(at: number, indent: number): Read<string> {
    const { text } = this;
    const folding = text.charCodeAt(at) === 0x3e;
    let chomp = 'clip';
    let header = at + 1;
    const c = text.charCodeAt(header);
    if (c === 0x2d || c === 0x2b) { chomp = c === 0x2d ? 'strip' : 'keep'; header++; }
    if (header !== this.lineEnd) return DECLINE; // an indentation indicator, a comment: js-yaml's
    let result = '';
    let textIndent = -1;
    let emptyLines = 0;
    let didReadContent = false;
    let atMoreIndented = false;
    let line = this.lineEnd + 1;
    // js-yaml reads a text without a final line break as if it had one.
    while (line < text.length) {
      let end = text.indexOf('\n', line);
      if (end < 0) end = text.length;
      let first = line;
      while (first < end && text.charCodeAt(first) === 0x20) first++;
      if (first === end) {
        if (end !== line) return DECLINE; // a line of spaces only
        emptyLines++;
        line = end + 1;
        continue;
      }
      const lineIndent = first - line;
      if (textIndent < 0) {
        // The first content line sets the indentation; one not deeper than the node is left to js-yaml.
        if (lineIndent <= indent) return DECLINE;
        textIndent = lineIndent;
      }
      if (lineIndent < textIndent) break;
      const content = line + textIndent;
      if (folding) {
        if (text.charCodeAt(content) === 0x20) {
          atMoreIndented = true;
          result += '\n'.repeat(didReadContent ? 1 + emptyLines : emptyLines);
        } else if (atMoreIndented) {
          atMoreIndented = false;
          result += '\n'.repeat(emptyLines + 1);
        } else if (emptyLines === 0) {
          if (didReadContent) result += ' ';
        } else {
          result += '\n'.repeat(emptyLines);
        }
      } else {
        result += '\n'.repeat(didReadContent ? 1 + emptyLines : emptyLines);
      }
      didReadContent = true;
      emptyLines = 0;
      result += text.slice(content, end);
      line = end + 1;
    }
    if (textIndent < 0) return DECLINE; // no content at all
    if (chomp === 'keep') result += '\n'.repeat(didReadContent ? 1 + emptyLines : emptyLines);
    else if (chomp === 'clip' && didReadContent) result += '\n';
    this.next = line; // the main loop goes on at the first line after the scalar
    return result;
  }
}
