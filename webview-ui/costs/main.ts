/*
 * The Cost view: per workspace folder, orc's cost ledger (a chart of the last 30 days per model, the tasks,
 * initiatives and phases it spent on) beside the token figures Baton reads for orc's tasks and Dure's runs. Built
 * from the host's data with text nodes only; the host re-sends everything after `ready` and on every change.
 */
import type { CostsFolderView, FromCostsWebview, LedgerView, NamedCostView, ToCostsWebview, TokenSourceView } from '../../src/shared/costs-protocol';
import { connectToHost } from '../common/host';
import { costChart } from './chart';
import { custom } from '../common/dom';
import { count, el, money, table } from './dom';
import '../common/page.css';
import './style.css';

const host = connectToHost<Record<string, never>, FromCostsWebview>();
const root = document.getElementById('root')!;
const status = el('span', { class: 'muted', role: 'status', 'aria-live': 'polite' });
const refresh = custom('vscode-button', { appearance: 'secondary', id: 'refresh' }, 'Refresh');
refresh.addEventListener('click', () => host.post({ type: 'refresh' }));
const body = el('div', { id: 'folders' });
root.append(el('h1', {}, 'Costs'), el('div', { class: 'toolbar' }, refresh, status), body);

window.addEventListener('message', (event: MessageEvent<ToCostsWebview>) => {
  const msg = event.data;
  if (msg.type === 'error') { body.replaceChildren(el('p', { class: 'error', role: 'alert' }, msg.message)); return; }
  if (msg.type !== 'costs') return;
  const many = msg.folders.length > 1;
  body.replaceChildren(...msg.folders.map((f, i) => folder(f, i, many)));
  if (!msg.folders.length) body.append(el('p', { class: 'muted' }, 'No folder is open.'));
  status.textContent = `Updated ${new Date(msg.generatedAt).toLocaleTimeString()}`;
});

function folder(f: CostsFolderView, index: number, many: boolean): HTMLElement {
  const sources = [['orc tasks (files)', f.orcFiles], ['orc tasks (database)', f.orcDatabase], ['Dure runs', f.dure]] as const;
  const present = sources.filter(([, s]) => s !== null) as unknown as [string, TokenSourceView][];
  return el('section', { class: 'folder', 'aria-label': many ? f.name : 'This folder' },
    many ? el('h2', {}, f.name) : null,
    f.ledger ? ledger(f.ledger, index) : el('p', { class: 'muted' },
      "No cost ledger for this folder: orc records a row per phase run in its global database (~/.orc/orc.db, the setting baton.orc.home) once it runs a task here."),
    present.length ? tokens(present, index) : null,
    f.problems.length ? el('ul', { class: 'problems' }, ...f.problems.map((p) => el('li', { class: 'error' }, p))) : null);
}

function ledger(l: LedgerView, folderIndex: number): HTMLElement {
  const id = `chart-${folderIndex}`;
  const byDay = table(`Cost per day and model, ${l.window.from} to ${l.window.to}`, ['Day', ...l.models, 'Total'],
    l.days.map((day) => {
      const rows = l.byDayModel.filter((r) => r.day === day);
      return [day, ...l.models.map((m) => money(rows.find((r) => r.model === m)?.costUsd ?? 0)), money(rows.reduce((n, r) => n + r.costUsd, 0))];
    }), (i) => i > 0);
  return el('section', { class: 'ledger', 'aria-label': "orc's cost ledger" },
    el('h3', {}, "orc's cost ledger"),
    el('p', {}, el('strong', {}, money(l.windowTotal.costUsd)), ` in the last ${l.window.days} days, ${count(l.windowTotal.tokens)} tokens · `,
      `${money(l.total.costUsd)} in all over ${count(l.total.entries)} phase runs`),
    costChart(l, id),
    el('details', {}, el('summary', {}, 'Figures per day'), byDay),
    table('By model (last 30 days)', ['Model', 'Cost', 'Tokens', 'Phase runs'],
      l.byModel.map((m) => [m.model, money(m.costUsd), count(m.tokens), count(m.entries)]), (i) => i > 0),
    named('Tasks that cost most (all time)', l.tasks, folderIndex, true),
    named('Initiatives (all time)', l.initiatives, folderIndex, false),
    named('Phases (all time)', l.phases, folderIndex, false),
    el('p', { class: 'muted source' }, `From ${l.source}; orc's AI gates record no project and are not counted.`));
}

function named(caption: string, rows: readonly NamedCostView[], folderIndex: number, tasks: boolean): HTMLElement | null {
  if (!rows.length) return null;
  const name = (r: NamedCostView): Node | string => {
    const label = `${r.id}${r.title ? ` ${r.title}` : ''}`;
    if (!tasks) return label;
    const a = el('a', { href: '#', title: `Open ${r.id}` }, label);
    a.addEventListener('click', (e) => { e.preventDefault(); host.post({ type: 'openTask', folder: folderIndex, id: r.id }); });
    return a;
  };
  return table(caption, [tasks ? 'Task' : caption.startsWith('Initiatives') ? 'Initiative' : 'Phase', 'Cost', 'Tokens', 'Phase runs'],
    rows.map((r) => [name(r), money(r.costUsd), count(r.tokens), count(r.entries)]), (i) => i > 0);
}

function tokens(sources: readonly [string, TokenSourceView][], folderIndex: number): HTMLElement {
  const rows = sources.map(([label, s]) => [label, `${count(s.withTokens)} of ${count(s.items)}`, count(s.tokens.input), count(s.tokens.output),
    count(s.tokens.cacheRead), count(s.tokens.cacheCreation), count(s.tokens.total), s.costUsd === null ? '–' : money(s.costUsd)]);
  return el('section', { class: 'tokens', 'aria-label': 'Tokens Baton reads' },
    el('h3', {}, 'Tokens Baton reads'),
    table('Tokens per source', ['Source', 'With tokens', 'Input', 'Output', 'Cache read', 'Cache creation', 'Total', 'Cost'], rows, (i) => i > 0),
    ...sources.map(([label, s]) => s.top.length ? el('details', {}, el('summary', {}, `${label}: most tokens`),
      table(`${label}: most tokens`, ['Item', 'Tokens', 'Cost'], s.top.map((t) => [topName(label, t, folderIndex), count(t.tokens), t.costUsd === null ? '–' : money(t.costUsd)]),
        (i) => i > 0)) : null).filter((x): x is HTMLDetailsElement => x !== null),
    el('p', { class: 'muted' }, "orc's files keep tokens per task in state.yaml; its database, per phase; Dure, per run in state.json. Input excludes the cache, so the four add up."));
}

function topName(label: string, t: { id: string; title: string }, folderIndex: number): Node | string {
  const text = `${t.id} ${t.title}`;
  if (!label.startsWith('orc')) return text;
  const a = el('a', { href: '#', title: `Open ${t.id}` }, text);
  a.addEventListener('click', (e) => { e.preventDefault(); host.post({ type: 'openTask', folder: folderIndex, id: t.id }); });
  return a;
}

host.post({ type: 'ready' });
