import path from 'node:path';
import type { ExecutorConfig } from './config';
import type { PlannedPhase, TaskContext } from './load-task';
import { builtInTemplate, fillTemplate } from './prompt-templates';
import { readStateText } from '../io/read-text';
import { containedPath } from '../io/contained-path';

/**
 * The template for a phase: the plan's `prompt_template` (relative to .orc/, then to the root, then to
 * prompts.directory), else `<prompts.directory>/<type>.md`, else the built-in one. Override files must stay
 * inside the repository root.
 */
export async function phaseTemplate(ctx: TaskContext, phase: PlannedPhase, config: ExecutorConfig): Promise<string> {
  const candidates: string[] = [];
  const declared = phase.fields.prompt_template;
  if (declared) {
    candidates.push(path.join(ctx.root, '.orc', declared), path.join(ctx.root, declared));
    if (config.promptsDir) candidates.push(path.join(config.promptsDir, path.basename(declared)));
  }
  if (config.promptsDir) candidates.push(path.join(config.promptsDir, `${phase.type}.md`));
  for (const file of candidates) {
    // `../`, an absolute path elsewhere, or a symlink out of the repository is not a template.
    const inside = await containedPath(ctx.root, file);
    if (!inside.ok) continue;
    const read = await readStateText(inside.absolute, 512 * 1024);
    if (read.ok) return read.text;
  }
  return builtInTemplate(phase.type);
}

export interface PromptValues {
  readonly iteration: number;
  readonly previous: readonly string[];
  readonly criteria: readonly string[];
  readonly conflicts?: string;
}

export function promptValues(ctx: TaskContext, phase: PlannedPhase, v: PromptValues): Record<string, string> {
  return {
    TASK_ID: ctx.taskId,
    TASK_TITLE: ctx.task.title ?? ctx.taskId,
    TASK_DESCRIPTION: ctx.task.description?.trim() || '(none)',
    TASK_DIR: ctx.taskDir,
    PHASE: phase.name,
    PHASE_TYPE: phase.type,
    ITERATION: String(v.iteration),
    SPEC: ctx.spec?.trim() || '(no spec.md yet)',
    DECISIONS: ctx.decisions.length ? ctx.decisions.map((d) => `- ${d}`).join('\n') : '(none)',
    PREVIOUS: v.previous.length ? v.previous.join('\n\n') : '(this is the first iteration)',
    CRITERIA: v.criteria.map((c) => `- ${c}`).join('\n'),
    CONFLICTS: v.conflicts ?? '(no conflicts)',
  };
}

export { fillTemplate };
