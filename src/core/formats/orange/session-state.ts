import { spawn } from 'node:child_process';
import { AGENT_STATUSES, SESSION_STATUSES } from './vocabulary';

/** spec 004's session state, plus `unknown` when tmux cannot be asked (not installed). */
export type SessionState = 'active' | 'crashed' | 'inactive' | 'unknown';

/**
 * Whether a tmux session of that exact name is alive (`tmux has-session -t =<name>`, spawned with an argument
 * array: the name never reaches a shell). undefined when tmux is not installed or does not answer in time.
 */
export function tmuxHasSession(name: string, tmux = 'tmux', timeoutMs = 3000): Promise<boolean | undefined> {
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(tmux, ['has-session', '-t', `=${name}`], { stdio: 'ignore', shell: false });
    } catch {
      resolve(undefined);
      return;
    }
    const timer = setTimeout(() => { child.kill(); resolve(undefined); }, timeoutMs);
    child.on('error', () => { clearTimeout(timer); resolve(undefined); });
    child.on('exit', (code) => { clearTimeout(timer); resolve(code === 0); });
  });
}

/**
 * Whether a task may have a live session worth asking tmux about (and attaching to): it was given one and its
 * status is one orange's exit monitor watches (never pending, finished, legacy or unknown ones).
 */
export function mayHaveSession(task: { status: string; tmuxSession: string | null }): boolean {
  return !!task.tmuxSession && SESSION_STATUSES.includes(task.status);
}

/**
 * Whether a live session is owed: the task was given one and an agent should be at work in it (AGENT_STATUSES).
 * Only then is a dead session a crash; a task waiting for a person (reviewing, stuck) owes none.
 */
export function expectsSession(task: { status: string; tmuxSession: string | null }): boolean {
  return !!task.tmuxSession && AGENT_STATUSES.includes(task.status);
}

/**
 * The session state from whether the session is alive (undefined: tmux could not be asked). Red (`crashed`) only
 * when a session is owed and tmux says it is gone; a task that owes none is `inactive` whatever tmux says, except
 * that a session still open is shown `active` (it can be attached to).
 */
export function sessionState(task: { status: string; tmuxSession: string | null }, alive: boolean | undefined): SessionState {
  if (!mayHaveSession(task)) return 'inactive';
  if (alive) return 'active';
  if (!expectsSession(task)) return 'inactive';
  return alive === undefined ? 'unknown' : 'crashed';
}
