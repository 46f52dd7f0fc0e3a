import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';

/** The repository root (this file runs as out/bench/lib/cache.js). */
export const REPO = path.resolve(__dirname, '../../..');

/** Generated inputs live here, git-ignored, and are reused across runs. */
export const CACHE_DIR = path.join(REPO, '.bench-cache');

/**
 * A file of at least `bytes` bytes made of whole lines from `block` (repeated), generated once and reused while
 * its recipe (`version`) is unchanged. Written under a temp name and renamed, so an interrupted run leaves nothing
 * that looks finished.
 */
export function generatedFile(name: string, bytes: number, version: string, block: () => Buffer, log: (s: string) => void): string {
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = path.join(CACHE_DIR, name);
  const stamp = `${file}.recipe`;
  if (existsSync(file) && existsSync(stamp) && readFileSync(stamp, 'utf8') === version && statSync(file).size >= bytes) return file;
  const started = Date.now();
  const temp = `${file}.partial`;
  const fd = openSync(temp, 'w');
  try {
    let written = 0;
    while (written < bytes) {
      const chunk = block();
      writeSync(fd, chunk);
      written += chunk.length;
    }
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
  writeFileSync(stamp, version);
  log(`generated ${path.relative(REPO, file)} (${(statSync(file).size / 1048576).toFixed(0)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return file;
}
