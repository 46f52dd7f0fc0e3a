/**
 * What linked items depend on besides their files: the clock (a heartbeat goes stale) and whether processes are
 * alive (an executor's pid). A link asks through a Liveness; a LivenessRecord also remembers what was asked, so a
 * saved scan (scan-snapshot.ts) knows when its output would differ without reading a file again.
 */
export interface Liveness {
  /** Whether a process is alive on this host now. */
  pidAlive(pid: number): boolean;
  /** The output just computed changes by itself when the clock reaches `at` (ms since the epoch). */
  changesAt(at: number): void;
}

/** The pids asked about, with the answers given, and the earliest time the output changes by itself. */
export interface LivenessFacts {
  readonly until: number | null;
  readonly pids: readonly (readonly [pid: number, alive: boolean])[];
}

export class LivenessRecord implements Liveness {
  private until = Infinity;
  private readonly pids = new Map<number, boolean>();

  constructor(private readonly probe: (pid: number) => boolean = isPidAlive) {}

  /** Asks every time (a process may have died since the last link): the latest answer is the one recorded. */
  pidAlive(pid: number): boolean {
    const alive = this.probe(pid);
    this.pids.set(pid, alive);
    return alive;
  }

  changesAt(at: number): void {
    if (at < this.until) this.until = at;
  }

  facts(): LivenessFacts {
    return { until: Number.isFinite(this.until) ? this.until : null, pids: [...this.pids] };
  }
}

/** Whether facts recorded earlier still hold at `now`: the clock has not reached `until` and every pid answers the same. */
export function factsHold(facts: LivenessFacts, now: number, probe: (pid: number) => boolean = isPidAlive): boolean {
  if (facts.until !== null && now >= facts.until) return false;
  return facts.pids.every(([pid, alive]) => probe(pid) === alive);
}

export function isPidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
