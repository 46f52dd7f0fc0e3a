import { existsSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { containedPathSync } from '../../core/io/contained-path';
import type { UltraworkEvidence, UltraworkSession, UltraworkTask } from '../../core/formats/ultrawork/model';
import { phaseSteps, type StepState } from '../../core/formats/ultrawork/phases';
import { RowNode, TaskNode, type UltraworkNode } from './ultrawork-nodes';
import { criterionIcon, phaseIcon, readable, stepIcon } from './ultrawork-style';

/**
 * What a session unfolds into: phase (with its path), goal, options, agents, tasks, documents, context, evidence.
 * `scope` keeps the row ids of a session shown under another worktree apart from its rows elsewhere in the view.
 */
export function sessionRows(s: UltraworkSession, tasks: readonly UltraworkTask[], taskNode: (t: UltraworkTask) => TaskNode, scope = ''): UltraworkNode[] {
  const id = (part: string) => `ultrawork:${s.dir}${scope}:${part}`;
  const rows: UltraworkNode[] = [];
  const steps = phaseSteps({ phase: s.phase, documented: s.documenterCompleted !== null, planApproved: !!s.planApprovedAt,
    verifierPassed: s.verifierPassed === true, documenterCompleted: s.documenterCompleted === true });
  const phaseFacts = [s.explorationStage && `exploration ${readable(s.explorationStage)}`,
    s.iteration !== null && `iteration ${s.iteration}${optionNumber(s.options?.max_iterations) !== null ? `/${optionNumber(s.options?.max_iterations)}` : ''}`,
    s.verifierPassed === true && 'verifier passed', s.documenterCompleted === true && 'documenter completed',
    s.cancelledAt && `cancelled ${s.cancelledAt}`].filter(Boolean).join(' · ');
  rows.push(new RowNode({ id: id('phase'), label: `Phase: ${s.phase ?? 'unknown'}`, description: phaseFacts, icon: phaseIcon(s.phase),
    tooltip: 'The phases of the session as the plugin moves it: done, current, not reached yet. Exploration is a stage of PLANNING.',
    children: () => steps.map((step, i) => new RowNode({ id: id(`step:${i}`), label: step.phase, description: stepText(step.phase, step.state, s), icon: stepIcon(step.state) })) }));
  if (s.failureReason) {
    rows.push(new RowNode({ id: id('failure'), label: 'Failure', description: s.failureReason, tooltip: s.failureReason,
      icon: new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed')), file: sessionFile(s) }));
  }
  if (s.goal) {
    rows.push(new RowNode({ id: id('goal'), label: 'Goal', description: s.goal, tooltip: [s.goal, s.goalBrief && `Brief (the plugin's naming slug): ${s.goalBrief}`].filter(Boolean).join('\n\n'),
      icon: new vscode.ThemeIcon('target'), file: sessionFile(s) }));
  }
  const options = optionsText(s.options);
  if (options) rows.push(new RowNode({ id: id('options'), label: 'Options', description: options, icon: new vscode.ThemeIcon('settings-gear'),
    tooltip: Object.entries(s.options ?? {}).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join('\n') }));
  if (s.activeAgents.length) {
    rows.push(new RowNode({ id: id('agents'), label: 'Active agents', description: s.activeAgents.map((a) => {
      const what = [a.role ?? a.agentType, a.taskId && `task ${a.taskId}`].filter(Boolean).join(', ');
      return [a.agentId, what && `(${what})`].filter(Boolean).join(' ');
    }).join(', '), icon: new vscode.ThemeIcon('person') }));
  }
  if (s.workers.length) rows.push(workersRow(s, id));
  if (tasks.length) {
    const resolved = tasks.filter((t) => t.status === 'resolved').length;
    const blocked = tasks.filter((t) => t.blocked).length;
    rows.push(new RowNode({ id: id('tasks'), label: 'Tasks', description: `${resolved}/${tasks.length} resolved${blocked ? ` · ${blocked} blocked` : ''}`,
      icon: new vscode.ThemeIcon('checklist'), expanded: true, children: () => tasks.map(taskNode) }));
  }
  const design = s.documents.find((d) => d.kind === 'design');
  if (design) rows.push(new RowNode({ id: id('design'), label: 'Design', description: design.title ?? 'design.md', icon: new vscode.ThemeIcon('file-text'), file: design.file }));
  else if (s.designDoc) rows.push(designDocRow(s, id));
  const explorations = s.documents.filter((d) => d.kind === 'exploration');
  if (explorations.length) {
    rows.push(new RowNode({ id: id('exploration'), label: 'Exploration', description: `${explorations.length} document${explorations.length === 1 ? '' : 's'}`,
      icon: new vscode.ThemeIcon('search'), children: () => explorations.map((d) => new RowNode({ id: id(`doc:${d.name}`), label: d.title ?? d.name,
        description: `${d.name}.md`, icon: new vscode.ThemeIcon('markdown'), file: d.file })) }));
  }
  if (s.context) rows.push(contextRow(s, id));
  if (s.evidenceCount) {
    rows.push(new RowNode({ id: id('evidence'), label: 'Evidence', description: `${s.evidenceCount}${s.evidencePartial ? '+' : ''} entr${s.evidenceCount === 1 ? 'y' : 'ies'}`,
      icon: new vscode.ThemeIcon('output'), file: null,
      children: () => s.recentEvidence.map((e, i) => evidenceRow(e, id(`evidence:${i}`), s.evidenceFile ?? sessionFile(s))) }));
  }
  return rows;
}

/** What a task unfolds into: its criteria, met or not by the evidence; blockers; the evidence itself. */
export function taskRows(t: UltraworkTask, scope = ''): UltraworkNode[] {
  const id = (part: string) => `ultrawork:${t.sessionDir}${scope}:task:${t.taskId}:${part}`;
  const rows: UltraworkNode[] = t.criteria.map((c, i) => new RowNode({ id: id(`criterion:${i}`), label: c.text,
    description: c.met ? 'met' : 'no evidence', icon: criterionIcon(c.met),
    tooltip: c.met ? `Met by the evidence:\n${c.evidence}` : 'No evidence of the task names this criterion.', file: t.file }));
  if (t.blockedBy.length) {
    rows.push(new RowNode({ id: id('blockers'), label: 'Blocked by', description: t.blockedBy.map((b) => (t.waitingOn.includes(b) ? `${b} (waiting)` : b)).join(', '),
      icon: new vscode.ThemeIcon(t.blocked ? 'lock' : 'unlock', t.blocked ? new vscode.ThemeColor('list.warningForeground') : undefined) }));
  }
  const evidence = [...t.evidence.map((text, i) => new RowNode({ id: id(`evidence:${i}`), label: text, icon: new vscode.ThemeIcon('note'), tooltip: text, file: t.file })),
    ...t.logEvidence.map((e, i) => evidenceRow(e, id(`log:${i}`), null))];
  if (evidence.length) rows.push(new RowNode({ id: id('evidence'), label: 'Evidence', description: `${evidence.length}`, icon: new vscode.ThemeIcon('output'), children: () => evidence }));
  return rows;
}

/** A step's note: the exploration stage while PLANNING is current (exploration is a stage of it). */
function stepText(phase: string, state: StepState, s: UltraworkSession): string {
  const base = state === 'upcoming' ? '' : state;
  return phase === 'PLANNING' && state === 'current' && s.explorationStage ? `${base} · exploration ${readable(s.explorationStage)}` : base;
}

/** The agents the plugin's SubagentStop hook recorded, each with its task and how it ended. */
function workersRow(s: UltraworkSession, id: (part: string) => string): RowNode {
  const counts = new Map<string, number>();
  for (const w of s.workers) counts.set(w.status ?? 'unknown', (counts.get(w.status ?? 'unknown') ?? 0) + 1);
  return new RowNode({ id: id('workers'), label: 'Workers', description: [...counts].map(([status, n]) => `${n} ${readable(status)}`).join(' · '),
    icon: new vscode.ThemeIcon('organization'), children: () => s.workers.map((w, i) => new RowNode({ id: id(`worker:${i}`),
      label: w.agentId ?? `worker ${i + 1}`, description: [w.taskId && `task ${w.taskId}`, w.status && readable(w.status), w.completedAt ?? w.startedAt].filter(Boolean).join(' · '),
      tooltip: w.failureReason ?? undefined, icon: new vscode.ThemeIcon(w.status === 'failed' ? 'error' : 'person') })) });
}

/** `plan.design_doc`: the design document the plugin keeps in the project; opened when it lies in this workspace folder. */
function designDocRow(s: UltraworkSession, id: (part: string) => string): RowNode {
  const doc = s.designDoc!;
  const base = s.workingDir && !s.workingDir.startsWith('${') ? s.workingDir : s.root;
  const inside = containedPathSync(s.root, path.resolve(base, doc), { what: 'the workspace folder', allowRoot: true });
  const file = inside.ok && existsSync(inside.absolute) ? inside.absolute : null;
  return new RowNode({ id: id('design'), label: 'Design', description: doc, tooltip: inside.ok ? undefined : inside.reason,
    icon: new vscode.ThemeIcon('file-text'), file });
}

function contextRow(s: UltraworkSession, id: (part: string) => string): RowNode {
  const c = s.context!;
  // Key files are the project's: resolved against the session's working folder when that is in this workspace folder.
  const workDir = s.workingDir && !s.workingDir.startsWith('${') ? containedPathSync(s.root, s.workingDir, { allowRoot: true }) : null;
  const bases = [...(workDir?.ok ? [workDir.absolute] : []), s.root];
  const children = (): UltraworkNode[] => [
    ...c.explorers.map((e, i) => {
      // Symlinks followed: an explorer document must really lie in the session folder.
      const inside = e.file ? containedPathSync(s.dir, e.file, { what: 'the session folder' }) : null;
      const outside = e.outside ?? (inside && !inside.ok ? inside.reason : null);
      return new RowNode({ id: id(`explorer:${i}`), label: e.hint ?? e.id, description: outside ? `outside the session folder · ${e.summary ?? ''}` : e.summary ?? '',
        tooltip: outside ?? e.summary ?? undefined, icon: new vscode.ThemeIcon('telescope'), file: inside?.ok && existsSync(inside.absolute) ? inside.absolute : null });
    }),
    ...c.keyFiles.map((f, i) => {
      const checks = bases.map((b) => containedPathSync(s.root, path.resolve(b, f.replace(/\\/g, '/')), { what: 'the workspace folder' }));
      const abs = checks.map((x) => (x.ok ? x.absolute : null)).find((p) => p !== null && existsSync(p)) ?? null;
      const refused = checks.find((x) => !x.ok);
      const outside = abs === null && refused && !refused.ok ? refused.reason : null;
      return new RowNode({ id: id(`key:${i}`), label: f, description: outside ? 'key file · outside the workspace folder' : 'key file', tooltip: outside ?? undefined,
        icon: new vscode.ThemeIcon('file'), file: abs });
    }),
    ...(c.patterns.length ? [new RowNode({ id: id('patterns'), label: 'Patterns', description: c.patterns.join(', '), icon: new vscode.ThemeIcon('symbol-misc') })] : []),
    ...(c.constraints.length ? [new RowNode({ id: id('constraints'), label: 'Constraints', description: c.constraints.join(' · '), tooltip: c.constraints.join('\n'), icon: new vscode.ThemeIcon('shield') })] : []),
  ];
  const done = c.expectedExplorers.length ? `${c.explorers.length}/${c.expectedExplorers.length} explorers` : `${c.explorers.length} explorers`;
  return new RowNode({ id: id('context'), label: 'Context', description: `${done} · ${c.keyFiles.length} key files`, icon: new vscode.ThemeIcon('info'), children });
}

function evidenceRow(e: UltraworkEvidence, id: string, file: string | null): RowNode {
  const when = e.timestamp ? e.timestamp.replace('T', ' ').replace(/(\.\d+)?Z$/, '') : '';
  return new RowNode({ id, label: e.summary || e.type || 'evidence', description: [e.type, e.failed && 'failed', e.taskId && `task ${e.taskId}`, when].filter(Boolean).join(' · '),
    tooltip: [e.text || e.summary, e.agentId && `agent ${e.agentId}`, e.status && `status ${e.status}`].filter(Boolean).join('\n'),
    icon: new vscode.ThemeIcon(e.type === 'test_result' ? 'beaker' : e.type?.startsWith('command') ? 'terminal' : 'note'), file });
}

function sessionFile(s: UltraworkSession): string | null {
  return s.files.find((f) => path.basename(f) === 'session.json') ?? null;
}

function optionsText(options: Readonly<Record<string, unknown>> | null): string {
  if (!options) return '';
  const o = options;
  const workers = optionNumber(o.max_workers), iterations = optionNumber(o.max_iterations);
  return [workers !== null && `max ${workers || 'auto'} workers`, iterations !== null && `max ${iterations} iterations`,
    o.auto_mode === true && 'auto', o.plan_only === true && 'plan only', o.skip_verify === true && 'skip verify', o.worktree === true && 'worktree']
    .filter(Boolean).join(' · ');
}

/** The plugin's argument parser stores numbers given on the command line as text (`--max-workers 3` → "3"). */
function optionNumber(v: unknown): number | null {
  return typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : null;
}
