import path from 'node:path';

/**
 * The I/O errors a write can meet on a healthy machine — a full disk, a read-only mount, a file or folder the user
 * may not write, a used-up quota — as opposed to bugs. They are told to the person in one line (what failed, and
 * that nothing was changed), never as a stack trace. Shared by the CLI and the editor.
 */
const EXPECTED: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on the disk',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
};

export interface IoFailure {
  readonly code: string;
  /** What went wrong, in words ("no space left on the disk"). */
  readonly reason: string;
  /** The file the write was for (a temp file of Baton's naming is shown as the file it stood in for), if known. */
  readonly file: string | null;
}

/** The expected I/O failure `err` is, or null for anything else (a bug, which keeps its stack trace). */
export function expectedIoFailure(err: unknown): IoFailure | null {
  const e = err as NodeJS.ErrnoException | null;
  const code = e && typeof e === 'object' && typeof e.code === 'string' ? e.code : '';
  const reason = EXPECTED[code];
  if (!reason) return null;
  return { code, reason, file: typeof e!.path === 'string' ? targetOf(e!.path) : null };
}

/** One line: "could not write crp/crp-001.json: no space left on the disk (ENOSPC); nothing was changed". */
export function ioFailureLine(failure: IoFailure, relativeTo?: string): string {
  const rel = failure.file && relativeTo ? path.relative(relativeTo, failure.file) : '';
  const where = failure.file ? ` ${rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : failure.file}` : '';
  return `could not write${where}: ${failure.reason} (${failure.code}); nothing was changed`;
}

/** Baton's own temp and pin names (`.<name>.<12 hex>.tmp[.pin[.ours]]`, `.<name>.claim`) name the file they serve. */
export function targetOf(file: string): string {
  const m = /^\.(.+?)(?:\.[0-9a-f]{12}\.tmp(?:\.pin(?:\.ours)?)?|\.claim)$/.exec(path.basename(file));
  return m ? targetOf(path.join(path.dirname(file), m[1]!)) : file; // a claim's temp file serves the claim's file
}

/** Errors of a write through a descriptor carry no path: the file written is added, so the message can name it. */
export function naming(err: unknown, file: string): unknown {
  const e = err as NodeJS.ErrnoException | null;
  if (e && typeof e === 'object' && typeof e.code === 'string' && typeof e.path !== 'string') e.path = file;
  return err;
}
