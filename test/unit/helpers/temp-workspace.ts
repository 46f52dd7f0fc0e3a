import { mkdtempSync, mkdirSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The repository root (tests run from out/test/unit/…). */
export const REPO = path.resolve(__dirname, '../../../..');
export const FIXTURES = path.join(REPO, 'test', 'fixtures');

/** A real folder in the OS temp dir with the given files; removed by `dispose`. */
export class TempWorkspace {
  readonly root: string;

  constructor(files: Record<string, string | Buffer> = {}, copyFrom?: string) {
    this.root = mkdtempSync(path.join(os.tmpdir(), 'baton-test-'));
    if (copyFrom) cpSync(copyFrom, this.root, { recursive: true });
    for (const [rel, content] of Object.entries(files)) this.write(rel, content);
  }

  path(rel: string): string {
    return path.join(this.root, rel);
  }

  write(rel: string, content: string | Buffer): string {
    const file = this.path(rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
    return file;
  }

  remove(rel: string): void {
    rmSync(this.path(rel), { recursive: true, force: true });
  }

  dispose(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** A task.yaml body from fields (quick to read in a test). */
export function taskYaml(fields: Record<string, unknown>): string {
  return Object.entries(fields).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join('\n') + '\n';
}
