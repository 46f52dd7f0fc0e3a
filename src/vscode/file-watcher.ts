import * as vscode from 'vscode';
import type { OrchestrationService } from '../core/service/orchestration-service';
import { Disposable } from '../core/util/disposable';

/** The files each workspace folder's readers care about (see the adapters' `discover`). */
const WATCHED = '{orc.yaml,.orc/**}';
/** Agents often write a file several times in a row: re-read once the burst settles. */
const SETTLE_MS = 40;

/**
 * Feeds file events to the service. Events for the same file inside SETTLE_MS are coalesced; each file is
 * re-read on its own (the service re-reads that file only).
 */
export class StateFileWatcher extends Disposable {
  private readonly pending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly service: OrchestrationService, folders: readonly vscode.WorkspaceFolder[]) {
    super();
    for (const folder of folders) {
      const watcher = this._register(vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, WATCHED)));
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
    // Serialise refreshes so two bursts never interleave their re-reads.
    this.running = this.running.then(async () => {
      for (const file of files) await this.service.fileChanged(file);
    }).catch((err) => console.error('baton: refresh failed', err));
  }
}
