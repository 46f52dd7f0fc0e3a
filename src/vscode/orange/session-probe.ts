import { sessionState, mayHaveSession, tmuxHasSession, type SessionState } from '../../core/formats/orange/session-state';
import type { OrangeTask } from '../../core/formats/orange/model';
import { Disposable } from '../../core/util/disposable';
import { Emitter } from '../../core/util/event';

/** A session's answer is reused this long before tmux is asked again. */
const FRESH_MS = 10_000;

/**
 * Asks tmux whether the sessions of the shown tasks are alive (`tmux has-session`, argument array, never a shell),
 * at most one question per session at a time, and says which sessions' answers changed. Without tmux every
 * session is `unknown`; nothing throws. While `mayRun` says no (an untrusted workspace), tmux is never started and
 * every session stays `unknown`.
 */
export class SessionProbe extends Disposable {
  private readonly alive = new Map<string, { value: boolean | undefined; at: number }>();
  /** The question being asked of tmux per session: a second asker waits for its answer. */
  private readonly inFlight = new Map<string, Promise<boolean | undefined>>();
  private readonly changeEmitter = this._register(new Emitter<readonly string[]>());
  /** Fires with the session names whose state changed. */
  readonly onDidChange = this.changeEmitter.event;

  constructor(private readonly tmux = 'tmux', private readonly now: () => number = Date.now, private readonly mayRun: () => boolean = () => true) { super(); }

  /** The state as last seen; asks tmux in the background when the answer is missing or old. */
  state(task: OrangeTask): SessionState {
    if (!mayHaveSession(task)) return 'inactive';
    const name = task.tmuxSession!;
    const seen = this.alive.get(name);
    if (!this.mayRun()) return sessionState(task, undefined);
    if (!seen || this.now() - seen.at > FRESH_MS) void this.check(name);
    return sessionState(task, seen?.value);
  }

  /**
   * Asks tmux now (Attach, the refresh command and tests await it). While a question about the same session is under
   * way, its answer: not the last one seen, which may be stale (Attach offered a session killed since).
   */
  check(name: string): Promise<boolean | undefined> {
    if (!this.mayRun()) return Promise.resolve(undefined);
    let asking = this.inFlight.get(name);
    if (!asking) {
      asking = this.ask(name).finally(() => this.inFlight.delete(name));
      this.inFlight.set(name, asking);
    }
    return asking;
  }

  private async ask(name: string): Promise<boolean | undefined> {
    const value = await tmuxHasSession(name, this.tmux);
    const before = this.alive.get(name);
    this.alive.set(name, { value, at: this.now() });
    if (!this.isDisposed && (!before || before.value !== value)) this.changeEmitter.fire([name]);
    return value;
  }

  /** Forget every answer (the next look asks tmux again). */
  invalidate(): void {
    this.alive.clear();
  }
}
