import { checkCriterion, readCriteria } from './criteria';
import { branchStats, concludeMerge, syncWithTarget } from './finalize-sync';
import { writeFinalizationReport } from './finalize-report';
import { commitAll, git } from './git-tree';
import type { PlannedPhase } from './load-task';
import { runPhase, type PhaseResult, type PhaseResume } from './run-phase';
import type { RunContext } from './run-context';

/**
 * The finalize phase: commit what is left, sync the task branch with the branch it started from (orc.yaml's
 * `merge_strategy`), let Claude resolve conflicts when there are any (the phase's prompt lists them), run the
 * tests when the plan asks for them, and write finalization-report.md with the spec's risk classification.
 * Without conflicts no Claude process is needed.
 */
export async function runFinalize(rc: RunContext, phase: PlannedPhase, resume: PhaseResume | null): Promise<PhaseResult> {
  const started = Date.now();
  const { cwd, baseBranch, branch } = rc.workspace;
  const prefix = rc.config.git.checkpointPrefix;
  const target = baseBranch && baseBranch !== branch && baseBranch !== 'HEAD' ? baseBranch : null;
  await rc.state.phaseStarted(phase.name, resume !== null);
  await commitAll(cwd, `${prefix} ${rc.task.taskId}: before finalize`, false);
  let conflictsResolved: string[] = [];
  let conflictsLeft: string[] = [];
  let behind = 0;
  let viaClaude: PhaseResult | null = null;

  if (target) {
    rc.emit({ type: 'tool-use', phase: phase.name, name: 'git', target: `${rc.config.git.mergeStrategy === 'rebase' ? 'rebase onto' : 'merge'} ${target}` });
    const mergeMessage = `${prefix} ${rc.task.taskId}: merge ${target} into ${branch ?? 'the task branch'}`;
    const sync = await syncWithTarget(cwd, target, rc.config.git.mergeStrategy, mergeMessage);
    behind = sync.behind;
    rc.emit({ type: 'tool-result', phase: phase.name, isError: sync.error !== null || sync.conflicts.length > 0,
      brief: sync.error ?? (sync.conflicts.length ? `${sync.conflicts.length} conflicted: ${sync.conflicts.join(', ')}` : `${sync.behind} commits brought in`) });
    if (sync.error) {
      conflictsLeft = [...sync.conflicts];
      return finish(rc, phase, started, { status: 'blocked', message: sync.error, summary: sync.error, criteria: [] },
        { target, behind, conflictsResolved, conflictsLeft });
    }
    if (sync.mergeInProgress) {
      const list = sync.conflicts.map((c) => `- ${c}`).join('\n');
      // The checkpoint waits until the merge is concluded: a commit now would record the conflict markers.
      const noCheckpoint: PlannedPhase = { ...phase, fields: { ...phase.fields, checkpoint: false, checkpoint_frequency: 0 } };
      viaClaude = await runPhase(rc, noCheckpoint, resume, `Conflicted files (merging ${target} into ${branch ?? 'the task branch'}):\n${list}`);
      if (viaClaude.status !== 'completed') {
        await (await git(cwd)).raw(['merge', '--abort']).catch(() => undefined);
        conflictsLeft = [...sync.conflicts];
        await writeFinalizationReport(rc.task.taskDir, { taskId: rc.task.taskId, target, behind, conflictsResolved, conflictsLeft, files: 0, lines: 0, tests: [] });
        return viaClaude;
      }
      const concluded = await concludeMerge(cwd, `${mergeMessage} (conflicts resolved: ${sync.conflicts.join(', ')})`);
      conflictsResolved = sync.conflicts.filter((c) => !concluded.left.includes(c));
      conflictsLeft = concluded.left;
      if (!concluded.ok) {
        const message = `conflicts left unresolved in ${concluded.left.join(', ')}; the merge was aborted`;
        await rc.state.phaseEnded(phase.name, 'failed', message, 0);
        await writeFinalizationReport(rc.task.taskDir, { taskId: rc.task.taskId, target, behind, conflictsResolved, conflictsLeft, files: 0, lines: 0, tests: [] });
        rc.emit({ type: 'phase-end', phase: phase.name, status: 'failed', message, exitCode: null, signal: null });
        return { status: 'failed', message, summary: message, criteria: viaClaude.criteria };
      }
    }
  }
  return finish(rc, phase, started, viaClaude ?? { status: 'completed', message: null, summary: `synced with ${target ?? 'nothing (no target branch)'}`, criteria: [] },
    { target: target ?? baseBranch ?? 'HEAD', behind, conflictsResolved, conflictsLeft }, viaClaude === null);
}

async function finish(rc: RunContext, phase: PlannedPhase, started: number, result: PhaseResult,
  sync: { target: string; behind: number; conflictsResolved: string[]; conflictsLeft: string[] }, recordPhase = true): Promise<PhaseResult> {
  const { cwd } = rc.workspace;
  const tests: { suite: string; passed: boolean | null; notes: string }[] = [];
  let status = result.status;
  let message = result.message;
  if (status === 'completed') {
    for (const c of readCriteria(phase.fields.completion_criteria).filter((c) => c.kind === 'all_tests_pass' || c.kind === 'no_lint_errors')) {
      const check = await checkCriterion(c, { cwd, taskDir: rc.task.taskDir, confirmed: true, testCommand: rc.config.testCommand,
        lintCommand: rc.config.lintCommand, timeoutMs: 10 * 60_000, graceMs: rc.graceMs, signal: rc.signal });
      tests.push({ suite: c.kind === 'all_tests_pass' ? 'Tests' : 'Lint', passed: check.met, notes: check.line.replace(/^- [^:]+: /, '') });
      if (!check.met) { status = 'failed'; message = check.detail; }
    }
  }
  const stats = sync.target !== 'HEAD' ? await branchStats(cwd, sync.target).catch(() => ({ files: [], linesChanged: 0 })) : { files: [], linesChanged: 0 };
  const report = await writeFinalizationReport(rc.task.taskDir, { taskId: rc.task.taskId, target: sync.target, behind: sync.behind,
    conflictsResolved: sync.conflictsResolved, conflictsLeft: sync.conflictsLeft, files: stats.files.length, lines: stats.linesChanged, tests });
  rc.emit({ type: 'tool-result', phase: phase.name, isError: !report.ready, brief: `finalization-report.md: risk ${report.risk}, ready for merge: ${report.ready ? 'yes' : 'no'}` });
  if (status === 'completed' && phase.fields.checkpoint) {
    const message = `${rc.config.git.checkpointPrefix} ${rc.task.taskId}: ${phase.name} complete`;
    await commitAll(cwd, message, false);
    const sha = (await (await git(cwd)).raw(['rev-parse', 'HEAD'])).trim();
    await rc.state.checkpoint(phase.name, sha, true);
    rc.emit({ type: 'checkpoint', phase: phase.name, sha, message });
  }
  if (recordPhase || status !== result.status) {
    await rc.state.filesChanged(phase.name, stats.files);
    await rc.state.phaseEnded(phase.name, status === 'completed' ? 'completed' : status === 'blocked' ? 'paused' : 'failed',
      status === 'completed' ? null : status === 'blocked' ? `blocked: ${message}` : message, Date.now() - started);
    rc.emit({ type: 'phase-end', phase: phase.name, status, message, exitCode: null, signal: null });
  }
  return { status, message, summary: `${result.summary}\nfinalization-report.md: risk ${report.risk}`, criteria: result.criteria };
}
