import { promises as fs } from 'node:fs';
import path from 'node:path';
import { containedPath } from '../../../io/contained-path';
import { diagnostic, type Diagnostic } from '../../../model/diagnostic';

/** An attachment's metadata, as orc's API gives it: everything comes from the file system. */
export interface AttachmentInfo {
  readonly filename: string;
  readonly file: string;
  readonly size: number;
  readonly contentType: string;
  readonly createdAt: string;
  readonly isImage: boolean;
}

const TYPES: Record<string, string> = {
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp',
  '.svg': 'image/svg+xml', '.ico': 'image/x-icon', '.txt': 'text/plain', '.log': 'text/plain', '.md': 'text/markdown',
  '.csv': 'text/csv', '.pdf': 'application/pdf', '.json': 'application/json', '.zip': 'application/zip',
  '.yaml': 'text/yaml', '.yml': 'text/yaml', '.html': 'text/html',
};

export function contentTypeOf(filename: string): string {
  return TYPES[path.extname(filename).toLowerCase()] ?? 'application/octet-stream';
}

/** Image types a webview may show as a thumbnail. SVG is left out: it is a document that can carry script. */
const PREVIEWABLE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/x-icon']);

export function isPreviewableImage(contentType: string): boolean {
  return PREVIEWABLE.has(contentType);
}

/** orc's filename rule: no path separators, not `.` or `..` (and never empty or with a NUL). */
export function checkAttachmentName(filename: string): string | null {
  if (!filename || filename.includes('\0')) return 'empty or malformed filename';
  if (/[/\\]/.test(filename)) return `"${filename}" contains a path separator`;
  if (filename === '.' || filename === '..') return `"${filename}" is a directory name`;
  return null;
}

/**
 * The file of an attachment by name, or why not: the name must pass orc's rule and the file, symlinks
 * resolved, must stay inside the task's folder (a link to ~/.ssh is not an attachment).
 */
export async function resolveAttachment(taskDir: string, filename: string): Promise<{ ok: true; file: string } | { ok: false; reason: string }> {
  const bad = checkAttachmentName(filename);
  if (bad) return { ok: false, reason: bad };
  const file = path.join(taskDir, 'attachments', filename);
  return checkInside(taskDir, file);
}

/** `file` (symlinks followed) is a regular file inside `taskDir` (symlinks followed too). */
export async function checkInside(taskDir: string, file: string): Promise<{ ok: true; file: string } | { ok: false; reason: string }> {
  const inside = await containedPath(taskDir, file, { what: 'the task folder' });
  if (!inside.ok) return { ok: false, reason: `${path.basename(file)} points outside the task folder` };
  try {
    if (!(await fs.stat(file)).isFile()) return { ok: false, reason: `${path.basename(file)} is not a file` };
    return { ok: true, file };
  } catch (err) {
    return { ok: false, reason: `${path.basename(file)}: ${(err as NodeJS.ErrnoException).code ?? String(err)}` };
  }
}

/** A task's attachments, newest first (orc's order). Folders, temp files and links leaving the folder are left out. */
export async function readAttachments(taskDir: string): Promise<{ attachments: AttachmentInfo[]; diagnostics: Diagnostic[] }> {
  const dir = path.join(taskDir, 'attachments');
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const attachments: AttachmentInfo[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const e of entries) {
    if (e.isDirectory() || e.name.startsWith('.tmp-')) continue; // .tmp-* is orc's upload in progress
    const file = path.join(dir, e.name);
    const bad = checkAttachmentName(e.name);
    const inside = bad ? { ok: false as const, reason: bad } : await checkInside(taskDir, file);
    // Baton's own refusal (a name orc's upload never writes, a link out of the folder): a note, not a problem.
    if (!inside.ok) { diagnostics.push(diagnostic('orc', file, 'info', `attachment not shown: ${inside.reason}`)); continue; }
    const stat = await fs.stat(file);
    const contentType = contentTypeOf(e.name);
    attachments.push({ filename: e.name, file, size: stat.size, contentType, createdAt: stat.mtime.toISOString(),
      isImage: contentType.startsWith('image/') });
  }
  attachments.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.filename.localeCompare(b.filename));
  return { attachments, diagnostics };
}
