import * as vscode from 'vscode';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';
import { batonSettings, onDidChangeBatonSettings } from '../settings';
import { describeWays, fileOwners, onOwnershipChange } from './owners';

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
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (document.uri.scheme !== 'file') return [];
    if (!batonSettings(document.uri).codeLensEnabled) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    return fileOwners(this.service, document.uri.fsPath).map((owner) => {
      const status = owner.intent ? owner.intent.status || 'no status' : 'not in active_intents.yaml';
      return new vscode.CodeLens(top, {
        title: `$(target) ${owner.id} · ${owner.name || '(unnamed)'} · ${status}`,
        tooltip: `Owned by intent ${owner.id} through ${describeWays(owner.ways)}. Click to show the intent.`,
        command: 'baton.revealIntent',
        arguments: [{ root: owner.root, id: owner.id }],
      });
    });
  }
}
