import * as vscode from 'vscode';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';
import { describeWays, fileOwners, fileOwnersElsewhere, onOwnershipChange, ownerElsewhereText } from './owners';

/**
 * Explorer badges on files an intent owns ("I"), with the owner in the tooltip. When two or more intents claim
 * the same file the badge shows how many and takes the warning colour: a conflict a person should resolve.
 */
export class OwnershipDecorations extends Disposable implements vscode.FileDecorationProvider {
  private readonly emitter = this._register(new vscode.EventEmitter<vscode.Uri | vscode.Uri[] | undefined>());
  readonly onDidChangeFileDecorations = this.emitter.event;

  constructor(private readonly service: OrchestrationService) {
    super();
    this._register(onOwnershipChange(service, () => this.emitter.fire(undefined)));
    this._register(service.places.onDidChange(() => this.emitter.fire(undefined)));
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== 'file') return undefined;
    const owners = fileOwners(this.service, uri.fsPath);
    // Claims in other worktrees and on refs: one there and one here (or two there) is a conflict between agents.
    const elsewhere = fileOwnersElsewhere(this.service, uri.fsPath);
    if (elsewhere.length) {
      const total = owners.length + elsewhere.length;
      const who = [...owners.map((o) => `${o.id} (${o.name || 'unnamed'}) in this folder`),
        ...elsewhere.map((o) => `${ownerElsewhereText(o)} (${o.name || 'unnamed'})`)].join(', ');
      return total === 1
        ? new vscode.FileDecoration('I', `Claimed by intent ${who}`)
        : new vscode.FileDecoration(String(Math.min(total, 99)), `Claimed by ${total} intents: ${who}. Two agents may be changing this file.`,
          new vscode.ThemeColor('list.warningForeground'));
    }
    if (!owners.length) return undefined;
    if (owners.length === 1) {
      const o = owners[0]!;
      return new vscode.FileDecoration('I', `Owned by intent ${o.id} (${o.name || 'unnamed'}) through ${describeWays(o.ways)}`);
    }
    const who = owners.map((o) => `${o.id} (${o.name || 'unnamed'})`).join(', ');
    return new vscode.FileDecoration(String(Math.min(owners.length, 99)),
      `Claimed by ${owners.length} intents: ${who}. Two intents should not own the same file.`,
      new vscode.ThemeColor('list.warningForeground'));
  }
}
