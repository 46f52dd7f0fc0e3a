import type { ClaudeExit } from './claude-process';

/** What one Claude process said about the phase, before the other completion criteria are checked. */
export type IterationVerdict =
  | { readonly kind: 'ok'; readonly confirmed: boolean; readonly text: string }
  | { readonly kind: 'blocked'; readonly reason: string; readonly text: string }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'cancelled' };

const COMPLETE = /<phase_complete>\s*true\s*<\/phase_complete>/i;
const BLOCKED = /<phase_blocked>([\s\S]*?)<\/phase_blocked>/i;

/**
 * A phase iteration succeeded only when the result line says `success` and not `is_error`; an error result
 * (error_max_turns, error_during_execution, …) fails the phase with its message, as does a process that ended
 * without any result (crash, timeout, a CLI that refused its flags).
 */
export function judgeIteration(exit: ClaudeExit, timeoutSeconds: number): IterationVerdict {
  if (exit.cancelled) return { kind: 'cancelled' };
  if (exit.spawnError) return { kind: 'error', message: exit.spawnError };
  const r = exit.result;
  if (r && r.subtype === 'success' && !r.isError) {
    const text = `${exit.text}\n${r.result ?? ''}`;
    const blocked = BLOCKED.exec(text);
    if (blocked) return { kind: 'blocked', reason: blocked[1]!.trim() || 'blocked (no reason given)', text };
    return { kind: 'ok', confirmed: COMPLETE.test(text), text };
  }
  if (exit.timedOut) return { kind: 'error', message: `timed out after ${timeoutSeconds}s: the process group was ended` };
  if (r) {
    const detail = r.errors.length ? r.errors.join('; ') : r.result ?? '';
    return { kind: 'error', message: `${r.subtype}${detail && detail !== r.subtype ? `: ${detail}` : ''}` };
  }
  const how = exit.signal ? `was killed by ${exit.signal}` : `exited with status ${exit.exitCode}`;
  const cut = exit.partialLine ? ` (its last output line was cut off: ${exit.partialLine.slice(0, 80)})` : '';
  const stderr = exit.stderrTail.trim() ? `: ${exit.stderrTail.trim().split('\n').slice(-3).join(' | ')}` : '';
  return { kind: 'error', message: `claude ${how} without a result${cut}${stderr}` };
}
