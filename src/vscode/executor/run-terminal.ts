import * as vscode from 'vscode';
import { Disposable } from '../../core/util/disposable';
import { printableLines } from '../../core/util/printable';

/** Lines kept for a terminal opened again after it was closed (a long run must not grow without bound). */
const KEEP_LINES = 5000;

/**
 * The readable rendering of one run in a terminal backed by a Pseudoterminal: plain text only (the renderer has
 * already shown control characters as escapes), `\n` turned into `\r\n`. The lines are kept, so a terminal the person
 * closed can be opened again with the whole run so far; `onDidClose` tells the run's owner, which decides
 * whether closing means cancelling.
 */
export class RunTerminal extends Disposable {
  private readonly lines: string[] = [];
  private dropped = 0;
  private readonly writeEmitter = this._register(new vscode.EventEmitter<string>());
  private readonly closeEmitter = this._register(new vscode.EventEmitter<void>());
  /** The person closed the terminal (not fired when we dispose it ourselves). */
  readonly onDidClose = this.closeEmitter.event;
  private terminal: vscode.Terminal | undefined;
  private open = false;
  private closingOurselves = false;

  constructor(private readonly name: string) {
    super();
    this._register({ dispose: () => { this.closingOurselves = true; this.terminal?.dispose(); } });
  }

  /** Every line written so far (tests read it; the oldest are dropped past KEEP_LINES). */
  get text(): string {
    return this.lines.join('\n');
  }

  get isShown(): boolean {
    return this.terminal !== undefined;
  }

  /** The terminal, created (and filled with the lines so far) when there is none. */
  show(preserveFocus = true): vscode.Terminal {
    if (!this.terminal) this.terminal = this.create();
    this.terminal.show(preserveFocus);
    return this.terminal;
  }

  writeLines(lines: readonly string[]): void {
    for (const line of lines) {
      // A renderer line holds no control character; anything else written here (an error's message) gets the same
      // guard, and a stray newline still starts at column 0.
      const text = printableLines(line).join('\r\n');
      this.lines.push(text);
      if (this.open) this.writeEmitter.fire(`${text}\r\n`);
    }
    if (this.lines.length > KEEP_LINES) { const n = this.lines.length - KEEP_LINES; this.lines.splice(0, n); this.dropped += n; }
  }

  private create(): vscode.Terminal {
    this.open = false;
    const pty: vscode.Pseudoterminal = {
      onDidWrite: this.writeEmitter.event,
      open: () => {
        this.open = true;
        const head = this.dropped ? [`[${this.dropped} earlier lines not kept]`] : [];
        for (const line of [...head, ...this.lines]) this.writeEmitter.fire(`${line}\r\n`);
      },
      close: () => {
        this.open = false;
        this.terminal = undefined;
        if (!this.closingOurselves) this.closeEmitter.fire();
      },
      // The run takes no input; a key press is ignored rather than echoed into the rendering.
      handleInput: () => undefined,
    };
    return vscode.window.createTerminal({ name: this.name, pty, iconPath: new vscode.ThemeIcon('play-circle'), isTransient: true });
  }
}
