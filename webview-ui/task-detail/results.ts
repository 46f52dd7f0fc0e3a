import type { TaskDetailView } from '../../src/shared/task-detail-protocol';
import { action, el, num, pill, section } from './dom';
import { renderMarkdownInline } from '../common/markdown-dom';
import { markdownLinks } from './header';
import { send } from './send';
import { thumbTile } from './thumb-tile';

/** test-results/report.json: pass/fail per suite, coverage, failing tests with their errors, screenshots. */
export function renderTests(v: TaskDetailView): HTMLElement | null {
  const r = v.testReport;
  if (!r) return null;
  const s = r.summary;
  const failing = r.suites.flatMap((suite) => suite.tests.filter((t) => t.status === 'failed').map((t) => ({ suite: suite.name, ...t })));
  return section('tests', 'Test results',
    el('p', { class: 'row' }, pill(s.failed ? `${s.failed} failed` : 'all passed', s.failed ? 'failed' : 'passed'),
      ` ${s.passed}/${s.total} passed, ${s.skipped} skipped`, r.framework ? ` · ${r.framework}` : '',
      r.durationMs !== null ? ` · ${(r.durationMs / 1000).toFixed(1)} s` : '',
      r.coverage?.percentage != null ? ` · coverage ${r.coverage.percentage}%` : '',
      r.coverage?.branches != null ? ` (branches ${r.coverage.branches}%)` : '', ' · ',
      action('report.json', () => send({ type: 'openTaskFile', which: 'report' })),
      r.hasHtmlReport ? ' · ' : '', r.hasHtmlReport ? action('HTML report', () => send({ type: 'openTaskFile', which: 'htmlReport' })) : ''),
    el('table', { class: 'grid' },
      el('thead', {}, el('tr', {}, el('th', {}, 'Suite'), el('th', { class: 'num' }, 'Passed'), el('th', { class: 'num' }, 'Failed'), el('th', { class: 'num' }, 'Skipped'))),
      el('tbody', {}, ...r.suites.map((suite) => el('tr', { class: suite.failed ? 'has-failed' : '' }, el('td', {}, suite.name),
        el('td', { class: 'num' }, num(suite.passed)), el('td', { class: 'num' }, num(suite.failed)), el('td', { class: 'num' }, num(suite.skipped)))))),
    failing.length ? el('div', { id: 'failing-tests' }, el('h3', {}, 'Failing tests'), ...failing.map((t) => el('div', { class: 'failing' },
      el('strong', {}, `${t.suite} › ${t.name}`), t.duration !== null ? el('span', { class: 'muted' }, ` ${t.duration} ms`) : '',
      t.error ? el('pre', { class: 'error' }, t.error) : null,
      t.screenshots.length ? el('div', { class: 'muted' }, 'screenshots: ', ...t.screenshots.flatMap((n, i) => [i ? ', ' : '', action(n, () => send({ type: 'openScreenshot', name: n }))])) : null))) : null,
    r.screenshots.some((x) => x.uri) ? el('div', { class: 'thumbs' }, ...r.screenshots.filter((x) => x.uri).map((x) => thumbTile({
      picture: x.uri, name: x.name, hover: x.name, open: () => send({ type: 'openScreenshot', name: x.name }), attrs: { 'data-screenshot': x.name },
    }))) : null);
}

export function renderReview(v: TaskDetailView): HTMLElement | null {
  const r = v.review;
  const f = v.finalization;
  if (!r && !f && !v.spec) return null;
  const links = markdownLinks();
  return section('review', 'Spec, review and finalization',
    v.spec ? el('p', {}, action(v.era === 'db' ? 'spec' : 'spec.md', () => send({ type: 'openTaskFile', which: 'spec' }), { id: 'open-spec' }), v.spec.title ? ` ${v.spec.title}` : '',
      v.spec.criteriaTotal ? ` · success criteria ${v.spec.criteriaDone}/${v.spec.criteriaTotal} ticked` : '') : null,
    r ? el('div', { id: 'review-verdict' }, el('p', {}, action('review.md', () => send({ type: 'openTaskFile', which: 'review' })), ' verdict ',
      pill(r.verdict ?? 'none', verdictKind(r.verdict))),
    ...r.findings.map((g) => el('div', {}, el('strong', {}, `${g.severity}: `), g.md.items.length ? el('ul', {}, ...g.md.items.map((i) => renderMarkdownInline('li', i, links))) : 'none')),
    r.tests.length ? el('div', { class: 'muted' }, r.tests.join(' · ')) : null) : null,
    f ? el('div', { id: 'finalization' }, el('p', {}, action('finalization-report.md', () => send({ type: 'openTaskFile', which: 'finalization' })),
      ' risk ', pill(f.risk ?? 'unknown', `risk-${(f.risk ?? 'unknown').toLowerCase()}`),
      f.readyForMerge ? ` · ready for merge: ${f.readyForMerge}` : '', f.recommendedAction ? ` · ${f.recommendedAction}` : ''),
    f.summary.length ? el('dl', { class: 'facts' }, ...f.summary.flatMap(([k, val]) => [el('dt', {}, k), el('dd', {}, val)])) : null) : null);
}

function verdictKind(verdict: string | null): string {
  if (!verdict) return 'unknown';
  if (/approved|pass/i.test(verdict)) return 'passed';
  if (/reject|fail|change/i.test(verdict)) return 'failed';
  return 'unknown';
}
