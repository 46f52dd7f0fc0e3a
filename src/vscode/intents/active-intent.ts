import * as vscode from 'vscode';
import type { Intent } from '../../core/formats/intents/model';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { Disposable } from '../../core/util/disposable';

const KEY = 'baton.activeIntent';

export interface ActiveIntentRef {
  readonly root: string;
  readonly id: string;
}

/**
 * The intent the person says they are working on ("Baton: Set Active Intent"), kept per workspace. The scope
 * guard checks saves against it; the status bar and the tree show it.
 */
export class ActiveIntent extends Disposable {
  private readonly emitter = this._register(new vscode.EventEmitter<ActiveIntentRef | undefined>());
  readonly onDidChange = this.emitter.event;
  private readonly statusItem = this._register(vscode.window.createStatusBarItem('baton.activeIntent', vscode.StatusBarAlignment.Left, 9));

  constructor(private readonly state: vscode.Memento, private readonly service: OrchestrationService) {
    super();
    this.statusItem.name = 'Baton: active intent';
    this.statusItem.command = 'baton.setActiveIntent';
    this._register(service.onDidChange(() => this.render()));
  }

  get ref(): ActiveIntentRef | undefined {
    const saved = this.state.get<ActiveIntentRef>(KEY);
    return saved && typeof saved.root === 'string' && typeof saved.id === 'string' ? saved : undefined;
  }

  /** The active intent as the index has it now (undefined when none is set or it is gone from the file). */
  get intent(): Intent | undefined {
    const ref = this.ref;
    if (!ref) return undefined;
    return this.service.items().find((i): i is Intent => i.system === 'intents' && !i.unreadable && i.root === ref.root && i.id === ref.id);
  }

  async set(ref: ActiveIntentRef | undefined): Promise<void> {
    await this.state.update(KEY, ref);
    this.render();
    this.emitter.fire(ref);
  }

  is(intent: Intent): boolean {
    const ref = this.ref;
    return !!ref && ref.root === intent.root && ref.id === intent.id;
  }

  /** What the status bar shows now (tests read it); empty when hidden. */
  get text(): string {
    return this.visible ? this.statusItem.text : '';
  }

  private visible = false;

  render(): void {
    const hasIntents = this.service.items().some((i) => i.system === 'intents');
    const ref = this.ref;
    this.visible = hasIntents || !!ref;
    if (!this.visible) { this.statusItem.hide(); return; }
    const intent = this.intent;
    if (!ref) {
      this.statusItem.text = '$(target) No intent';
      this.statusItem.tooltip = 'Baton: no active intent. Click to pick the intent you are working on; saves outside its scope will warn.';
    } else if (!intent) {
      this.statusItem.text = `$(target) ${ref.id} (gone)`;
      this.statusItem.tooltip = `Baton: the active intent ${ref.id} is no longer in active_intents.yaml. Click to pick another.`;
    } else {
      this.statusItem.text = `$(target) ${intent.id}`;
      this.statusItem.tooltip = `Baton: active intent ${intent.id} — ${intent.title} (${intent.status || 'no status'}). `
        + `Saving a file outside its scope (${intent.ownedScope.join(', ') || 'nothing'}) warns you. Click to change.`;
    }
    this.statusItem.show();
  }
}
