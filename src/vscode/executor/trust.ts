import { refusedWhenUntrusted } from '../trust';

/**
 * Running Claude spawns a program that reads and edits the workspace (and `claude -p` skips Claude's own trust
 * dialog), so nothing is started in an untrusted workspace. Every run command asks here first (the shared check of
 * src/vscode/trust.ts); a refusal is shown (with why) and kept, so tests can see what the run commands refused.
 */
export class TrustGuard {
  private readonly log: string[] = [];

  /** What the run commands refused in this window, oldest first. */
  get refusals(): readonly string[] {
    return this.log;
  }

  /** True when `action` may start processes; otherwise says why it refuses. */
  mayStartProcesses(action: string): boolean {
    const refused = refusedWhenUntrusted(action);
    if (refused === undefined) return true;
    this.log.push(refused);
    return false;
  }
}
