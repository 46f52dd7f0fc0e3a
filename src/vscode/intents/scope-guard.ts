import * as vscode from 'vscode';
import { ORCHESTRATION_DIR } from '../../core/formats/intents/paths';
import type { ScopeValidationResult } from '../../core/service/intents-service';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';
import { batonSettings } from '../settings';
import type { ActiveIntent } from './active-intent';
import { fileOwnersElsewhere, ownerElsewhereText } from './owners';

export const SCOPE_GUARD_SETTING = 'baton.scopeGuard.enabled';

export interface SaveCheck {
  readonly file: string;
  readonly result: ScopeValidationResult;
  /** Whether a SCOPE_VIOLATION line was appended to the trace (only with `baton.intents.recordScopeViolations`, trusted). */
  readonly logged: boolean;
  /** Whether the warning is shown for this save (the first save of that file outside that intent's scope in this window). */
  readonly warned: boolean;
  /** Intents of other worktrees and refs that claim the file ("INT-009 on origin/feature-a"), when those are read. */
  readonly claimedElsewhere: readonly string[];
}

/**
 * Warns when a file is saved outside the active intent's scope and offers to open the intent, once per file and
 * intent in a window (a person who keeps editing that file has been told). With `baton.intents.recordScopeViolations`
 * (off by default: the trace is usually tracked in git, and each save would change it) every such save also appends
 * a SCOPE_VIOLATION entry to agent_trace.jsonl (the save itself happened: result SUCCESS, the violation is the
 * action). Files of `.orchestration/` and files outside the workspace folders are not checked.
 */
export class ScopeGuard extends Disposable {
  private readonly checked = this._register(new vscode.EventEmitter<SaveCheck>());
  /** Fires after each save that was checked (tests wait on it). */
  readonly onDidCheckSave = this.checked.event;
  /** `<intent root>\0<intent id>\0<file>` of the violations already warned about in this window. */
  private readonly warnedAbout = new Set<string>();

  constructor(private readonly service: OrchestrationService, private readonly active: ActiveIntent) {
    super();
    this._register(vscode.workspace.onDidSaveTextDocument((doc) => void this.onSave(doc)));
  }

  private async onSave(doc: vscode.TextDocument): Promise<void> {
    if (doc.uri.scheme !== 'file') return;
    // Read at each save: turning the guard or the recording off or on applies to the next save.
    const settings = batonSettings(doc.uri);
    if (!settings.scopeGuardEnabled) return;
    const intent = this.active.intent;
    if (!intent) return;
    const located = this.service.intents.ownersOfFile(doc.uri.fsPath);
    if (!located || located.relative.startsWith(`${ORCHESTRATION_DIR}/`)) return;
    const result = await this.service.intents.validateScope(intent.id, doc.uri.fsPath, intent.root);
    // Another agent's claim on the file in its worktree or on its branch: saving here may conflict with its work.
    const claimedElsewhere = fileOwnersElsewhere(this.service, doc.uri.fsPath).filter((o) => o.id !== intent.id).map(ownerElsewhereText);
    if (result.allowed) {
      const key = `${intent.root}\0${intent.id}\0${doc.uri.fsPath}\0elsewhere:${claimedElsewhere.join(',')}`;
      const warned = claimedElsewhere.length > 0 && !this.warnedAbout.has(key);
      if (warned) this.warnedAbout.add(key);
      this.checked.fire({ file: doc.uri.fsPath, result, logged: false, warned, claimedElsewhere });
      if (warned) {
        void vscode.window.showWarningMessage(`${result.file} is also claimed by ${claimedElsewhere.join(', ')}: another agent may be changing it there. `
          + 'Baton says this once per file; agree who owns it before both change it.');
      }
      return;
    }
    let logged = false;
    // restrictedConfigurations already ignores a workspace's value when untrusted; a user-level true must not write either.
    if (settings.recordScopeViolations && vscode.workspace.isTrusted) {
      try {
        await this.service.intents.logTrace({
          agent_id: 'human', intent_id: intent.id, action_type: 'SCOPE_VIOLATION',
          payload: { tool_name: 'vscode.save', target_files: [result.file] },
          result: { status: 'SUCCESS', output_summary: `Saved ${result.file} outside the scope of ${intent.id} (${intent.ownedScope.join(', ') || 'no owned_scope'})`,
            error_message: result.reason },
        }, intent.root);
        logged = true;
      } catch (err) {
        void vscode.window.showErrorMessage(`Baton could not record the scope violation: ${(err as Error).message}. Check that .orchestration/agent_trace.jsonl is writable, or turn off baton.intents.recordScopeViolations.`);
      }
    }
    const key = `${intent.root}\0${intent.id}\0${doc.uri.fsPath}`;
    const warned = !this.warnedAbout.has(key);
    this.warnedAbout.add(key);
    this.checked.fire({ file: doc.uri.fsPath, result, logged, warned, claimedElsewhere });
    if (!warned) return;
    const note = logged ? ' Recorded as SCOPE_VIOLATION in agent_trace.jsonl.'
      : settings.recordScopeViolations ? ' (Not recorded: this workspace is not trusted.)' : '';
    const choice = await vscode.window.showWarningMessage(
      `${result.file} is outside the scope of the active intent ${intent.id} (${intent.title})`
        + `${claimedElsewhere.length ? ` and claimed by ${claimedElsewhere.join(', ')}` : ''}. Baton says this once per file; open the intent to see what it owns, or change the active intent.${note}`,
      'Open intent', 'Change active intent');
    if (choice === 'Open intent') await vscode.commands.executeCommand('baton.revealIntent', { root: intent.root, id: intent.id });
    else if (choice === 'Change active intent') await vscode.commands.executeCommand('baton.setActiveIntent');
  }
}
