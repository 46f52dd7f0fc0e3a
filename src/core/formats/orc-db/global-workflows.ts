import type { ReadFile } from '../../model/adapter';
import { orcGlobalDb, globalWorkflows } from './global-db';
import type { OrcDbRecord } from './record';

const memo = new WeakMap<OrcDbRecord, { generation: number; record: OrcDbRecord }>();

/**
 * A project database's record with the workflows its tasks name but it does not hold, from orc's global database:
 * orc copies a workflow into the project database only when it first runs it, so the phases of a task never run are
 * found there. The same record and the same global image give the same object back (nothing changed for the index).
 * A global database that cannot be read leaves those tasks without phases, as before.
 */
export async function withGlobalWorkflows(read: ReadFile<OrcDbRecord>, globalFile: string | null): Promise<ReadFile<OrcDbRecord>> {
  const record = read.record;
  if (!record || !globalFile) return read;
  const own = new Set(record.workflows.map((w) => w.id));
  const missing = [...new Set(record.tasks.map((t) => t.workflowId).filter((id): id is string => !!id && !own.has(id)))].sort();
  if (!missing.length) return read;
  let found;
  try {
    found = await orcGlobalDb(globalFile).query((src) => globalWorkflows(src, missing));
  } catch {
    return read;
  }
  if (!found) return read;
  const held = memo.get(record);
  if (held && held.generation === found.generation) return { ...read, record: held.record };
  const out: OrcDbRecord = { ...record, globalWorkflows: found.value };
  memo.set(record, { generation: found.generation, record: out });
  return { ...read, record: out };
}
