import path from 'node:path';
import type { OrchestralRun } from '../../core/formats/orchestral/model';
import { decisionText } from '../../core/formats/orchestral/vcr-text';
import { OPEN_FILE_COMMAND } from './run-file-command';
import { markdownTree, plainText, type MdElement, type MdNode } from '../../shared/markdown-tree';

/**
 * The MRP viewer's page, built as a string on the host because the page runs no script. summary.md is read by the
 * one Markdown reading of every page (`src/shared/markdown-tree.ts`: raw HTML is text, only http(s) and relative
 * links kept) and serialised here with every string escaped.
 *
 * Files open through `command:` links to the one command `OPEN_FILE_COMMAND` (the panel allows that command and no
 * other: `enableCommandUris: [OPEN_FILE_COMMAND]`). That is safer than a scripted page with a message channel: a
 * summary written by an agent still has no script to run even if some markup got through, and what a link can do is
 * what the command does anyway from the Runs view — open a file only when it lies inside a workspace folder.
 */

const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITY[c]!);
}

/** A link that opens `file` (absolute) in the editor through OPEN_FILE_COMMAND. */
export function openFileLink(file: string, html: string): string {
  const href = `command:${OPEN_FILE_COMMAND}?${encodeURIComponent(JSON.stringify([file]))}`;
  return `<a href="${escapeHtml(href)}" title="${escapeHtml(`Open ${file}`)}">${html}</a>`;
}

export interface MrpSummary {
  /** summary.md's leading `#` heading, which titles the page (so the title is shown once). */
  readonly heading: string | null;
  readonly html: string;
}

/** summary.md as HTML; relative links open a workspace file (`root` is the run's workspace folder). */
export function renderSummary(text: string, root: string): MrpSummary {
  const nodes = markdownTree(text, { headingLevel: 2 });
  const first = nodes[0];
  const lead = typeof first !== 'string' && first?.tag === 'h2' && /^\s*#\s/.test(text.replace(/^\uFEFF/, '')) ? first : null;
  const body = lead ? nodes.slice(1) : nodes;
  return { heading: lead ? plainText(lead.children).trim() || null : null, html: body.map((n) => nodeHtml(n, root)).join('') };
}

function nodeHtml(node: MdNode, root: string): string {
  if (typeof node === 'string') return escapeHtml(node);
  const inner = node.children.map((c) => nodeHtml(c, root)).join('');
  if (node.tag === 'a') return linkHtml(node, inner, root);
  if (node.tag === 'br' || node.tag === 'hr') return `<${node.tag}>`;
  const attrs = `${node.className ? ` class="${node.className}"` : ''}${node.title ? ` title="${escapeHtml(node.title)}"` : ''}`;
  return `<${node.tag}${attrs}>${inner}</${node.tag}>`;
}

function linkHtml(node: MdElement, inner: string, root: string): string {
  const link = node.link!;
  if (link.kind === 'url') return `<a href="${escapeHtml(link.url)}" title="${escapeHtml(link.url)}">${inner}</a>`;
  if (link.kind === 'path') return openFileLink(path.resolve(root, link.path.replace(/^\/+/, '')), inner);
  return inner; // task ids are not looked up on this page
}

/** The whole page: the header titles the run once; summary.md beside the evidence. */
export function mrpPageHtml(run: OrchestralRun, summary: MrpSummary | { readonly message: string }, csp: string, nonce: string, style: string): string {
  const heading = 'heading' in summary && summary.heading ? summary.heading : 'Merge-Readiness Pack';
  // The run's title and id under the heading, unless the heading (summary.md's own `#` line) already says them.
  const meta = [
    !heading.includes(run.title) && escapeHtml(run.title),
    !heading.includes(run.id) && `<code>${escapeHtml(run.id)}</code>`,
    escapeHtml(run.phase ?? 'no state'),
  ].filter(Boolean).join(' · ');
  const main = 'html' in summary ? summary.html : `<p class="muted">${escapeHtml(summary.message)}</p>`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8"><meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0"><title>${escapeHtml(`MRP: ${run.id}`)}</title>
<style nonce="${nonce}">${style}</style></head>
<body>
<header><h1>${escapeHtml(heading)}</h1><p class="muted">${meta}</p></header>
<div class="columns"><main class="summary">${main}</main><aside class="evidence"><h2>Evidence</h2>${evidenceHtml(run)}</aside></div>
</body></html>`;
}

/** The evidence half of the MRP viewer: tests, coverage, files changed, the decisions (VCRs) behind the change, logs. */
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
  // files_changed are relative to the project (the workspace folder); logs to the run folder.
  const files = mrp.filesChanged.length
    ? `<ul class="paths">${mrp.filesChanged.map((f) => `<li>${openFileLink(path.resolve(run.root, f), `<code>${escapeHtml(f)}</code>`)}</li>`).join('')}</ul>`
    : '<p class="muted">none listed</p>';
  const vcrs = mrp.decisions.map((id) => {
    const vcr = run.vcrs.find((v) => v.vcrId === id);
    if (!vcr) return `<li><strong>${escapeHtml(id)}</strong> <span class="muted">(no such VCR in this run)</span></li>`;
    return `<li>${openFileLink(vcr.file, `<strong>${escapeHtml(id)}</strong>`)}${vcr.crpId ? ` (answers ${escapeHtml(vcr.crpId)})` : ''}: ${escapeHtml(decisionText(vcr.decision))}` +
      `${vcr.rationale ? ` — ${escapeHtml(vcr.rationale)}` : ''}</li>`;
  });
  const logs = Object.entries(mrp.logs).map(([agent, file]) => `<li>${escapeHtml(agent)}: ${openFileLink(path.resolve(run.dir, file), `<code>${escapeHtml(file)}</code>`)}</li>`);
  return `<table>${rows.join('')}</table>
<h3>Files changed</h3>${files}
<h3>Decisions</h3>${vcrs.length ? `<ul class="paths">${vcrs.join('')}</ul>` : '<p class="muted">none</p>'}
${logs.length ? `<h3>Logs</h3><ul class="paths">${logs.join('')}</ul>` : ''}
<p class="muted">From ${openFileLink(mrp.file, `<code>${escapeHtml(mrp.legacy ? 'mrp.json' : 'mrp/evidence.json')}</code>`)}.</p>`;
}

function row(label: string, html: string): string {
  return `<tr><th>${escapeHtml(label)}</th><td>${html}</td></tr>`;
}
