import MarkdownIt from 'markdown-it';
import type { OrchestralRun } from '../../core/formats/orchestral/model';
import { decisionText } from '../../core/formats/orchestral/vcr-text';

/**
 * summary.md is written by an agent: rendered with raw HTML off (it is shown as text) and only web and mail
 * links kept — no command:, file: or javascript: URIs reach the page.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });
markdown.validateLink = (url: string) => /^(https?:|mailto:|#)/i.test(url.trim());

export function renderSummary(text: string): string {
  return markdown.render(text);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The evidence half of the MRP viewer: tests, coverage, files changed, the decisions (VCRs) behind the change. */
export function evidenceHtml(run: OrchestralRun): string {
  const mrp = run.mrp;
  if (!mrp) return '<p class="muted">No evidence.json (or older mrp.json) in this run.</p>';
  const t = mrp.tests;
  const rows: string[] = [];
  if (t) {
    rows.push(row('Tests', `${t.passed ?? '?'} of ${t.total ?? '?'} passing${t.failed ? `, <strong class="fail">${t.failed} failing</strong>` : ''}`));
    if (t.coverage !== null) rows.push(row('Coverage', `${t.coverage}%`));
  }
  if (mrp.iterations !== null) rows.push(row('Iterations', `${mrp.iterations}${run.maxIterations !== null ? ` of ${run.maxIterations}` : ''}`));
  if (run.verdict) rows.push(row('Verdict', escapeHtml(run.verdict.verdict) + (run.verdict.reason ? ` — ${escapeHtml(run.verdict.reason)}` : '')));
  const files = mrp.filesChanged.length
    ? `<ul>${mrp.filesChanged.map((f) => `<li><code>${escapeHtml(f)}</code></li>`).join('')}</ul>` : '<p class="muted">none listed</p>';
  const vcrs = mrp.decisions.map((id) => {
    const vcr = run.vcrs.find((v) => v.vcrId === id);
    return `<li><strong>${escapeHtml(id)}</strong>${vcr ? `${vcr.crpId ? ` (answers ${escapeHtml(vcr.crpId)})` : ''}: ${escapeHtml(decisionText(vcr.decision))}` +
      `${vcr.rationale ? ` — ${escapeHtml(vcr.rationale)}` : ''}` : ' <span class="muted">(no such VCR in this run)</span>'}</li>`;
  });
  const logs = Object.entries(mrp.logs).map(([agent, file]) => `<li>${escapeHtml(agent)}: <code>${escapeHtml(file)}</code></li>`);
  return `<table>${rows.join('')}</table>
<h3>Files changed</h3>${files}
<h3>Decisions</h3>${vcrs.length ? `<ul>${vcrs.join('')}</ul>` : '<p class="muted">none</p>'}
${logs.length ? `<h3>Logs</h3><ul>${logs.join('')}</ul>` : ''}
<p class="muted">From <code>${escapeHtml(mrp.legacy ? 'mrp.json' : 'mrp/evidence.json')}</code>.</p>`;
}

function row(label: string, html: string): string {
  return `<tr><th>${escapeHtml(label)}</th><td>${html}</td></tr>`;
}
