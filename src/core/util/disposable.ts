/** The core's own Disposable, shaped like VS Code's so the glue can hand it to `context.subscriptions`. */
export interface IDisposable {
  dispose(): void;
}

export function toDisposable(fn: () => void): IDisposable {
  let done = false;
  return { dispose: () => { if (!done) { done = true; fn(); } } };
}

/** Base class owning child disposables: `_register` them and they go when this does. */
export abstract class Disposable implements IDisposable {
  private readonly children: IDisposable[] = [];
  private disposed = false;

  protected _register<T extends IDisposable>(child: T): T {
    if (this.disposed) child.dispose();
    else this.children.push(child);
    return child;
  }

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const child of this.children.splice(0).reverse()) child.dispose();
  }
}
