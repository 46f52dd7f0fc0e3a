import path from 'node:path';
import { taskDetail } from '../formats/orc-eras/task-detail';
import { compareDiagnostics } from '../model/diagnostic';
import { diagnosticJson, displayPath, itemJson } from '../report/scan-report';
import type { OrchestrationService } from '../service/orchestration-service';
import type { WorkItem } from '../service/work-item';
import { clampJson } from './bounded';
import { itemUri } from './item-rows';
import { QueryError } from './query-error';

/** The newest transcripts listed with a task (their names; the files stay on disk). */
const TRANSCRIPTS_SHOWN = 10;
const PROBLEMS_SHOWN = 50;
const DEPENDENCY_FIELDS = ['blockedBy', 'blocks', 'relatedTo', 'referencedBy'] as const;

/** The one item of `system` with this id (in the folder named, or in the only folder that has one). */
export function findItem(service: OrchestrationService, folders: readonly string[], system: string, id: string): WorkItem {
  const found = service.items().filter((i) => i.system === system && i.id === id && folders.includes(i.root));
  if (!found.length) throw new QueryError(`no ${system} item ${id}${folders.length === 1 ? ` in ${folders[0]}` : ''}; baton_tasks lists them`);
  const roots = [...new Set(found.map((i) => i.root))];
  if (roots.length > 1) throw new QueryError(`${system} item ${id} is in several folders (${roots.join(', ')}); name one with "folder"`);
  // orc's tasks and initiatives never share an id; prefer the task should a folder hold both.
  return found.find((i) => i.kind === 'task') ?? found[0]!;
}

/**
 * One item in full: the scan's JSON of it (fields as the reader made them, statuses as written), the file's own
 * fields (unknown ones included), its dependencies both ways with each one's status, an orc task's phases, gates and
 * newest transcripts, and the problems of its files.
 */
export async function itemInFull(service: OrchestrationService, item: WorkItem): Promise<Record<string, unknown>> {
  const root = item.root;
  const json: Record<string, unknown> = { folder: root, uri: itemUri(item), ...itemJson(root, item) };
  if ('fields' in item && item.fields) json.fields = item.fields;
  json.dependencies = dependencies(service, item, json);
  if (item.system === 'orc' && item.kind === 'task' && !item.unreadable) {
    const orcHome = service.contextOf(root)?.orcHome;
    const detail = await taskDetail(root, item.dir, { task: item, orcHome });
    json.transcripts = detail.transcripts.slice(-TRANSCRIPTS_SHOWN).reverse()
      .map((t) => ({ name: t.name, phase: t.phase, iteration: t.iteration, timestamp: t.timestamp, file: displayPath(root, t.file) }));
    json.transcriptCount = detail.transcripts.length;
  }
  const problems = problemsOf(service, item);
  json.problems = problems.slice(0, PROBLEMS_SHOWN).map((d) => diagnosticJson(root, d));
  if (problems.length > PROBLEMS_SHOWN) json.moreProblems = `${problems.length - PROBLEMS_SHOWN} more; baton_problems with this file lists them all`;
  return clampJson(json);
}

/** Each dependency list of the item, each id with the status and title of the item it names (null when missing). */
function dependencies(service: OrchestrationService, item: WorkItem, json: Record<string, unknown>): Record<string, unknown> {
  const peers = new Map(service.items().filter((i) => i.root === item.root && i.system === item.system).map((i) => [i.id, i]));
  const out: Record<string, unknown> = {};
  for (const field of DEPENDENCY_FIELDS) {
    const ids = json[field];
    if (!Array.isArray(ids)) continue;
    out[field] = ids.map((id: unknown) => {
      const peer = typeof id === 'string' ? peers.get(id) : undefined;
      return peer ? { id, status: peer.status, title: peer.title, kind: peer.kind } : { id, status: null, title: null, missing: true };
    });
  }
  return out;
}

/** The diagnostics of the item's file and, for an item with a folder of its own (an orc task, a run), of the files in it. */
export function problemsOf(service: OrchestrationService, item: WorkItem) {
  const dir = 'dir' in item && typeof item.dir === 'string' ? item.dir + path.sep : undefined;
  return service.diagnosticsOf(item.root).filter((d) => d.file === item.file || (dir !== undefined && d.file.startsWith(dir)))
    .sort(compareDiagnostics);
}
