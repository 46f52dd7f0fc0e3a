import { SqliteFollower } from '../../io/sqlite-follower';
import { ORC_DB_MAX_BYTES } from './db-follower';
import type { OpenOrcDb, OrcDbSource } from './engine';
import { text } from './queries';
import { NO_ITERATION_LIMIT, type DbWorkflow, type DbWorkflowPhase } from './record';
import { openSqliteImage } from './sqljs-engine';

/**
 * orc's global database (`~/.orc/orc.db`): the cost ledger of every project (`cost_log`) and the workflow
 * definitions orc seeds there. Read like a project database — as bytes, the WAL's new frames applied to the image
 * kept from the last read, never opened by SQLite — and queried on demand (costs, workflows).
 */
export class OrcGlobalDb {
  readonly image: SqliteFollower;
  private engine: { generation: number; db: OpenOrcDb } | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly file: string) {
    this.image = new SqliteFollower(file, { maxBytes: ORC_DB_MAX_BYTES });
  }

  /**
   * Runs `query` on the database as committed now, with the image generation it ran on (the same generation: the
   * same answer). Undefined when there is no such database; throws when it cannot be read.
   */
  query<T>(query: (src: OrcDbSource) => T): Promise<{ value: T; generation: number } | undefined> {
    const next = this.queue.then(async () => {
      const read = await this.image.read();
      if (!read.ok) {
        this.close();
        if (read.missing) return undefined;
        throw new Error(`orc's global database not read: ${read.reason}`);
      }
      if (this.engine?.generation !== read.read.generation) {
        this.close();
        this.engine = { generation: read.read.generation, db: await openSqliteImage(read.read.image) };
      }
      return { value: query(this.engine.db), generation: read.read.generation };
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  close(): void {
    this.engine?.db.close();
    this.engine = undefined;
  }
}

const globals = new Map<string, OrcGlobalDb>();

/** The reader of one orc home's global database, shared by the index, the task detail and the cost view. */
export function orcGlobalDb(file: string): OrcGlobalDb {
  let db = globals.get(file);
  if (!db) globals.set(file, db = new OrcGlobalDb(file));
  return db;
}

/** Lets every global database reader go (tests, the bench). */
export function forgetOrcGlobalDbs(): void {
  for (const db of globals.values()) db.close();
  globals.clear();
}

/** The workflows of `ids` as the global database defines them (phases in order, template values filled in). */
export function globalWorkflows(src: OrcDbSource, ids: readonly string[]): DbWorkflow[] {
  if (!ids.length || !src.columnsOf('workflows') || !src.columnsOf('workflow_phases') || !src.columnsOf('phase_templates')) return [];
  const has = (table: string, column: string) => src.columnsOf(table)?.includes(column) ?? false;
  const col = (table: string, alias: string, column: string) => (has(table, column) ? `${alias}."${column}"` : 'NULL');
  const rows = src.all(`SELECT w.id AS workflow_id, w.name AS workflow_name, wp.phase_template_id AS phase,
      ${col('workflow_phases', 'wp', 'gate_type_override')} AS gate_override,
      ${col('workflow_phases', 'wp', 'type_override')} AS type_override, pt.name AS template_name, ${col('phase_templates', 'pt', 'type')} AS template_type,
      ${col('phase_templates', 'pt', 'gate_type')} AS template_gate
    FROM workflows w LEFT JOIN workflow_phases wp ON wp.workflow_id = w.id LEFT JOIN phase_templates pt ON pt.id = wp.phase_template_id
    WHERE w.id IN (${ids.map(() => '?').join(', ')}) ORDER BY w.id, wp.sequence`, ids);
  const out = new Map<string, { id: string; name: string | null; phases: DbWorkflowPhase[] }>();
  for (const r of rows) {
    const id = text(r.workflow_id) ?? '';
    let workflow = out.get(id);
    if (!workflow) out.set(id, workflow = { id, name: text(r.workflow_name), phases: [] });
    const phase = text(r.phase);
    if (!phase) continue;
    workflow.phases.push({ id: phase, name: text(r.template_name), type: text(r.type_override) ?? text(r.template_type),
      gateType: text(r.gate_override) ?? text(r.template_gate), maxIterations: NO_ITERATION_LIMIT });
  }
  return [...out.values()];
}
