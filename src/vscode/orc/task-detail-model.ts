import path from 'node:path';
import * as vscode from 'vscode';
import { isPreviewableImage } from '../../core/formats/orc/detail/attachments';
import type { TaskDetailFiles } from '../../core/formats/orc-eras/task-detail';
import type { OrcItem, OrcTask } from '../../core/formats/orc/model';
import type { WorktreeNamed } from '../../core/places/worktree-at';
import { CATEGORIES, PRIORITIES, QUEUES, WEIGHTS } from '../../core/formats/orc/vocabulary';
import { resolutionOf } from '../../core/formats/orc/schemas';
import type { CostsView, TaskDetailView, TaskRef } from '../../shared/task-detail-protocol';
import { pageMarkdown, pageMarkdownInline } from '../../shared/markdown-protocol';

/**
 * The panel's data: the task as the scan linked it (computed links, timeline) plus the files read for this one task.
 * Image files become webview URIs here, under the task folder the panel's localResourceRoots allow.
 */
export function taskDetailView(task: OrcTask, files: TaskDetailFiles, items: readonly OrcItem[], webview: vscode.Webview,
  trusted: boolean, runsIn?: WorktreeNamed): TaskDetailView {
  const tasks = new Map(items.filter((i): i is OrcTask => i.kind === 'task').map((t) => [t.id, t]));
  const initiatives = items.filter((i) => i.kind === 'initiative');
  const ref = (id: string): TaskRef => { const t = tasks.get(id); return { id, title: t?.title ?? null, status: t?.status ?? null, exists: !!t }; };
  const uri = (file: string | null) => (file ? webview.asWebviewUri(vscode.Uri.file(file)).toString() : null);
  const s = task.state;
  const m = task.fields.metadata;
  const rel = (f: string) => {
    const r = path.relative(task.root, f);
    return r && !r.startsWith('..') && !path.isAbsolute(r) ? r.split(path.sep).join('/') : f;
  };
  const db = task.era === 'db' ? task.db : null;
  const costs = costsView(files);
  const phaseCost = (name: string, own: number | null) => files.db?.costs?.byPhase[name]?.costUsd ?? own;
  // The page renders Markdown parsed here (the parser stays out of its bundle); ids of this folder's tasks become links.
  const known = new Set(tasks.keys());
  const block = (text: string) => pageMarkdown(text, { knownIds: known });
  return {
    era: task.era, database: files.era === 'db' ? files.database : null, costs,
    runs: (files.db?.runs ?? []).map((r) => ({ id: r.id, workflowId: r.workflowId, status: r.status, startedAt: r.startedAt, completedAt: r.completedAt,
      error: r.error, phases: r.phases.map((p) => ({ phase: p.phase, status: p.status, iterations: p.iterations, commitSha: p.commitSha, error: p.error })) })),
    id: task.id, title: task.title, status: task.status, weight: task.weight, priority: task.priority, category: task.category,
    queue: task.queue, branch: task.branch, currentPhase: task.currentPhase, description: task.description,
    worktree: task.db?.worktreePath ? { path: task.db.worktreePath, other: runsIn?.label ?? null } : null,
    md: { description: task.description ? block(task.description) : null },
    initiative: task.initiativeId ? { id: task.initiativeId, title: initiatives.find((i) => i.id === task.initiativeId)?.title ?? null } : null,
    blockedBy: task.blockedBy.map(ref), blocks: task.blocks.map(ref), relatedTo: task.relatedTo.map(ref), referencedBy: task.referencedBy.map(ref),
    blocked: task.blocked, orphaned: task.orphaned, orphanReason: task.orphanReason,
    resolved: task.resolved, resolvedAt: resolutionOf(m).at, resolutionMessage: resolutionOf(m).message,
    session: s?.session ? { id: s.session.id ?? null, model: s.session.model ?? null, status: s.session.status ?? null, turnCount: s.session.turn_count ?? null } : null,
    execution: s?.execution ? { hostname: s.execution.hostname ?? null, pid: s.execution.pid ?? null, lastHeartbeat: s.execution.last_heartbeat ?? null }
      : db?.execution ? { hostname: db.execution.hostname, pid: db.execution.pid, lastHeartbeat: db.execution.lastHeartbeat } : null,
    startedAt: s?.started_at ?? (db ? task.fields.started_at ?? null : null), totalDuration: s?.total_duration ?? null,
    currentIteration: s?.current_iteration ?? db?.currentIteration ?? null,
    // The database era: the ledger's sum when it has the task, else orc's own running total on the task row.
    costUsd: s?.cost?.total_cost_usd ?? costs?.total.costUsd ?? db?.costUsd ?? null, tokens: task.tokens,
    phases: task.phases.map((p) => ({ ...p, costUsd: phaseCost(p.name, p.costUsd),
      gates: p.gates.map((g) => ({ type: g.type, decision: g.decision, rationale: g.rationale, timestamp: g.timestamp })) })),
    // A database task's "plan" is its workflow.
    hasPlan: task.planFile !== null || (task.era === 'db' && task.phases.some((p) => p.inPlan)), hasState: task.stateFile !== null,
    transcripts: files.transcripts.map((t) => ({ name: t.name, phase: t.phase, iteration: t.iteration, timestamp: t.timestamp,
      duration: t.duration, tokens: t.tokens, status: t.status })),
    attachments: files.attachments.map((a) => ({ filename: a.filename, size: a.size, contentType: a.contentType, createdAt: a.createdAt,
      isImage: a.isImage, thumbnail: files.era === 'file' && isPreviewableImage(a.contentType) ? uri(a.file) : null })),
    testReport: files.testReport && {
      framework: files.testReport.framework, durationMs: files.testReport.durationMs, summary: files.testReport.summary,
      suites: files.testReport.suites, coverage: files.testReport.coverage, hasHtmlReport: files.testReport.htmlReport !== null,
      screenshots: files.testReport.screenshots.map((x) => ({ name: x.name, uri: x.file && /\.(png|jpe?g|gif|webp)$/i.test(x.file) ? uri(x.file) : null })),
    },
    spec: files.spec && { title: files.spec.title, criteriaDone: files.spec.criteriaDone, criteriaTotal: files.spec.criteriaTotal },
    review: files.review && { verdict: files.review.verdict, tests: files.review.tests,
      findings: files.review.findings.map((g) => ({ ...g, md: { items: g.items.map((i) => pageMarkdownInline(i, { knownIds: known })) } })) },
    finalization: files.finalization && { risk: files.finalization.risk, readyForMerge: files.finalization.readyForMerge,
      recommendedAction: files.finalization.recommendedAction, summary: files.finalization.summary },
    comments: files.comments.map((c) => ({ id: c.id, author: c.author, authorType: c.authorType, content: c.content, phase: c.phase, createdAt: c.createdAt,
      md: { content: block(c.content) } })),
    commentStats: files.commentStats,
    problems: files.diagnostics.map((d) => ({ file: rel(d.file), line: d.line, severity: d.severity, message: d.message })),
    editable: trusted,
    choices: { priority: PRIORITIES, queue: QUEUES, category: CATEGORIES, weight: WEIGHTS,
      initiatives: initiatives.map((i) => ({ id: i.id, title: i.title })) },
  };
}

/** The task's rows of orc's cost ledger, per phase and model. */
function costsView(files: TaskDetailFiles): CostsView | null {
  const c = files.db?.costs;
  if (!c) return null;
  return {
    source: files.db?.costDatabase ?? null,
    total: { costUsd: c.total.costUsd, tokens: c.total.tokens.total, entries: c.total.entries, durationMs: c.total.durationMs },
    rows: c.rows.map((r) => ({ phase: r.phase, model: r.model, costUsd: r.costUsd, entries: r.entries, durationMs: r.durationMs,
      iterations: r.iterations, lastAt: r.lastAt,
      tokens: { input: r.tokens.input, output: r.tokens.output, cacheCreation: r.tokens.cacheCreation, cacheRead: r.tokens.cacheRead,
        effectiveInput: r.tokens.effectiveInput, total: r.tokens.total } })),
  };
}
