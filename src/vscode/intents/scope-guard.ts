import * as vscode from 'vscode';
import { ORCHESTRATION_DIR } from '../../core/formats/intents/paths';
import type { ScopeValidationResult } from '../../core/service/intents-service';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';
import { batonSettings } from '../settings';
import type { ActiveIntent } from './active-intent';

export const SCOPE_GUARD_SETTING = 'baton.scopeGuard.enabled';

export interface SaveCheck {
  readonly file: string;
  readonly result: ScopeValidationResult;
  /** Whether a SCOPE_VIOLATION line was appended to the trace (not in an untrusted workspace). */
  readonly logged: boolean;
}

/**
 * Warns when a file is saved outside the active intent's scope, offers to open the intent, and records a
 * SCOPE_VIOLATION entry in agent_trace.jsonl (the save itself happened: result SUCCESS, the violation is the
 * action). Files of `.orchestration/` and files outside the workspace folders are not checked.
 */
export class ScopeGuard extends Disposable {
  private readonly checked = this._register(new vscode.EventEmitter<SaveCheck>());
  /** Fires after each save that was checked (tests wait on it). */
  readonly onDidCheckSave = this.checked.event;

  constructor(private readonly service: OrchestrationService, private readonly active: ActiveIntent) {
    super();
    this._register(vscode.workspace.onDidSaveTextDocument((doc) => void this.onSave(doc)));
  }

  private async onSave(doc: vscode.TextDocument): Promise<void> {
    if (doc.uri.scheme !== 'file') return;
    // Read at each save: turning the guard off or on applies to the next save.
    if (!batonSettings(doc.uri).scopeGuardEnabled) return;
    const intent = this.active.intent;
    if (!intent) return;
    const located = this.service.intents.ownersOfFile(doc.uri.fsPath);
    if (!located || located.relative.startsWith(`${ORCHESTRATION_DIR}/`)) return;
    const result = await this.service.intents.validateScope(intent.id, doc.uri.fsPath, intent.root);
    if (result.allowed) { this.checked.fire({ file: doc.uri.fsPath, result, logged: false }); return; }
    let logged = false;
    if (vscode.workspace.isTrusted) {
      try {
        await this.service.intents.logTrace({
          agent_id: 'human', intent_id: intent.id, action_type: 'SCOPE_VIOLATION',
          payload: { tool_name: 'vscode.save', target_files: [result.file] },
          result: { status: 'SUCCESS', output_summary: `Saved ${result.file} outside the scope of ${intent.id} (${intent.ownedScope.join(', ') || 'no owned_scope'})`,
            error_message: result.reason },
        }, intent.root);
        logged = true;
      } catch (err) {
        void vscode.window.showErrorMessage(`Baton could not record the scope violation: ${(err as Error).message}`);
      }
    }
    this.checked.fire({ file: doc.uri.fsPath, result, logged });
    const note = logged ? ' Recorded as SCOPE_VIOLATION in agent_trace.jsonl.' : ' (Not recorded: this workspace is not trusted.)';
    const choice = await vscode.window.showWarningMessage(
      `${result.file} is outside the scope of the active intent ${intent.id} (${intent.title}).${note}`, 'Open intent', 'Change active intent');
    if (choice === 'Open intent') await vscode.commands.executeCommand('baton.revealIntent', { root: intent.root, id: intent.id });
    else if (choice === 'Change active intent') await vscode.commands.executeCommand('baton.setActiveIntent');
  }
}
