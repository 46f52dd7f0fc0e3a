import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A real folder outside every workspace, holding a sentinel file with unique contents. Tests link to it from
 * inside a workspace and assert that its contents never show up anywhere, and that nothing is written into it.
 */
export class Outside {
  readonly dir: string;
  readonly sentinel: string;
  readonly secret: string;
  readonly subdir: string;

  constructor() {
    this.dir = mkdtempSync(path.join(os.tmpdir(), 'baton-outside-'));
    this.secret = `SENTINEL-${crypto.randomBytes(12).toString('hex')}`;
    this.sentinel = path.join(this.dir, 'secret.md');
    writeFileSync(this.sentinel, `# ${this.secret}\n\n**Tokens**: 99\n${this.secret}\n`);
    this.subdir = path.join(this.dir, 'folder');
    mkdirSync(this.subdir);
    for (const name of ['secret.md', 'spec.md', 'report.json', '01-spec-001.md', 'evil.png', 'implement.md']) {
      writeFileSync(path.join(this.subdir, name), name.endsWith('.json') ? JSON.stringify({ framework: this.secret }) : `# ${this.secret}\n${this.secret}\n`);
    }
  }

  /** Every file and its bytes under the outside folder: compare before and after to prove nothing was written. */
  snapshot(): string {
    const out: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir).sort()) {
        const p = path.join(dir, name);
        if (statSync(p).isDirectory()) { out.push(`${p}/`); walk(p); } else out.push(`${p}:${readFileSync(p, 'utf8')}`);
      }
    };
    walk(this.dir);
    return out.join('\n');
  }

  /** Asserts the sentinel's contents appear nowhere in `value` (a record, an outcome, a message). */
  assertNotLeaked(value: unknown, what: string): void {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    assert.ok(!text.includes(this.secret), `${what} contains the outside sentinel`);
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A symbolic link at `link` (its folder created) pointing at `target`. */
export function link(target: string, linkPath: string): string {
  mkdirSync(path.dirname(linkPath), { recursive: true });
  symlinkSync(target, linkPath);
  return linkPath;
}
