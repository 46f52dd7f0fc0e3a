import type { OrchestrationService } from './orchestration-service';

/** Files stat'ed per tick: a small workspace is swept whole each tick, a 10,000-task one over a few minutes. */
const DEFAULT_BUDGET = 250;

/**
 * A safety net under the editor's file watcher, which now and then misses writes in a folder that was deleted and
 * created again a moment before (agents do that to session and task folders). Each tick stats the next `budget`
 * files the service has read, round-robin, and re-reads those whose size or mtime is no longer what was read (or
 * that are gone). New files in a folder the watcher lost are not found here; a refresh finds them.
 */
export class StatSweep {
  private queue: string[] = [];
  private running = false;

  constructor(private readonly service: OrchestrationService, private readonly budget = DEFAULT_BUDGET) {}

  /** Sweeps the next slice of files; resolves to the files found changed. A tick while one runs does nothing. */
  async tick(): Promise<string[]> {
    if (this.running || !this.service.hasScanned) return [];
    this.running = true;
    try {
      if (!this.queue.length) this.queue = this.service.knownFiles();
      const slice = this.queue.splice(0, this.budget);
      const changed: string[] = [];
      for (const file of slice) {
        const read = this.service.readStat(file);
        if (!read || read.size < 0) continue; // unreadable when read: its own diagnostic says so; not re-tried here
        const now = this.service.currentStat(file);
        if (!now || now.size !== read.size || now.mtimeMs !== read.mtimeMs) changed.push(file);
      }
      for (const file of changed) await this.service.fileChanged(file);
      return changed;
    } finally {
      this.running = false;
    }
  }
}
