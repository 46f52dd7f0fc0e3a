import * as vscode from 'vscode';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';
import { batonSettings, onDidChangeBatonSettings } from '../settings';
import { describeWays, fileOwners, fileOwnersElsewhere, onOwnershipChange, ownerElsewhereText } from './owners';

export const CODELENS_SETTING = 'baton.codeLens.enabled';

/**
 * A CodeLens at the top of every file an intent owns: the intent's id, name and status; clicking reveals the
 * intent. Several owners give several lenses. Answers come from the ownership index (no file is read); the
 * lenses refresh when the intents files change or the setting is turned off.
 */
export class IntentCodeLensProvider extends Disposable implements vscode.CodeLensProvider {
  private readonly emitter = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeCodeLenses = this.emitter.event;

  constructor(private readonly service: OrchestrationService) {
    super();
    this._register(onOwnershipChange(service, () => this.emitter.fire()));
    this._register(onDidChangeBatonSettings((e) => { if (e.affectsConfiguration(CODELENS_SETTING)) this.emitter.fire(); }));
    // Claims in other worktrees and on refs (issue 20) change with those places.
    this._register(service.places.onDidChange(() => this.emitter.fire()));
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (document.uri.scheme !== 'file') return [];
    if (!batonSettings(document.uri).codeLensEnabled) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const own = fileOwners(this.service, document.uri.fsPath);
    // An intent of another worktree or branch claiming this file: another agent may be changing it there.
    const elsewhere = fileOwnersElsewhere(this.service, document.uri.fsPath).map((owner) => new vscode.CodeLens(top, {
      title: `$(warning) ${own.length ? 'also ' : ''}claimed by ${ownerElsewhereText(owner)}`,
      tooltip: `Intent ${owner.id} (${owner.name || 'unnamed'}) ${owner.elsewhere.ref !== undefined ? `as committed on ${owner.elsewhere.ref}` : `in the worktree ${owner.elsewhere.worktree}`}`
        + ` owns this file through ${describeWays(owner.ways)}. Click to show it in the Intents view.`,
      command: 'baton.revealIntentElsewhere',
      arguments: [{ root: owner.root, id: owner.id, elsewhere: owner.elsewhere }],
    }));
    return [...own.map((owner) => {
      const status = owner.intent ? owner.intent.status || 'no status' : 'not in active_intents.yaml';
      return new vscode.CodeLens(top, {
        title: `$(target) ${owner.id} · ${owner.name || '(unnamed)'} · ${status}`,
        tooltip: `Owned by intent ${owner.id} through ${describeWays(owner.ways)}. Click to show the intent.`,
        command: 'baton.revealIntent',
        arguments: [{ root: owner.root, id: owner.id }],
      });
    }), ...elsewhere];
  }
}
