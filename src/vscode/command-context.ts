import * as vscode from 'vscode';
import { anyTargets, resolvableTasks, resumableTasks, tasksWithClaudeSession, tasksWithPullRequest, tasksWithTmuxSession,
  type CommandTargets } from '../core/actions/command-targets';
import type { OrcTask } from '../core/formats/orc/model';
import type { OrangeTask } from '../core/formats/orange/model';
import type { OrchestrationService } from '../core/service/orchestration-service';
import { Disposable } from '../core/util/disposable';
import { ownBlocks } from '../core/util/own-blocks';

/** Index changes come in bursts (a scan, an agent writing): the keys are worked out once per burst. */
const SETTLE_MS = 150;

const ORC_KEYS: readonly CommandTargets<OrcTask>[] = [resolvableTasks, tasksWithClaudeSession, resumableTasks];
const ORANGE_KEYS: readonly CommandTargets<OrangeTask>[] = [tasksWithPullRequest, tasksWithTmuxSession];

/**
 * The context keys that hide a command from the palette while nothing qualifies for it (see context-keys.ts and
 * core/actions/command-targets.ts): worked out from the index after each change, set only when a value changed.
 */
export class CommandContext extends Disposable {
  private readonly current = new Map<string, boolean>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly service: OrchestrationService) {
    super();
    this._register(service.onDidChange(() => this.schedule()));
    this._register({ dispose: () => clearTimeout(this.timer) });
    this.update();
  }

  /** The keys' values as last set (tests read them: VS Code has no API to read a context key). */
  get values(): ReadonlyMap<string, boolean> {
    return this.current;
  }

  private schedule(): void {
    if (this.timer === undefined) this.timer = setTimeout(() => { this.timer = undefined; ownBlocks.time('the commands\' context keys', () => this.update()); }, SETTLE_MS);
  }

  /** Works the keys out now (also what a test calls instead of waiting for the settle time). */
  update(): void {
    const items = this.service.items();
    const orc = items.filter((i): i is OrcTask => i.system === 'orc' && i.kind === 'task');
    const orange = items.filter((i): i is OrangeTask => i.system === 'orange');
    for (const t of ORC_KEYS) this.set(t.contextKey, anyTargets(orc, t));
    for (const t of ORANGE_KEYS) this.set(t.contextKey, anyTargets(orange, t));
  }

  private set(key: string, value: boolean): void {
    if (this.current.get(key) === value) return;
    this.current.set(key, value);
    void vscode.commands.executeCommand('setContext', key, value);
  }
}
