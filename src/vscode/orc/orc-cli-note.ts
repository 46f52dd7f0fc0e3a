import * as vscode from 'vscode';
import { orcAvailability } from '../../core/orc-cli/orc-actions';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';
import { onDidChangeBatonSettings } from '../settings';
import { orcDbFileOf, orcOptions } from './orc-cli-host';

/**
 * Says at the top of the Tasks view when orc's database-era tasks are read-only because the `orc` CLI is not
 * found (not on PATH, or not where `baton.orc.path` says): Baton changes them only through orc, and each action
 * then shows the command to run by hand. Looked up again when the settings change, when a folder enters the
 * database era, and when the window regains focus (orc may have been installed meanwhile).
 */
export class OrcCliNote extends Disposable {
  private text: string | undefined;
  private checking: Promise<void> = Promise.resolve();
  private dbRoots = '';

  constructor(private readonly service: OrchestrationService, private readonly view: vscode.TreeView<unknown>) {
    super();
    this._register(service.onDidChange(() => {
      const roots = this.databaseRoots().join('\u0000');
      if (roots !== this.dbRoots) { this.dbRoots = roots; void this.check(); }
    }));
    this._register(onDidChangeBatonSettings(() => void this.check()));
    this._register(vscode.window.onDidChangeWindowState((s) => { if (s.focused) void this.check(); }));
  }

  /** The note shown now (tests), undefined when there is none. */
  get message(): string | undefined {
    return this.text;
  }

  /** Looks for orc again and updates the note; resolves when done. */
  check(): Promise<void> {
    this.checking = this.checking.then(() => this.update()).catch((err) => console.error('baton: orc lookup failed', err));
    return this.checking;
  }

  private databaseRoots(): string[] {
    return this.service.folders.filter((root) => orcDbFileOf(this.service, root) !== null);
  }

  private async update(): Promise<void> {
    const roots = this.databaseRoots();
    let text: string | undefined;
    if (roots.length && vscode.workspace.isTrusted) {
      const found = await orcAvailability(orcOptions(roots[0]!));
      if (!found.available) text = `${found.message}: tasks kept in orc's database are read-only here. Each action shows the orc command to run by hand.`;
    }
    if (this.isDisposed) return;
    this.text = text;
    this.view.message = text;
  }
}
