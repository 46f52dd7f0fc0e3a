import type { Diagnostic } from '../../model/diagnostic';
import type { OrchestralCrpDecision, OrchestralRun } from './model';
import type { OrchestralRecord } from './records';

/** One parsed file of a run (linked by link.ts; its type lives here, below link.ts). */
export interface OrchestralFileRecord {
  readonly file: string;
  readonly record: OrchestralRecord;
}

export interface LinkedRun {
  readonly run: OrchestralRun;
  readonly decisions: OrchestralCrpDecision[];
  readonly diagnostics: Diagnostic[];
}

/**
 * A run is linked from its own files only, so a run whose records are the very same objects as last time (the
 * index keeps a record until its file changes) links to the same result: one changed file re-links one run.
 */
export class RunLinkCache {
  private readonly runs = new Map<string, { files: readonly OrchestralFileRecord[]; linked: LinkedRun }>();

  reuse(root: string, key: string, files: readonly OrchestralFileRecord[]): LinkedRun | undefined {
    const last = this.runs.get(`${root}\u0000${key}`);
    if (!last || last.files.length !== files.length) return undefined;
    return last.files.every((f, i) => f.file === files[i]!.file && f.record === files[i]!.record) ? last.linked : undefined;
  }

  remember(root: string, key: string, files: readonly OrchestralFileRecord[], linked: LinkedRun): void {
    this.runs.set(`${root}\u0000${key}`, { files, linked });
  }

  /** Forgets the runs of a folder that were not linked in its last pass (deleted run folders). */
  retain(root: string, keys: ReadonlySet<string>): void {
    for (const key of this.runs.keys()) if (key.startsWith(`${root}\u0000`) && !keys.has(key)) this.runs.delete(key);
  }
}
