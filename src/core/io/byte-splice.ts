/**
 * Byte-exact edits of text files. An editor works on the decoded text, with CRLF line endings seen as LF
 * (`textForEdit`); `spliceEdit` writes back only the span that edit changed, into the original bytes, so
 * everything outside it stays byte for byte as it was: bytes that are not valid UTF-8 (decoding would turn them
 * into U+FFFD), a UTF-8 BOM, and the file's line endings. New or changed lines get the line ending most of the
 * file's lines have.
 */

/** The text an edit is computed on: the bytes decoded as UTF-8, CRLF read as LF (a lone CR is kept). */
export function textForEdit(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8').replace(/\r\n/g, '\n');
}

/** The splice did not line up with the bytes (a decoder disagreement); the caller writes nothing. */
export class SpliceMismatch extends Error {}

/** The new bytes of a file whose `textForEdit(original)` was edited into `edited`. */
export function spliceEdit(original: Buffer, edited: string): Buffer {
  const before = textForEdit(original);
  if (before === edited) return original;
  let prefix = 0;
  const shortest = Math.min(before.length, edited.length);
  while (prefix < shortest && before.charCodeAt(prefix) === edited.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < shortest - prefix && before.charCodeAt(before.length - 1 - suffix) === edited.charCodeAt(edited.length - 1 - suffix)) suffix++;

  const span = byteSpan(original, prefix, before.length - suffix);
  const kept = { head: original.subarray(0, span.startByte), tail: original.subarray(span.endByte) };
  // The walk below decodes as Node does; checked, so a disagreement can never write misplaced bytes.
  if (textForEdit(kept.head) !== before.slice(0, span.start) || textForEdit(kept.tail) !== before.slice(span.end)) {
    throw new SpliceMismatch('the bytes around the edit could not be kept exactly');
  }
  const middle = edited.slice(span.start, edited.length - (before.length - span.end));
  const eol = mostlyCrlf(before, original) ? '\r\n' : '\n';
  return Buffer.concat([kept.head, Buffer.from(eol === '\n' ? middle : middle.replace(/\n/g, '\r\n'), 'utf8'), kept.tail]);
}

/** Whether most line endings of the file are CRLF. */
function mostlyCrlf(text: string, bytes: Buffer): boolean {
  const lines = text.split('\n').length - 1;
  let crlf = 0;
  for (let i = bytes.indexOf(0x0d); i !== -1 && i + 1 < bytes.length; i = bytes.indexOf(0x0d, i + 1)) if (bytes[i + 1] === 0x0a) crlf++;
  return crlf * 2 > lines;
}

interface Span { start: number; end: number; startByte: number; endByte: number }

/**
 * Maps the text span [start, end) of `textForEdit(bytes)` to bytes, widened to whole characters (a surrogate
 * pair, an invalid sequence read as one U+FFFD) and with a CRLF's CR belonging to its LF.
 */
function byteSpan(bytes: Buffer, start: number, end: number): Span {
  const span: Partial<Span> = {};
  let unit = 0;
  let prevByte = 0;
  let prevUnit = 0;
  let at = 0;
  for (;;) {
    if (span.startByte === undefined && unit >= start) {
      [span.startByte, span.start] = unit === start ? [at, unit] : [prevByte, prevUnit];
    }
    if (span.startByte !== undefined && unit >= end) {
      span.endByte = at;
      span.end = unit;
      return span as Span;
    }
    const step = bytes[at] === 0x0d && bytes[at + 1] === 0x0a ? { length: 1, units: 0 } : sequenceAt(bytes, at);
    prevByte = at;
    prevUnit = unit;
    at += step.length;
    unit += step.units;
  }
}

/** The UTF-8 sequence at `at`: its length, and the UTF-16 units it decodes to (an invalid one: one U+FFFD). */
function sequenceAt(bytes: Buffer, at: number): { length: number; units: number } {
  const lead = bytes[at]!;
  if (lead < 0x80) return { length: 1, units: 1 };
  const need = lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xf0 && lead <= 0xf4 ? 3 : 0;
  if (need === 0) return { length: 1, units: 1 };
  // The WHATWG decoder's bounds for the second byte; the rest are plain continuation bytes.
  const [low, high] = lead === 0xe0 ? [0xa0, 0xbf] : lead === 0xed ? [0x80, 0x9f] : lead === 0xf0 ? [0x90, 0xbf] : lead === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
  for (let i = 1; i <= need; i++) {
    const b = bytes[at + i];
    const ok = b !== undefined && (i === 1 ? b >= low && b <= high : b >= 0x80 && b <= 0xbf);
    if (!ok) return { length: i, units: 1 }; // the maximal subpart so far is one U+FFFD
  }
  return { length: need + 1, units: need === 3 ? 2 : 1 };
}
