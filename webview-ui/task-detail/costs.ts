import type { TaskDetailView } from '../../src/shared/task-detail-protocol';
import { el, num, pill, section, time, when } from './dom';

/** What a database-era task cost: orc's ledger per phase and model (tokens, runs, time), and its total. */
export function renderCosts(v: TaskDetailView): HTMLElement | null {
  const c = v.costs;
  if (!c) return null;
  const head = ['Phase', 'Model', 'Cost', 'Input', 'Output', 'Cache read', 'Cache creation', 'Total tokens', 'Runs', 'Time'];
  const money = (n: number) => `$${n.toFixed(2)}`;
  return section('costs', 'Costs',
    el('table', { class: 'grid', 'aria-label': 'Costs per phase and model' },
      el('thead', {}, el('tr', {}, ...head.map((h, i) => el('th', i > 1 ? { class: 'num', scope: 'col' } : { scope: 'col' }, h)))),
      el('tbody', {}, ...c.rows.map((r) => el('tr', {},
        el('td', {}, r.phase), el('td', {}, r.model), el('td', { class: 'num' }, money(r.costUsd)),
        ...[r.tokens.input, r.tokens.output, r.tokens.cacheRead, r.tokens.cacheCreation, r.tokens.total, r.entries].map((n) => el('td', { class: 'num' }, num(n))),
        el('td', { class: 'num', title: r.lastAt ? `last ${when(r.lastAt)}` : '' }, duration(r.durationMs)))),
      el('tr', { class: 'total' }, el('td', {}, 'Task total'), el('td', {}, ''), el('td', { class: 'num' }, money(c.total.costUsd)),
        el('td', {}, ''), el('td', {}, ''), el('td', {}, ''), el('td', {}, ''), el('td', { class: 'num' }, num(c.total.tokens)),
        el('td', { class: 'num' }, num(c.total.entries)), el('td', { class: 'num' }, duration(c.total.durationMs))))),
    el('p', { class: 'muted' }, `From orc's cost ledger${c.source ? ` (${c.source})` : ''}: one row per phase run.`));
}

/** The task's workflow runs, oldest first: status, and each phase's iterations and commit as the run recorded them. */
export function renderRuns(v: TaskDetailView): HTMLElement | null {
  if (!v.runs.length) return null;
  return section('runs', `Workflow runs (${v.runs.length})`, el('ul', { class: 'plain' }, ...v.runs.map((r) => el('li', { 'data-run': r.id },
    el('strong', {}, r.id), ' ', pill(r.status ?? 'unknown', r.status ?? 'unknown'),
    el('span', { class: 'muted' }, r.workflowId ? ` ${r.workflowId}` : '', ...(r.startedAt ? [' · started ', time(r.startedAt)] : []),
      ...(r.completedAt ? [' · ended ', time(r.completedAt)] : [])),
    r.error ? el('div', { class: 'error' }, r.error) : null,
    r.phases.length ? el('div', { class: 'muted' }, r.phases.map((p) => `${p.phase} ${p.status ?? '?'}${p.iterations !== null ? ` ×${p.iterations}` : ''}${p.commitSha ? ` @${p.commitSha.slice(0, 8)}` : ''}`).join(' · ')) : null))));
}

function duration(ms: number): string {
  if (!ms) return '–';
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  return h ? `${h}h ${m}m` : m ? `${m}m ${r}s` : `${r}s`;
}
