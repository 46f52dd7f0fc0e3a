import * as vscode from 'vscode';
import type { OrchestrationService } from '../core/service/orchestration-service';
import { Disposable } from '../core/util/disposable';

/** Agents often write a file several times in a row: re-read once the burst settles. */
const SETTLE_MS = 40;

/**
 * Feeds file events to the service: one FileSystemWatcher per folder and glob the adapters ask for (workspace
 * folders and home-directory roots alike). Events for the same file inside SETTLE_MS are coalesced; each file
 * is re-read on its own, and re-reads never interleave.
 */
export class StateFileWatcher extends Disposable {
  private readonly pending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly service: OrchestrationService) {
    super();
    for (const { base, glob } of service.watchPatterns()) {
      const pattern = new vscode.RelativePattern(vscode.Uri.file(base), glob);
      const watcher = this._register(vscode.workspace.createFileSystemWatcher(pattern));
      const queue = (uri: vscode.Uri) => this.queue(uri.fsPath);
      this._register(watcher.onDidCreate(queue));
      this._register(watcher.onDidChange(queue));
      this._register(watcher.onDidDelete(queue));
    }
    this._register({ dispose: () => clearTimeout(this.timer) });
  }

  private queue(file: string): void {
    this.pending.add(file);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), SETTLE_MS);
  }

  private flush(): void {
    const files = [...this.pending];
    this.pending.clear();
    this.running = this.running.then(async () => {
      for (const file of files) await this.service.fileChanged(file);
    }).catch((err) => console.error('baton: refresh failed', err));
  }
}
