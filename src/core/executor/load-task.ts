import path from 'node:path';
import { containedPath } from '../io/contained-path';
import { readStateText } from '../io/read-text';
import { parseYamlFile } from '../formats/common/yaml-file';
import { planSchema, taskSchema, initiativeSchema, type PlanPhaseFields, type TaskFields } from '../formats/orc/schemas';

/** One phase of plan.yaml as the executor runs it. */
export interface PlannedPhase {
  readonly name: string;
  readonly type: string;
  /** 1-based position in plan.yaml (transcripts are numbered by it). */
  readonly index: number;
  readonly fields: PlanPhaseFields;
}

/** Everything a run reads about its task before it starts. */
export interface TaskContext {
  readonly root: string;
  readonly taskId: string;
  readonly taskDir: string;
  readonly taskFile: string;
  readonly stateFile: string;
  readonly task: TaskFields;
  readonly phases: readonly PlannedPhase[];
  readonly spec: string | null;
  readonly decisions: readonly string[];
}

/** orc's task ids are folder names: nothing that could climb out of .orc/tasks/. */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export async function loadTaskContext(root: string, taskId: string): Promise<TaskContext | { error: string }> {
  if (!SAFE_ID.test(taskId) || taskId.includes('..')) return { error: `"${taskId}" is not a task id` };
  const taskDir = path.join(root, '.orc', 'tasks', taskId);
  const taskFile = path.join(taskDir, 'task.yaml');
  // Everything a run reads or writes lives in the task folder: a link out of the repository refuses the run.
  for (const file of [taskDir, taskFile, path.join(taskDir, 'plan.yaml'), path.join(taskDir, 'state.yaml'), path.join(taskDir, 'transcripts')]) {
    const inside = await containedPath(root, file, { what: 'the repository' });
    if (!inside.ok) return { error: `${path.relative(root, file)} refused: ${inside.reason}` };
  }
  const taskRead = await readStateText(taskFile);
  if (!taskRead.ok && taskRead.missing) return { error: `no task ${taskId}: ${path.relative(root, taskFile)} does not exist` };
  if (!taskRead.ok) return { error: `${path.relative(root, taskFile)} of ${taskId} cannot be read: ${taskRead.reason}` };
  const task = parseYamlFile('orc', taskFile, taskRead.text, 'task.yaml', taskSchema);
  if (!task.fields) return { error: `task.yaml of ${taskId} cannot be read: ${task.diagnostics[0]?.message ?? 'invalid YAML'}` };

  const planFile = path.join(taskDir, 'plan.yaml');
  const planRead = await readStateText(planFile);
  if (!planRead.ok && planRead.missing) return { error: `${taskId} has no plan.yaml: plan the task before running it` };
  if (!planRead.ok) return { error: `${path.relative(root, planFile)} of ${taskId} cannot be read: ${planRead.reason}` };
  const plan = parseYamlFile('orc', planFile, planRead.text, 'plan.yaml', planSchema);
  if (!plan.fields) return { error: `plan.yaml of ${taskId} cannot be read: ${plan.diagnostics[0]?.message ?? 'invalid YAML'}` };
  // Keyed as orc keys a phase in state.yaml and its gates: by `id`, else (the spec's plans) by `name` — the
  // same key the timeline reads them back by.
  const phases = (plan.fields.phases ?? []).map((p, i) => ({
    name: p.id || p.name || `phase ${i + 1}`, type: p.type ?? p.name ?? p.id ?? 'implement', index: i + 1, fields: p,
  }));
  if (!phases.length) return { error: `plan.yaml of ${taskId} lists no phases` };
  const names = new Set<string>();
  for (const p of phases) {
    if (names.has(p.name)) return { error: `plan.yaml of ${taskId} names phase "${p.name}" twice` };
    names.add(p.name);
  }

  const spec = await readFirst(root, [path.join(taskDir, 'spec.md'), path.join(taskDir, 'artifacts', 'spec.md')]);
  const decisions = task.fields.initiative_id ? await initiativeDecisions(root, task.fields.initiative_id) : [];
  return { root, taskId, taskDir, taskFile, stateFile: path.join(taskDir, 'state.yaml'), task: task.fields, phases, spec, decisions };
}

async function readFirst(root: string, files: readonly string[]): Promise<string | null> {
  for (const f of files) {
    if (!(await containedPath(root, f)).ok) continue;
    // A spec that is not a regular file or too large is left out of the prompt, as a missing one is.
    const read = await readStateText(f);
    if (read.ok) return read.text;
  }
  return null;
}

/** The initiative's recorded decisions, one line each, for the prompts. */
async function initiativeDecisions(root: string, id: string): Promise<string[]> {
  if (!SAFE_ID.test(id)) return [];
  const file = path.join(root, '.orc', 'initiatives', id, 'initiative.yaml');
  if (!(await containedPath(root, file)).ok) return [];
  const read = await readStateText(file);
  if (!read.ok) return [];
  const parsed = parseYamlFile('orc', file, read.text, 'initiative.yaml', initiativeSchema);
  return (parsed.fields?.decisions ?? []).filter((d) => d.decision).map((d) =>
    `${d.id ? `${d.id}: ` : ''}${d.decision}${d.rationale ? ` (${d.rationale})` : ''}`);
}
