import { promises as fs } from 'node:fs';
import { openRegular, readFailureReason } from './open-regular';

export type HeadRead =
  | { readonly ok: true; readonly text: string; readonly size: number; readonly mtimeMs: number; readonly truncated: boolean }
  | { readonly ok: false; readonly reason: string };

/** The first `bytes` of a text file (a header), without reading the rest; binary content is refused. */
export async function readHead(file: string, bytes: number): Promise<HeadRead> {
  let handle: fs.FileHandle | undefined;
  try {
    const opened = await openRegular(file);
    handle = opened.handle;
    const stat = opened.stat;
    const buffer = Buffer.alloc(Math.min(bytes, stat.size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const chunk = buffer.subarray(0, bytesRead);
    if (chunk.includes(0)) return { ok: false, reason: 'file is binary, not text' };
    // A multi-byte character cut at the end decodes to U+FFFD: harmless for a header.
    return { ok: true, text: chunk.toString('utf8').replace(/^\uFEFF/, ''), size: stat.size, mtimeMs: stat.mtimeMs, truncated: stat.size > bytesRead };
  } catch (err) {
    return { ok: false, reason: readFailureReason(err).reason };
  } finally {
    await handle?.close();
  }
}
