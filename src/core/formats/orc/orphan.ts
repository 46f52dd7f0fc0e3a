import os from 'node:os';
import { isPidAlive } from '../../model/liveness';
import type { StateFields } from './schemas';

/** orc refreshes the heartbeat while it runs; one older than this means the executor is gone. */
export const HEARTBEAT_STALE_MS = 5 * 60 * 1000;

export interface OrphanCheck {
  readonly orphaned: boolean;
  readonly reason: string | null;
}

/**
 * A running task is orphaned when nothing is executing it any more: no execution record, an executor pid
 * that is gone on this host, or a heartbeat older than HEARTBEAT_STALE_MS.
 */
export function checkOrphaned(status: string | null, state: StateFields | null, now: number,
  hostname: string = os.hostname(), pidAlive: (pid: number) => boolean = isPidAlive,
  staleAt?: (at: number) => void): OrphanCheck {
  if (status !== 'running') return { orphaned: false, reason: null };
  const execution = state?.execution;
  if (!execution) return { orphaned: true, reason: 'running, but no executor is recorded in state.yaml' };
  if (execution.hostname === hostname && typeof execution.pid === 'number' && !pidAlive(execution.pid)) {
    return { orphaned: true, reason: `executor process ${execution.pid} is not running on this host` };
  }
  const beat = Date.parse(execution.last_heartbeat ?? execution.started_at ?? '');
  if (Number.isNaN(beat)) return { orphaned: true, reason: 'running, but the executor never sent a heartbeat' };
  if (now - beat > HEARTBEAT_STALE_MS) {
    return { orphaned: true, reason: `executor heartbeat is stale (last ${execution.last_heartbeat ?? execution.started_at})` };
  }
  // A fresh heartbeat: the verdict turns by itself once the heartbeat ages (a saved scan is current until then).
  staleAt?.(beat + HEARTBEAT_STALE_MS + 1);
  return { orphaned: false, reason: null };
}
