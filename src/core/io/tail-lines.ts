import { closeSync, readSync } from 'node:fs';
import { openRegular, openRegularSync } from './open-regular';

/** One line of a file read from its end. `fromEnd` is 1 for the last line (the partial one, when there is one). */
export interface TailLine {
  readonly text: string;
  readonly fromEnd: number;
  /** Byte offset of the line's first byte in the file. */
  readonly offset: number;
  /** True for the last line when the file does not end with a newline: a writer may still be adding to it. */
  readonly unterminated: boolean;
}

export interface TailOptions {
  /** Bytes read per step backwards. */
  readonly chunkBytes?: number;
  /** Stop after this many bytes in total, however few lines were found (a bound for filters that rarely match). */
  readonly maxBytes?: number;
  /** A single line longer than this is skipped (reported as `oversized`), never buffered whole. */
  readonly maxLineBytes?: number;
  /**
   * Lines of only spaces, tabs and `\r` are counted (`fromEnd` stays exact) but not yielded: a log padded with
   * millions of empty lines would otherwise cost one async step each before the first real line.
   */
  readonly skipBlank?: boolean;
  /** False: a file that is a symbolic link is not opened (O_NOFOLLOW; the open fails with ELOOP). Default true. */
  readonly followLinks?: boolean;
}

export interface TailScan {
  readonly size: number;
  readonly mtimeMs: number;
  /** Bytes actually read from the file. */
  bytesRead: number;
  /** True once the scan reached the first byte of the file (every line was seen). */
  reachedStart: boolean;
  /** Lines seen so far, newest first, including those not yielded (blank with skipBlank, oversized). */
  lines: number;
  /** Lines skipped because they were longer than maxLineBytes, by their `fromEnd` number. */
  readonly oversized: number[];
}

const NEWLINE = 0x0a;

/**
 * Reads a file's lines backwards from its end, newest first, in fixed-size chunks: the cost depends on how many
 * lines the caller takes, never on the size of the file (a 1 GB log costs what a 1 MB one does). The caller stops
 * iterating when it has enough; the file is closed either way. Lines are split on `\n` as bytes (safe for UTF-8)
 * and a trailing `\r` is dropped. `scan` is filled in as the iteration goes.
 */
export async function* linesFromEnd(file: string, scan: { value?: TailScan }, options: TailOptions = {}): AsyncGenerator<TailLine> {
  const { handle, stat } = await openRegular(file, options.followLinks ?? true);
  try {
    const splitter = new TailSplitter(stat, options);
    scan.value = splitter.state;
    for (let chunk = splitter.next(); chunk; chunk = splitter.next()) {
      const { bytesRead } = await handle.read(chunk.bytes, 0, chunk.bytes.length, chunk.position);
      yield* splitter.split(chunk, bytesRead);
    }
    yield* splitter.finish();
  } finally {
    await handle.close();
  }
}

/**
 * linesFromEnd, synchronously (the same lines, the same `scan`): for the index, which reads thousands of small logs
 * in a row and yields to the event loop between files itself; a thread-pool round trip per open, read and close
 * cost more than the reads.
 */
export function* linesFromEndSync(file: string, scan: { value?: TailScan }, options: TailOptions = {}): Generator<TailLine> {
  const { fd, stat } = openRegularSync(file, options.followLinks ?? true);
  try {
    const splitter = new TailSplitter(stat, options);
    scan.value = splitter.state;
    for (let chunk = splitter.next(); chunk; chunk = splitter.next()) {
      yield* splitter.split(chunk, readSync(fd, chunk.bytes, 0, chunk.bytes.length, chunk.position));
    }
    yield* splitter.finish();
  } finally {
    closeSync(fd);
  }
}

/** The line splitting of a backwards read, apart from how its chunks are read. */
class TailSplitter {
  readonly state: TailScan;
  private readonly chunkBytes: number;
  private readonly maxBytes: number;
  private readonly maxLineBytes: number;
  private readonly skipBlank: boolean;
  private position: number;
  /** Bytes after the last newline seen so far (the line being assembled), newest part last. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private skippingLongLine = false;
  private fromEnd = 0;
  private endChecked = false;
  private lastHadNewline = true;

  constructor(stat: { size: number; mtimeMs: number }, options: TailOptions) {
    this.chunkBytes = options.chunkBytes ?? 64 * 1024;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.maxLineBytes = options.maxLineBytes ?? 4 * 1024 * 1024;
    this.skipBlank = options.skipBlank ?? false;
    this.state = { size: stat.size, mtimeMs: stat.mtimeMs, bytesRead: 0, reachedStart: stat.size === 0, lines: 0, oversized: [] };
    this.position = stat.size;
  }

  /** The next chunk to read (backwards), or undefined when the start or the byte bound is reached. */
  next(): { bytes: Buffer; position: number } | undefined {
    if (this.position <= 0 || this.state.bytesRead >= this.maxBytes) return undefined;
    const length = Math.min(this.chunkBytes, this.position, this.maxBytes - this.state.bytesRead);
    this.position -= length;
    return { bytes: Buffer.allocUnsafe(length), position: this.position };
  }

