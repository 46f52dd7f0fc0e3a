import type { Severity } from '../model/diagnostic';
import type { OrchestrationService } from '../service/orchestration-service';
import { isBlocked, isOrphaned } from './item-rows';

export interface SystemStatus {
  readonly items: number;
  /** kind → status as written → how many. */
  readonly byStatus: Record<string, Record<string, number>>;
  readonly blocked: number;
  readonly orphaned: number;
  readonly decisionsWaiting: number;
}

export interface FolderStatus {
  readonly folder: string;
  readonly systems: Record<string, SystemStatus>;
  readonly decisionsWaiting: number;
  readonly problems: Record<Severity, number>;
}

/** Per folder and system: items counted by kind and status, blocked, orphaned, decisions waiting, problems by severity. */
export function statusSummary(service: OrchestrationService, folders: readonly string[]): FolderStatus[] {
  const wanted = new Set(folders);
  const byFolder = new Map(folders.map((f) => [f, { folder: f, systems: {} as Record<string, SystemStatus>, decisionsWaiting: 0,
    problems: { error: 0, warning: 0, info: 0 } }]));
  const systemOf = (folder: string, system: string) => {
    const systems = byFolder.get(folder)!.systems;
    return (systems[system] ??= { items: 0, byStatus: {}, blocked: 0, orphaned: 0, decisionsWaiting: 0 }) as
      { items: number; byStatus: Record<string, Record<string, number>>; blocked: number; orphaned: number; decisionsWaiting: number };
  };
  for (const item of service.items()) {
    if (!wanted.has(item.root)) continue;
    const s = systemOf(item.root, item.system);
    s.items++;
    const statuses = (s.byStatus[item.kind] ??= {});
    statuses[item.status] = (statuses[item.status] ?? 0) + 1;
    if (isBlocked(item)) s.blocked++;
    if (isOrphaned(item)) s.orphaned++;
  }
  for (const d of service.decisions()) {
    if (!wanted.has(d.root)) continue;
    systemOf(d.root, d.system).decisionsWaiting++;
    byFolder.get(d.root)!.decisionsWaiting++;
  }
  // A home-root file (orange, Ultrawork) is outside every folder: counted in each folder whose index read it.
  for (const folder of folders) {
    for (const d of service.diagnosticsOf(folder)) byFolder.get(folder)!.problems[d.severity]++;
  }
  return [...byFolder.values()];
}
