import type { PhaseView, TaskDetailView, TokenView } from '../../src/shared/task-detail-protocol';
import { action, el, num, pill, section, time } from './dom';
import { send } from './send';

/** The phases in order: status, iterations, duration, gate decisions, checkpoint commit, and what each produced. */
export function renderTimeline(v: TaskDetailView): HTMLElement {
  if (!v.phases.length) {
    const empty = v.era === 'db' ? "The task's workflow has no phases in orc's databases."
      : v.hasPlan ? 'plan.yaml lists no phases.' : 'No plan.yaml yet: orc writes it when the task is planned.';
    return section('timeline', 'Phases', el('p', { class: 'muted' }, empty));
  }
  // Times read relative ("2 hours ago"), the ISO time on hover.
  const parts: (string | Node)[][] = [
    v.startedAt ? ['started ', time(v.startedAt)] : [], v.totalDuration ? [`total ${v.totalDuration}`] : [],
    v.currentIteration !== null ? [`iteration ${v.currentIteration}`] : [],
    v.session ? [`session ${v.session.id ?? '?'}${v.session.model ? ` (${v.session.model})` : ''}${v.session.turnCount !== null ? `, ${v.session.turnCount} turns` : ''}`] : [],
    v.execution ? [`executor ${v.execution.hostname ?? '?'}${v.execution.pid !== null ? ` pid ${v.execution.pid}` : ''}`,
      ...(v.execution.lastHeartbeat ? [', last heartbeat ', time(v.execution.lastHeartbeat)] : [])] : [],
  ].filter((p) => p.length);
  const meta = parts.flatMap((p, i) => (i ? [' · ', ...p] : p));
  // No per-phase Run while the Claude CLI cannot run (the run controls above say why).
  const runnable = v.editable && !(v.era !== 'db' && v.runBlocked) && !(v.status === 'running' && !v.orphaned);
  return section('timeline', 'Phases', meta.length ? el('p', { class: 'muted' }, ...meta) : null, el('ol', { class: 'timeline' }, ...v.phases.map((p) => phase(p, runnable, v.era))));
}

function phase(p: PhaseView, runnable: boolean, era: TaskDetailView['era']): HTMLElement {
  const facts = [
    p.type && p.type !== p.name ? p.type : null,
    `${p.iterations ?? 0}${p.maxIterations !== null ? `/${p.maxIterations}` : ''} iteration${(p.iterations ?? 0) === 1 && p.maxIterations === null ? '' : 's'}`,
    p.duration,
    p.checkpoint && el('code', { title: 'checkpoint commit' }, p.checkpoint.slice(0, 12)),
    p.gateType && `gate: ${p.gateType}`,
    !p.inPlan && (era === 'db' ? 'not in the workflow' : 'not in plan.yaml'),
    runnable && p.inPlan && action('run this phase', () => send({ type: 'run', phase: p.name }), { class: 'run-phase', title: `Run ${p.name} now` }),
  ].filter((x): x is string | HTMLElement => !!x);
  return el('li', { class: `phase phase-${cls(p.status)}${p.current ? ' current' : ''}`, 'data-phase': p.name },
    el('div', { class: 'phase-head' }, el('strong', {}, p.name), ' ', pill(p.status, p.status), ...facts.flatMap((f) => [' · ', f])),
    p.error && el('div', { class: 'error' }, p.error),
    p.gates.length ? el('ul', { class: 'gates' }, ...p.gates.map((g) => el('li', {},
      pill(g.decision ?? 'pending', g.decision ?? 'pending'), ` ${g.type ?? 'gate'}`, g.rationale ? ` — ${g.rationale}` : '', g.timestamp ? el('span', { class: 'muted' }, ` ${g.timestamp}`) : ''))) : null,
    p.completionCriteria.length ? el('div', { class: 'muted' }, `done when: ${p.completionCriteria.join(', ')}`) : null,
    p.filesChanged.length ? el('div', { class: 'muted' }, 'files changed: ', ...p.filesChanged.flatMap((f, i) => [i ? ', ' : '', el('code', {}, f)])) : null,
    p.artifacts.length ? el('div', { class: 'muted' }, 'artifacts: ', ...p.artifacts.flatMap((f, i) => [i ? ', ' : '', el('code', {}, f)])) : null);
}

/** Tokens per phase (input, output, cache read/creation, effective input, total, cost) and the task's totals. */
export function renderTokens(v: TaskDetailView): HTMLElement | null {
  const rows = v.phases.filter((p) => p.tokens || p.costUsd !== null);
  if (!rows.length && !v.tokens) return null;
  const cells = (t: TokenView | null, cost: number | null) => [t?.input, t?.output, t?.cacheRead, t?.cacheCreation, t?.effectiveInput, t?.total]
    .map((n) => el('td', { class: 'num' }, num(n))).concat(el('td', { class: 'num' }, cost === null ? '–' : `$${cost.toFixed(2)}`));
  const head = ['Phase', 'Input', 'Output', 'Cache read', 'Cache creation', 'Effective input', 'Total', 'Cost'];
  return section('tokens', 'Tokens',
    el('table', { class: 'grid' },
      el('thead', {}, el('tr', {}, ...head.map((h, i) => el('th', i ? { class: 'num' } : {}, h)))),
      el('tbody', {}, ...rows.map((p) => el('tr', {}, el('td', {}, p.name), ...cells(p.tokens, p.costUsd))),
        v.tokens || v.costUsd !== null ? el('tr', { class: 'total' }, el('td', {}, 'Task total'), ...cells(v.tokens, v.costUsd)) : null)),
    el('p', { class: 'muted' }, 'Effective input = input + cache creation + cache read: the whole context the model saw.'),
    v.era === 'db' ? el('p', { class: 'muted' }, "Tokens from orc's phases table; costs per phase from orc's cost ledger (orc writes no cost per phase in the project database).") : null);
}

function cls(status: string): string {
  return status.replace(/[^a-z0-9_-]/gi, '').toLowerCase() || 'unknown';
}