  private take(bytes: Buffer, lineStart: number): TailLine | undefined {
    this.fromEnd++;
    this.state.lines = this.fromEnd;
    const unterminated = this.fromEnd === 1 && !this.lastHadNewline;
    if (this.skippingLongLine) { this.state.oversized.push(this.fromEnd); this.skippingLongLine = false; return undefined; }
    let end = bytes.length;
    if (end && bytes[end - 1] === 0x0d) end--;
    if (this.skipBlank && isBlank(bytes, end)) return undefined;
    return { text: bytes.toString('utf8', 0, end), fromEnd: this.fromEnd, offset: lineStart, unterminated };
  }

  /** The lines a chunk just read completes, newest first. */
  *split(chunkRead: { bytes: Buffer; position: number }, bytesRead: number): Generator<TailLine> {
    const { bytes: chunk, position } = chunkRead;
    this.state.bytesRead += bytesRead;
    let end = bytesRead;
    if (!this.endChecked) {
      this.endChecked = true;
      // A final newline ends the last line; it does not start an empty one.
      if (chunk[end - 1] === NEWLINE) end--; else this.lastHadNewline = false;
    }
    let cut = chunk.lastIndexOf(NEWLINE, end - 1);
    while (end > 0 && cut >= 0) {
      if (this.skipBlank && cut === end - 1 && !this.pendingBytes && !this.skippingLongLine) {
        // A run of empty lines (a log padded with newlines, a file of nothing else): counted in one tight loop,
        // never sliced or decoded — otherwise 9 MB of newlines cost seconds, one allocation each.
        while (end > 0 && chunk[end - 1] === NEWLINE) { end--; this.fromEnd++; }
        this.state.lines = this.fromEnd;
        cut = end > 0 ? chunk.lastIndexOf(NEWLINE, end - 1) : -1;
        continue;
      }
      const tail = chunk.subarray(cut + 1, end);
      const line = this.pendingBytes ? Buffer.concat([tail, ...this.pending]) : tail;
      this.pending = []; this.pendingBytes = 0;
      const taken = this.take(line, position + cut + 1);
      if (taken) yield taken;
      end = cut;
      cut = end > 0 ? chunk.lastIndexOf(NEWLINE, end - 1) : -1;
    }
    if (end > 0 && !this.skippingLongLine) {
      // The start of this chunk belongs to a line that began in an earlier chunk.
      this.pending.unshift(Buffer.from(chunk.subarray(0, end)));
      this.pendingBytes += end;
      if (this.pendingBytes > this.maxLineBytes) { this.pending = []; this.pendingBytes = 0; this.skippingLongLine = true; }
    }
  }

  /** After the last chunk: the file's first line, when the read reached it. */
  *finish(): Generator<TailLine> {
    if (this.position !== 0) return;
    this.state.reachedStart = true;
    // The first line has no newline before it, so it is taken here — even when it is empty (the file starts
    // with a newline), or every later line's number from the start would be one short.
    if (this.state.size > 0) {
      const taken = this.take(Buffer.concat(this.pending), 0);
      if (taken) yield taken;
    }
  }
}

function isBlank(bytes: Buffer, end: number): boolean {
  for (let i = 0; i < end; i++) if (bytes[i] !== 0x20 && bytes[i] !== 0x09 && bytes[i] !== 0x0d) return false;
  return true;
}

/**
 * Counts the newlines in the first `bytes` bytes of a file, so a line found by reading backwards can be given its
 * absolute number. Linear in `bytes`: callers use it only for files known to be small.
 */
export async function countNewlines(file: string, bytes: number): Promise<number> {
  const { handle } = await openRegular(file);
  try {
    const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, Math.max(1, bytes)));
    let count = 0;
    for (let at = 0; at < bytes;) {
      const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, bytes - at), at);
      if (!bytesRead) break;
      for (let i = chunk.indexOf(NEWLINE, 0); i >= 0 && i < bytesRead; i = chunk.indexOf(NEWLINE, i + 1)) count++;
      at += bytesRead;
    }
    return count;
  } finally {
    await handle.close();
  }
}
