/**
 * This thread's processor time so far, in milliseconds (user and system), or undefined where Node cannot tell it
 * (`process.threadCpuUsage`, Node 23.9 and later: the editor's extension host on code-server's Node 24; not Node 20).
 * A block of Baton's code timed by the clock also counts the time the thread waited for a processor another process
 * held: beside it, this says how much of the block was Baton's code running.
 */
export function threadCpuMs(): number | undefined {
  const usage = (process as { threadCpuUsage?: () => { user: number; system: number } }).threadCpuUsage?.();
  return usage && (usage.user + usage.system) / 1000;
}
