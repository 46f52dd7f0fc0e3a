import os from 'node:os';
import path from 'node:path';
import type { OrcDbLocation } from '../core/formats/orc-db/locate';
import { orcProjectDatabase } from '../core/formats/orc-db/project-db';
import { approveGate, closeTask, editTask, newTask, rejectGate, type OrcActionResult } from '../core/orc-cli/orc-actions';
import { type OrcCategory, type OrcPriority, type OrcTaskEdit } from '../core/orc-cli/orc-arguments';
import { printable } from '../core/util/printable';
import type { CliOutput } from './output';

/*
 * The CLI's writes on a folder whose orc keeps a database (orc from February 2026): Baton never writes orc's
 * database, so `baton task new|set|resolve` and `baton answer TASK:PHASE` run orc's own command (`orc new`, `orc edit`,
 * `orc close --yes`, `orc approve`, `orc reject --reason`) with an argument array, as the editor does; without orc on
 * PATH they print the command to run. `baton run` is the file era's executor: in this era orc runs its own phases.
 */

/** The folder's orc database when it is a database-era project (the scan's own test: registry under HOME/.orc, then .orc/orc.db). */
export function orcDatabaseOf(root: string, home: string | undefined): Promise<OrcDbLocation | null> {
  return orcProjectDatabase(root, path.join(path.resolve(home ?? os.homedir()), '.orc'));
}

const OPTIONS = { trusted: true } as const;

/** Prints what orc did or why nothing ran; exit 0 when orc succeeded. */
function report(command: string, result: OrcActionResult, out: CliOutput): number {
  if (result.ok) {
    const said = (result.stdout.trim() || result.stderr.trim());
    if (said) out.line(printable(said));
    out.error(`ran: ${printable(result.command)}`);
    return 0;
  }
  out.error(`baton ${command}: ${printable(result.message)}`);
  return 1;
}

/** Fields orc's `edit` has no flag for: kept in orc's database, changed only by orc itself. */
const NOT_IN_ORC_EDIT: Record<string, string> = {
  queue: 'queue', category: 'category', weight: 'weight', related_to: 'related tasks',
};

export async function dbTaskNew(root: string, title: string, values: Record<string, string | undefined>, blockedBy: string[],
  out: CliOutput): Promise<number> {
  for (const flag of ['weight', 'queue', 'related-to'] as const) {
    if (values[flag] !== undefined) {
      out.error(`baton task new: orc new has no --${flag}: this folder's orc keeps its tasks in its database; leave it out`);
      return 1;
    }
  }
  const result = await newTask(root, { title, description: values.description, // orc-arguments refuses a word orc does not know, with orc's list.
    priority: values.priority as OrcPriority | undefined, category: values.category as OrcCategory | undefined,
    initiative: values.initiative, blockedBy: blockedBy.length ? blockedBy : undefined }, OPTIONS);
  if (result.ok) {
    out.line(printable(result.taskId));
    out.error(`ran: ${printable(result.command)}`);
    return 0;
  }
  return report('task new', result, out);
}

export async function dbTaskSet(root: string, id: string, field: string, value: string, blockers: string[],
  out: CliOutput): Promise<number> {
  const missing = NOT_IN_ORC_EDIT[field];
  if (missing) {
    out.error(`baton task set: orc edit has no flag for the ${missing}, and Baton never writes orc's database; nothing changed`);
    return 1;
  }
  let edit: OrcTaskEdit;
  if (field === 'priority') edit = { priority: value as OrcPriority };
  else if (field === 'title') edit = { title: value };
  else if (field === 'initiative' || field === 'initiative_id') edit = { initiative: value };
  else edit = { blockedBy: blockers };
  return report('task set', await editTask(root, id, edit, OPTIONS), out);
}

export async function dbTaskResolve(root: string, id: string, message: string | undefined, out: CliOutput): Promise<number> {
  return report('task resolve', await closeTask(root, id, { message }, OPTIONS), out);
}

export async function dbGateAnswer(root: string, taskId: string, decision: 'approved' | 'rejected', rationale: string | undefined,
  out: CliOutput): Promise<number> {
  const result = decision === 'approved' ? await approveGate(root, taskId, OPTIONS) : await rejectGate(root, taskId, rationale, OPTIONS);
  return report('answer', result, out);
}

