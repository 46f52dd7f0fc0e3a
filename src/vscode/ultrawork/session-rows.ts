import { existsSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { containedPathSync } from '../../core/io/contained-path';
import type { UltraworkEvidence, UltraworkSession, UltraworkTask } from '../../core/formats/ultrawork/model';
import { phaseSteps } from '../../core/formats/ultrawork/phases';
import { RowNode, TaskNode, type UltraworkNode } from './ultrawork-nodes';
import { criterionIcon, phaseIcon, readable, stepIcon } from './ultrawork-style';

/** What a session unfolds into: phase (with its path), goal, options, agents, tasks, documents, context, evidence. */
export function sessionRows(s: UltraworkSession, tasks: readonly UltraworkTask[], taskNode: (t: UltraworkTask) => TaskNode): UltraworkNode[] {
  const id = (part: string) => `ultrawork:${s.dir}:${part}`;
  const rows: UltraworkNode[] = [];
  const steps = phaseSteps({ phase: s.phase, version: s.version, explorationComplete: s.explorationStage === 'complete' || s.context?.explorationComplete === true,
    planApproved: !!s.planApprovedAt, verifierPassed: s.verifierPassed === true });
  const phaseFacts = [s.explorationStage && `exploration ${readable(s.explorationStage)}`,
    s.iteration !== null && `iteration ${s.iteration}${typeof s.options?.max_iterations === 'number' ? `/${s.options.max_iterations}` : ''}`,
    s.verifierPassed === true && 'verifier passed', s.cancelledAt && `cancelled ${s.cancelledAt}`].filter(Boolean).join(' · ');
  rows.push(new RowNode({ id: id('phase'), label: `Phase: ${s.phase ?? 'unknown'}`, description: phaseFacts, icon: phaseIcon(s.phase),
    tooltip: 'The phases of the session, from the spec\'s transition table: done, current, not reached yet.',
    children: () => steps.map((step, i) => new RowNode({ id: id(`step:${i}`), label: step.phase, description: step.state === 'upcoming' ? '' : step.state, icon: stepIcon(step.state) })) }));
  if (s.goal) rows.push(new RowNode({ id: id('goal'), label: 'Goal', description: s.goal, tooltip: s.goal, icon: new vscode.ThemeIcon('target'), file: sessionFile(s) }));
  const options = optionsText(s.options);
  if (options) rows.push(new RowNode({ id: id('options'), label: 'Options', description: options, icon: new vscode.ThemeIcon('settings-gear'),
    tooltip: Object.entries(s.options ?? {}).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join('\n') }));
  if (s.activeAgents.length) {
    rows.push(new RowNode({ id: id('agents'), label: 'Active agents', description: s.activeAgents.map((a) => [a.agentId, a.role && `(${a.role}${a.taskId ? `, task ${a.taskId}` : ''})`].filter(Boolean).join(' ')).join(', '),
      icon: new vscode.ThemeIcon('person') }));
  }
  if (tasks.length) {
    const resolved = tasks.filter((t) => t.status === 'resolved').length;
    const blocked = tasks.filter((t) => t.blocked).length;
    rows.push(new RowNode({ id: id('tasks'), label: 'Tasks', description: `${resolved}/${tasks.length} resolved${blocked ? ` · ${blocked} blocked` : ''}`,
      icon: new vscode.ThemeIcon('checklist'), expanded: true, children: () => tasks.map(taskNode) }));
  }
  const design = s.documents.find((d) => d.kind === 'design');
  if (design) rows.push(new RowNode({ id: id('design'), label: 'Design', description: design.title ?? 'design.md', icon: new vscode.ThemeIcon('file-text'), file: design.file }));
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
export function taskRows(t: UltraworkTask): UltraworkNode[] {
  const id = (part: string) => `ultrawork:${t.sessionDir}:task:${t.taskId}:${part}`;
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
  return new RowNode({ id, label: e.summary || e.type || 'evidence', description: [e.type, e.taskId && `task ${e.taskId}`, when].filter(Boolean).join(' · '),
    tooltip: [e.text || e.summary, e.agentId && `agent ${e.agentId}`, e.status && `status ${e.status}`].filter(Boolean).join('\n'),
    icon: new vscode.ThemeIcon(e.type === 'test_result' ? 'beaker' : e.type?.startsWith('command') ? 'terminal' : 'note'), file });
}

function sessionFile(s: UltraworkSession): string | null {
  return s.files.find((f) => path.basename(f) === 'session.json') ?? null;
}

function optionsText(options: Readonly<Record<string, unknown>> | null): string {
  if (!options) return '';
  const o = options;
  return [typeof o.max_workers === 'number' && `max ${o.max_workers || 'auto'} workers`, typeof o.max_iterations === 'number' && `max ${o.max_iterations} iterations`,
    o.auto_mode === true && 'auto', o.plan_only === true && 'plan only', o.skip_verify === true && 'skip verify', o.worktree === true && 'worktree']
    .filter(Boolean).join(' · ');
}
