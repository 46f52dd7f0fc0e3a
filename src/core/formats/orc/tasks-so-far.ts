import type { OrcAnyRecord } from '../orc-eras/record';
import { runSteps, type Steps } from '../../util/steps';
import { DEFAULT_PRIORITY, DEFAULT_QUEUE } from './vocabulary';

/**
 * One orc task as its task.yaml says it by itself, before the scan has linked anything: the fields the link takes
 * from that file alone, as it takes them (link-graph.ts buildTask), so a row made of it says what the scan's will.
 */
export interface TaskSoFar {
  /** The folder name: orc's id on disk, and the scan's item id. */
  readonly id: string;
  readonly file: string;
  /** `title || id`, as the linked task's. */
  readonly title: string;
  /** task.yaml's own status: a task whose task.yaml has none takes state.yaml's, so it is left out (see tasksSoFar). */
  readonly status: string;
  readonly priority: string;
  readonly queue: string;
  /** The blockers it names (whether they block it needs their own files: not known yet). */
  readonly blockedBy: readonly string[];
}

export interface OrcTasksSoFar {
  readonly tasks: TaskSoFar[];
  /** task.yaml files read that are not in `tasks`: no status of their own, not readable, or a folder read twice. */
  readonly notShown: number;
}

/**
 * The orc tasks of the file era whose task.yaml has been read, from a scan's records so far (ReadSoFar.records).
 * Undefined for a folder of orc's database era (one record holds every task; the scan's own rows come with it).
 * Left out, so nothing is guessed: a task.yaml without a status (the link takes state.yaml's, maybe not read yet),
 * one that yields no fields (the scan lists it as unreadable, with its problem: problems wait for the scan), and an
 * id seen in two files (the link keeps one of them).
 */
export function tasksSoFar(records: Iterable<{ readonly file: string; readonly record: unknown }>): OrcTasksSoFar | undefined {
  return runSteps(tasksSoFarSteps(records));
}

/** Records between two steps of tasksSoFarSteps (a few milliseconds' work at 10,000 tasks). */
const RECORDS_PER_STEP = 500;

/**
 * tasksSoFar in steps (steps.ts), for the editor to build its rows in slices with other work between them. `records`
 * must not change meanwhile: the caller takes them at once (the records read by then).
 */
export function* tasksSoFarSteps(records: Iterable<{ readonly file: string; readonly record: unknown }>): Steps<OrcTasksSoFar | undefined> {
  const byId = new Map<string, TaskSoFar | null>();
  let notShown = 0;
  let n = 0;
  for (const { file, record } of records) {
    if (++n % RECORDS_PER_STEP === 0) yield;
    const r = record as OrcAnyRecord;
    if (r.kind === 'db') return undefined;
    if (r.kind !== 'task') continue;
    const f = r.fields;
    if (byId.has(r.dir)) {
      if (byId.get(r.dir)) notShown++;
      byId.set(r.dir, null);
      notShown++;
      continue;
    }
    if (!f?.status) { byId.set(r.dir, null); notShown++; continue; }
    byId.set(r.dir, { id: r.dir, file, title: f.title || r.dir, status: f.status, priority: f.priority || DEFAULT_PRIORITY,
      queue: f.queue || DEFAULT_QUEUE, blockedBy: [...new Set(f.blocked_by ?? [])] });
  }
  const tasks: TaskSoFar[] = [];
  for (const task of byId.values()) if (task) tasks.push(task);
  return { tasks, notShown };
}
