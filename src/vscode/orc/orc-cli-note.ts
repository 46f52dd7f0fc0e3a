import * as vscode from 'vscode';
import { orcAvailability } from '../../core/orc-cli/orc-actions';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';
import { onDidChangeBatonSettings } from '../settings';
import { orcDbFileOf, orcOptions } from './orc-cli-host';
import { orcFoldersWithoutTasks } from '../../core/formats/orc-eras/without-tasks';
import { ContextKeys, setContext } from '../context-keys';
import path from 'node:path';

/**
 * The note at the top of the Tasks view, of two parts:
 * - when orc's database-era tasks are read-only because the `orc` CLI is not found (not on PATH, or not where
 *   `baton.orc.path` says): Baton changes them only through orc, and each action then shows the command to run by
 *   hand. Looked up again when the settings change, when a folder enters the database era, and when the window
 *   regains focus (orc may have been installed meanwhile);
 * - for each folder that is an orc project with no task (without-tasks.ts: a clone of a database-era project whose
 *   database is on another machine), why none shows. The view's welcome text says the rest (package.json).
 */
export class OrcCliNote extends Disposable {
  private text: string | undefined;
  private cliText: string | undefined;
  private withoutTasksText: string | undefined;
  private checking: Promise<void> = Promise.resolve();
  private dbRoots = '';

  constructor(private readonly service: OrchestrationService, private readonly view: vscode.TreeView<unknown>) {
    super();
    this._register(service.onDidChange(() => {
      void this.noteWithoutTasks();
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
    this.cliText = text;
    this.show();
  }

  /** Says which folders are orc projects with no task, and why (also before the first scan's welcome text shows). */
  noteWithoutTasks(): Thenable<unknown> {
    const without = orcFoldersWithoutTasks(this.service.folders, this.service.items(), (root) => this.service.records('orc', root),
      (root) => this.service.contextOf(root)?.orcHome);
    const several = this.service.folders.length > 1;
    const text = without.map((f) => {
      const file = f.config ?? f.database!;
      const shown = file.startsWith(f.root + path.sep) ? path.relative(f.root, file).split(path.sep).join('/') : file;
      return `${several ? `${path.basename(f.root)} is an` : 'An'} orc project (${shown}) with no tasks: ${f.reason}`;
    }).join(' ');
    const keySet = setContext(ContextKeys.orcWithoutTasks, without.length > 0);
    if (text !== (this.withoutTasksText ?? '')) {
      this.withoutTasksText = text || undefined;
      this.show();
    }
    return keySet;
  }

  private show(): void {
    const parts = [this.withoutTasksText, this.cliText].filter((t): t is string => !!t);
    this.text = parts.length ? parts.join(' ') : undefined;
    this.view.message = this.text;
  }
}
