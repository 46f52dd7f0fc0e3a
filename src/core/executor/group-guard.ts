import { spawn } from 'node:child_process';

/**
 * A run's process group must end when whoever started it dies. The CLI watches its own parent, but the editor's
 * extension host can be killed (SIGKILL, a crash) with nothing left to end Claude, which runs detached in a group
 * of its own. So beside each Claude a tiny watchdog runs (this script, by the same Node or Electron binary, as
 * `node -e`, in a group of its own so that a signal to either group spares the other): it checks every
 * `CHECK_MS` that the supervisor is still its parent, and when it is not, ends Claude's group (SIGTERM, SIGKILL
 * after the grace period). It exits by itself once the group is gone; the supervisor also ends it when Claude
 * exits. Its arguments are numbers, never a shell string.
 */
const CHECK_MS = 250;
const GRACE_MS = 3000;

const WATCHDOG = String.raw`
const [parent, group] = process.argv.slice(1).map(Number);
const signal = (s) => { try { process.kill(-group, s); return true; } catch { return false; } };
const watch = setInterval(() => {
  if (!signal(0)) process.exit(0);
  if (process.ppid === parent) return;
  clearInterval(watch);
  signal('SIGTERM');
  setTimeout(() => { signal('SIGKILL'); process.exit(0); }, ${GRACE_MS});
}, ${CHECK_MS});
`;

export interface Watchdog {
  /** Ends the watchdog (Claude exited: there is nothing left to guard). */
  stop(): void;
}

/** Starts the watchdog of the process group led by `pgid` (a child spawned with `detached: true`). */
export function watchGroup(pgid: number): Watchdog {
  // Under Electron (the extension host) its binary runs as Node only when told to.
  const env = process.versions.electron !== undefined ? { ...process.env, ELECTRON_RUN_AS_NODE: '1' } : process.env;
  try {
    const dog = spawn(process.execPath, ['-e', WATCHDOG, String(process.pid), String(pgid)], { detached: true, stdio: 'ignore', env, shell: false });
    dog.on('error', () => undefined);
    // The watchdog never keeps the supervisor alive.
    dog.unref();
    return { stop: () => { try { dog.kill('SIGKILL'); } catch { /* already gone */ } } };
  } catch {
    return { stop: () => undefined };
  }
}
