import type { ChildProcess } from 'node:child_process';

/**
 * Ends a process started with `detached: true` together with everything it started (its process group):
 * SIGTERM first, SIGKILL after `graceMs` if the leader has not exited by then.
 */
export function terminateGroup(child: ChildProcess, graceMs: number): void {
  if (child.pid === undefined) return;
  const pid = child.pid;
  signalGroup(pid, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(pid, 'SIGKILL'), graceMs);
  timer.unref();
  child.once('exit', () => {
    clearTimeout(timer);
    // Children that ignored SIGTERM go with the leader.
    signalGroup(pid, 'SIGKILL');
  });
}

/** Signals a whole process group; a group that is already gone is fine. */
export function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone, which is what we wanted.
  }
}
