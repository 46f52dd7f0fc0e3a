import { toDisposable, type IDisposable } from './disposable';
import type { Slicer } from './steps';

/** A listener registration function, the same shape as `vscode.Event<T>`. */
export type Event<T> = (listener: (e: T) => void) => IDisposable;

/** A minimal event emitter, shaped like `vscode.EventEmitter`, for the vscode-free core. */
export class Emitter<T> implements IDisposable {
  private listeners = new Set<(e: T) => void>();

  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return toDisposable(() => this.listeners.delete(listener));
  };

  fire(e: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(e);
      } catch (err) {
        // One faulty listener must not stop the others from hearing about the change.
        console.error('baton: event listener failed', err);
      }
    }
  }

  /**
   * fire, giving the event loop's other work a turn between two listeners whenever the slicer's slice is over: each
   * view takes the scan's change of 10,000 items in turn, never all of them in one block. A listener removed while
   * waiting is not called. Resolves once every listener has run, with the longest one's time.
   */
  async fireInTurns(e: T, slicer: Slicer): Promise<number> {
    let longest = 0;
    for (const listener of [...this.listeners]) {
      if (!this.listeners.has(listener)) continue;
      const started = performance.now();
      try {
        listener(e);
      } catch (err) {
        console.error('baton: event listener failed', err);
      }
      longest = Math.max(longest, performance.now() - started);
      if (slicer.due()) await slicer.pause();
    }
    return longest;
  }

  dispose(): void {
    this.listeners.clear();
  }
}

/** Resolves with the first event that satisfies `predicate` (tests wait on events, never on sleeps). */
export function once<T>(event: Event<T>, predicate: (e: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve) => {
    const sub = event((e) => {
      if (predicate(e)) { sub.dispose(); resolve(e); }
    });
  });
}
