import { AWAITING_RESUME_TEXT, dollars } from '../core/formats/orchestral/usage-text';
import { problemPlace } from '../core/model/item-problem';
import type { OrchestralMission } from '../core/formats/orchestral/model';
import type { Decision, WorkItem } from '../core/service/work-item';
import { printable, printableRow } from '../core/util/printable';

/** The Orchestral/Dure lines of `baton scan`'s readable summary: runs, then the decisions waiting on a person. */
export function orchestralSummary(items: readonly WorkItem[], decisions: readonly Decision[]): string[] {
  const runs = items.flatMap((i) => (i.system === 'orchestral' && i.kind === 'run' ? [i] : []));
  const lines: string[] = [];
  if (runs.length) {
    lines.push(`\norchestral: ${runs.length} run${runs.length === 1 ? '' : 's'}`);
    for (const r of runs) {
      if (r.unreadable) {
        // A run whose state.json is broken stays listed, with its problem (also under the problems below).
        lines.push(printableRow`  ${r.id.padEnd(20)} ${r.status.padEnd(15)} ${''.padEnd(5)} ${r.title}  [${r.unreadable.message}${problemPlace(r.unreadable)}]`);
        continue;
      }
      const iteration = r.iteration !== null ? `${r.iteration}/${r.maxIterations ?? '?'}` : '';
      const flags = [
        r.verdict?.verdict && printable(r.verdict.verdict) + (r.verdict.previous ? ` of iteration ${r.verdict.iteration ?? '?'}` : ''),
        r.awaitingResume ? `${printable(r.awaitingResume.crpId ?? 'answered')}: ${AWAITING_RESUME_TEXT}` : r.pendingCrp && printableRow`waiting on ${r.pendingCrp}`,
        r.minorFixAttempts ? `minor fix ${r.minorFixAttempts}/${r.maxMinorFixAttempts ?? '?'}` : '',
        r.tokens && r.tokens.total ? `${r.tokens.total.toLocaleString('en')} tokens` : '',
        r.costUsd ? dollars(r.costUsd) : '',
        r.hasError && 'ERROR',
      ].filter(Boolean);
      lines.push(printableRow`  ${r.id.padEnd(20)} ${(r.phase ?? '(no state)').padEnd(15)} ${iteration.padEnd(5)} ${r.title}` + (flags.length ? `  [${flags.join(', ')}]` : ''));
    }
  }
  const missions = items.flatMap((i) => (i.system === 'orchestral' && i.kind === 'mission' ? [i] : []));
  if (missions.length) {
    lines.push(`\ndure: ${missions.length} mission${missions.length === 1 ? '' : 's'}`);
    for (const m of missions) lines.push(missionLine(m));
  }
  if (decisions.length) {
    lines.push(`\nneeds you: ${decisions.length} decision${decisions.length === 1 ? '' : 's'}`);
    for (const d of decisions) {
      const where = d.system !== 'orchestral' ? '' : d.kind === 'plan' ? ' (mission plan)' : printableRow` (run ${d.run})`;
      lines.push(printableRow`  ${d.system} ${d.id}` + where + printableRow`: ${d.question}`);
    }
  }
  return lines;
}

/** A mission's line: its status, title, and where it stands (tasks passed, the plan waiting for approval). */
function missionLine(m: OrchestralMission): string {
  if (m.unreadable) return printableRow`  ${m.id.padEnd(24)} ${m.status.padEnd(12)} ${m.title}  [${m.unreadable.message}${problemPlace(m.unreadable)}]`;
  const c = m.taskCounts;
  const flags = [
    m.awaitingApproval ? 'plan waits for your approval' : '',
    c.total ? (m.drafted ? `${c.total} tasks in the draft plan` : `${c.passed}/${c.total} tasks passed`) : '',
    c.running ? `${c.running} running` : '',
    c.failed ? `${c.failed} failed` : '',
    c.needsHuman ? `${c.needsHuman} need${c.needsHuman === 1 ? 's' : ''} a person` : '',
  ].filter(Boolean);
  return printableRow`  ${m.id.padEnd(24)} ${m.status.padEnd(12)} ${m.title}` + (flags.length ? `  [${flags.join(', ')}]` : '');
}
