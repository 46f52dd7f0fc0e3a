import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import type { OrcTask, OrcInitiative } from '../../../src/core/formats/orc/model';

/** Scans a folder with the real service (no cache) and returns what a view would see. */
export async function scanFolder(root: string, now = Date.now()) {
  const service = new OrchestrationService({ folders: [{ root }], now: () => now });
  await service.scan();
  const tasks = new Map(service.items().filter((i): i is OrcTask => i.kind === 'task').map((t) => [t.id, t]));
  const initiatives = new Map(service.items().filter((i): i is OrcInitiative => i.kind === 'initiative').map((i) => [i.id, i]));
  return { service, tasks, initiatives, diagnostics: service.diagnostics() };
}
