import { toDisposable, type IDisposable } from './disposable';

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
