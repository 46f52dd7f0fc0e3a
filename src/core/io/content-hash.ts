import { createHash } from 'node:crypto';
import { openRegular } from './open-regular';

/** `sha256:<hex>` of a string or bytes, the form agent traces and intent maps record. */
export function sha256Of(data: string | Uint8Array): string {
  return `sha256:${createHash('sha256').update(data).digest('hex')}`;
}

/** `sha256:<hex>` of a file's bytes, streamed (a large file is never held in memory); undefined when unreadable. */
export function sha256File(file: string): Promise<string | undefined> {
  // Opened by the one reader: a FIFO or a device in the workspace has no hash, and is never read.
  return openRegular(file).then(({ handle }) => new Promise<string | undefined>((resolve) => {
    const hash = createHash('sha256');
    handle.createReadStream()
      .on('data', (chunk) => hash.update(chunk))
      .on('error', () => resolve(undefined))
      .on('end', () => resolve(`sha256:${hash.digest('hex')}`));
  }), () => undefined);
}

/**
 * `sha256:<hex>` of a file's bytes and its number of lines (a last line without a newline counts), in one streamed
 * pass; undefined when unreadable. A trace range that covers the whole file needs both.
 */
export function sha256FileAndLines(file: string): Promise<{ hash: string; lines: number } | undefined> {
  return openRegular(file).then(({ handle }) => new Promise<{ hash: string; lines: number } | undefined>((resolve) => {
    const hash = createHash('sha256');
    let newlines = 0;
    let last = 0x0a;
    handle.createReadStream()
      .on('data', (chunk) => {
        const bytes = chunk as Buffer;
        hash.update(bytes);
        for (let i = bytes.indexOf(0x0a); i >= 0; i = bytes.indexOf(0x0a, i + 1)) newlines++;
        if (bytes.length) last = bytes[bytes.length - 1]!;
      })
      .on('error', () => resolve(undefined))
      .on('end', () => resolve({ hash: `sha256:${hash.digest('hex')}`, lines: newlines + (last === 0x0a ? 0 : 1) }));
  }), () => undefined);
}

/** A recorded hash as written in a file: full, truncated (`sha256:1a2b3c4d...`), or not a hash at all. */
export interface RecordedHash {
  readonly algorithm: string;
  /** Lower-case hex digits as recorded (a prefix when truncated). */
  readonly hex: string;
  readonly truncated: boolean;
}

const HASH = /^(?:(sha256|sha1|md5):)?([0-9a-fA-F]{4,})(\.{3}|…)?$/;

/** Reads `sha256:<hex>`, `sha256:<hex>...`, `sha256:<hex>…` or bare hex; undefined for `n/a`, empty or anything else. */
export function parseRecordedHash(text: string | null | undefined): RecordedHash | undefined {
  const m = HASH.exec((text ?? '').trim());
  if (!m) return undefined;
  const algorithm = (m[1] ?? 'sha256').toLowerCase();
  const hex = m[2]!.toLowerCase();
  const full = algorithm === 'sha256' ? 64 : algorithm === 'sha1' ? 40 : 32;
  return { algorithm, hex, truncated: !!m[3] || hex.length < full };
}

/** Whether a recorded hash (maybe truncated: prefix match) names the same bytes as `actual` (`sha256:<hex>`). */
export function hashMatches(recorded: RecordedHash, actual: string): boolean {
  if (recorded.algorithm !== 'sha256') return false;
  const hex = actual.replace(/^sha256:/, '');
  return recorded.truncated ? hex.startsWith(recorded.hex) : hex === recorded.hex;
}

/**
 * Bare hex sha256 of text or bytes: what a reader stores with a record so that a later edit can check the file
 * on disk still holds exactly what was read (compare with `contentHash` of the bytes just before writing).
 */
export function contentHash(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
