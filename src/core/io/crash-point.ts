/**
 * A test hook: `BATON_TEST_CRASH_AFTER=<step>` kills this process with SIGKILL right after that step of a
 * multi-step write, the way a power cut or `kill -9` would, so that tests can check that the next command or read
 * completes the write or rolls it back. Without the variable it does nothing.
 */
export function crashPoint(step: string): void {
  if (process.env.BATON_TEST_CRASH_AFTER === step) process.kill(process.pid, 'SIGKILL');
}
