import path from 'node:path';
import { taskDetail } from '../core/formats/orc-eras/task-detail';
import type { OrcTask } from '../core/formats/orc/model';
import { diagnosticLine, displayPath, itemJson } from '../core/report/scan-report';
import os from 'node:os';
import { printable, printableRow } from '../core/util/printable';
import { parse, UsageError } from './args';
import { openService } from './open-service';
import type { CliOutput } from './output';

/**
 * `baton task show TASK-ID`: everything the detail view shows, from the scan and the task's own files — or, for a
 * database-era task, from orc's database (and its costs from the global ledger); the same JSON shape with `era`.
 */
export async function showTask(argv: string[], out: CliOutput): Promise<number> {
  const { values, positionals } = parse(argv, { dir: { type: 'string' }, json: { type: 'boolean' }, home: { type: 'string' } });
  const id = positionals[0];
  if (!id || positionals.length > 1) throw new UsageError('task show needs one TASK-ID');
  const { root, service } = await openService({ dir: values.dir, home: values.home, noCache: true });
  const task = service.items().find((i): i is OrcTask => i.system === 'orc' && i.kind === 'task' && i.id === id);
  if (!task || task.unreadable) {
    // A task folder whose task.yaml could not be read (a FIFO, too large, permission denied, broken YAML) is
    // listed by `scan` as a placeholder; there is nothing to show but why, by file.
    const folder = path.join(root, '.orc', 'tasks', id) + path.sep;
    const why = service.diagnostics().filter((x) => x.file.startsWith(folder) && x.severity === 'error');
    out.error(printableRow`baton task show: no ${task ? 'readable ' : ''}task ${id} in ${root}`);
    for (const x of why) out.error(`  ${printable(diagnosticLine(root, x))}`);
    return 1;
  }
  const orcHome = path.join(path.resolve(values.home ?? os.homedir()), '.orc');
  const d = await taskDetail(root, task.dir, { task, orcHome });
  // A database (or its transcripts) may live outside the folder: shown as its path then.
  const rel = (f: string | null) => (f ? displayPath(root, f) : null);
  if (values.json) {
    out.json(JSON.stringify({ ...itemJson(root, task), detail: {
      era: d.era, database: rel(d.database),
      transcripts: d.transcripts.map((t) => ({ ...t, file: rel(t.file) })),
      attachments: d.attachments.map((a) => ({ ...a, file: rel(a.file) })),
      testReport: d.testReport && { ...d.testReport, file: rel(d.testReport.file), htmlReport: rel(d.testReport.htmlReport),
        screenshots: d.testReport.screenshots.map((s) => ({ ...s, file: rel(s.file) })) },
      spec: d.spec && { file: rel(d.spec.file), title: d.spec.title, criteriaDone: d.spec.criteriaDone, criteriaTotal: d.spec.criteriaTotal },
      review: d.review && { file: rel(d.review.file), verdict: d.review.verdict, findings: d.review.findings, tests: d.review.tests },
      finalization: d.finalization && { file: rel(d.finalization.file), risk: d.finalization.risk, readyForMerge: d.finalization.readyForMerge,
        recommendedAction: d.finalization.recommendedAction },
      comments: d.comments, commentStats: d.commentStats,
      runs: d.db?.runs ?? null, costs: d.db?.costs ?? null,
    }, diagnostics: d.diagnostics.map((x) => diagnosticLine(root, x)) }, null, 2));
    return 0;
  }
  out.line(printableRow`${task.id}  ${task.title}`);
  out.line(printableRow`  ${task.status} · ${task.priority} · ${task.category} · ${task.queue}` +
    (task.weight ? printableRow` · ${task.weight}` : '') + (task.initiativeId ? printableRow` · ${task.initiativeId}` : ''));
  for (const p of task.phases) {
    const cost = d.db?.costs?.byPhase[p.name]?.costUsd;
    out.line(printableRow`  ${p.current ? '▶' : ' '} ${p.name.padEnd(12)} ${p.status.padEnd(10)} ${p.iterations ?? '-'}/${p.maxIterations ?? '-'} ${p.duration ?? ''}` +
      (p.checkpoint ? printableRow` @${p.checkpoint}` : '') + (p.tokens ? ` ${p.tokens.total} tokens` : '') + (cost !== undefined ? ` $${cost.toFixed(2)}` : ''));
  }
  if (d.testReport) out.line(`  tests: ${d.testReport.summary.passed}/${d.testReport.summary.total} passed, ${d.testReport.summary.failed} failed`);
  if (d.review) out.line(printableRow`  review: ${d.review.verdict ?? '(no verdict)'}`);
  if (d.finalization) out.line(printableRow`  finalization risk: ${d.finalization.risk ?? '(none)'}`);
  if (d.spec && d.era === 'db') out.line(printableRow`  spec: ${d.spec.title ?? '(untitled)'}` + (d.spec.criteriaTotal ? `, success criteria ${d.spec.criteriaDone}/${d.spec.criteriaTotal}` : ''));
  if (d.db?.costs) {
    const c = d.db.costs.total;
    out.line(`  cost: $${c.costUsd.toFixed(2)} over ${c.entries} phase run(s), ${c.tokens.total.toLocaleString('en-US')} tokens (orc's cost ledger)`);
  }
  out.line(`  ${d.transcripts.length} transcript(s), ${d.attachments.length} attachment(s), ${d.comments.length} comment(s)`);
  for (const c of d.comments) out.line(printableRow`    [${c.authorType}] ${c.author}: ${c.content.split('\n')[0]}`);
  for (const x of d.diagnostics) out.line(`  ${printable(diagnosticLine(root, x))}`);
  return 0;
}
