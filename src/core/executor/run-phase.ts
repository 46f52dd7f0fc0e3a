import crypto from 'node:crypto';
import { parseDurationSeconds, DEFAULT_TIMEOUT_SECONDS } from './config';
import type { PhaseEndStatus } from './contract';
import { checkCriterion, describeCriterion, readCriteria, type CriterionCheck } from './criteria';
import { commitAll, diffTrees, snapshotTree, type FileChange } from './git-tree';
import { invokeClaude } from './invoke';
import { judgeIteration } from './iteration-outcome';
import type { PlannedPhase } from './load-task';
import { CONTINUE_TEMPLATE } from './prompt-templates';
import { fillTemplate, phaseTemplate, promptValues } from './prompts';
import type { RunContext } from './run-context';
import { totalOf } from './token-ledger';
import { writeTranscript } from './transcript';

export interface PhaseResult {
  readonly status: PhaseEndStatus;
  readonly message: string | null;
  /** What the phase produced, for the gate's review and the next phase. */
  readonly summary: string;
  readonly criteria: readonly string[];
}

/** Where an interrupted phase left off: its Claude session and the iterations already counted. */
export interface PhaseResume {
  readonly sessionId: string;
  readonly iterationsDone: number;
}

/**
 * One phase: iterations of Claude in one session (`--session-id` first, `--resume` after) until Claude signals
 * completion and the other criteria pass, Claude says it is blocked, an iteration errors, the phase times out,
 * or max_iterations is reached. Each iteration leaves a transcript and its changes in state.yaml.
 */
export async function runPhase(rc: RunContext, phase: PlannedPhase, resume: PhaseResume | null, conflicts?: string): Promise<PhaseResult> {
  const started = Date.now();
  const timeoutSeconds = rc.config.overrideTimeoutSeconds ?? parseDurationSeconds(phase.fields.timeout) ?? rc.config.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
  const deadline = started + timeoutSeconds * 1000;
  const criteria = readCriteria(phase.fields.completion_criteria);
  const criteriaText = criteria.map(describeCriterion);
  const maxIterations = Math.max(1, phase.fields.max_iterations ?? rc.defaultMaxIterations, (resume?.iterationsDone ?? 0) + 1);
  const frequency = phase.fields.checkpoint_frequency ?? 0;
  const template = await phaseTemplate(rc.task, phase, rc.config);
  await rc.state.phaseStarted(phase.name, resume !== null);

  const sessionId = resume?.sessionId ?? crypto.randomUUID();
  let resumeSession = resume !== null;
  const previous: string[] = resume ? [`The previous run of this phase was interrupted during iteration ${resume.iterationsDone}; pick up where it stopped.`] : [];
  let result: Omit<PhaseResult, 'criteria'> | null = null;
  let phaseExit: { exitCode: number | null; signal: string | null } | null = null;

  for (let iteration = (resume?.iterationsDone ?? 0) + 1; iteration <= maxIterations && !result; iteration++) {
    if (rc.signal.aborted) { result = { status: 'cancelled', message: 'cancelled', summary: '' }; break; }
    const iterationStart = rc.now();
    rc.emit({ type: 'phase-start', phase: phase.name, iteration, sessionId, resumed: resumeSession });
    await rc.state.iterationStarted(phase.name, iteration, { id: sessionId, model: rc.config.model, created: !resumeSession });
    // What the iteration changed is worth knowing, not worth failing over: a git problem leaves it unknown.
    const before = await snapshotTree(rc.workspace.cwd).catch((err: Error) => err);
    // The last few iterations are enough context; the session itself remembers the rest.
    const values = promptValues(rc.task, phase, { iteration, previous: previous.slice(-3), criteria: criteriaText, ...(conflicts !== undefined ? { conflicts } : {}) });
    const prompt = fillTemplate(resumeSession ? CONTINUE_TEMPLATE : template, values);
    const exit = await invokeClaude(rc, { phase: phase.name, session: { id: sessionId, resume: resumeSession }, prompt, timeoutMs: deadline - Date.now() });
    resumeSession = true;
    const verdict = judgeIteration(exit, timeoutSeconds);
    const usage = rc.ledger.settle(phase.name, exit.usage, exit.result?.costUsd ?? null);
    rc.emit({ type: 'usage', phase: phase.name, phaseTokens: rc.ledger.phaseTotals(phase.name), taskTokens: rc.ledger.taskTotals(), costUsd: rc.ledger.costUsd });

    let checks: CriterionCheck[] = [];
    let outcome: 'complete' | 'continue' | 'blocked' | 'error';
    let message: string | null;
    if (verdict.kind === 'ok') {
      // Tests and lint run only once Claude says it is done (or nobody asked Claude to say so).
      const needsConfirm = criteria.some((c) => c.kind === 'claude_confirms');
      if (!needsConfirm || verdict.confirmed) {
        for (const c of criteria) checks.push(await checkCriterion(c, checkContext(rc, verdict.confirmed, deadline)));
      } else {
        checks = [await checkCriterion({ kind: 'claude_confirms' }, checkContext(rc, false, deadline))];
      }
      const unmet = checks.filter((c) => !c.met);
      outcome = unmet.length ? 'continue' : 'complete';
      message = unmet.length ? unmet.map((c) => c.detail).join('; ') : null;
      previous.push(`Iteration ${iteration} ended with:\n${lastWords(verdict.text)}${unmet.length ? `\n\nNot met yet:\n${unmet.map((c) => `- ${c.detail}`).join('\n')}` : ''}`);
    } else if (verdict.kind === 'blocked') {
      outcome = 'blocked';
      message = verdict.reason;
    } else {
      outcome = 'error';
      message = verdict.kind === 'cancelled' ? 'cancelled' : verdict.message;
    }

    const changes = await changesSince(rc.workspace.cwd, before);
    const files = changes instanceof Error ? [] : changes;
    const transcript = await writeTranscript({
      taskDir: rc.task.taskDir, taskId: rc.task.taskId, phase: phase.name, phaseIndex: phase.index, iteration,
      startedAt: iterationStart, durationMs: rc.now().getTime() - iterationStart.getTime(), tokens: totalOf(usage),
      status: outcome === 'complete' ? 'completed' : outcome === 'continue' ? 'running' : outcome === 'blocked' ? 'blocked' : verdict.kind === 'cancelled' ? 'cancelled' : 'failed',
      prompt, response: exit.result?.result && !exit.text.includes(exit.result.result) ? `${exit.text}\n\n${exit.result.result}` : exit.text,
      completion: [...checks.filter((c) => !(outcome === 'continue' && c.criterion.kind === 'claude_confirms')).map((c) => c.line),
        ...(outcome === 'continue' ? ['- Phase complete: no (continuing to next iteration)'] : []),
        ...(outcome === 'blocked' ? [`- Phase blocked: ${message}`] : []), ...(outcome === 'error' ? [`- Error: ${message}`] : [])],
      files, filesNote: changes instanceof Error ? `unknown: ${changes.message.trim().split('\n')[0]}` : null,
    });
    await rc.state.iterationEnded(phase.name, exit.result?.numTurns ?? 0, files.map((f) => f.file), rc.ledger, exit.model);
    rc.emit({ type: 'iteration-end', phase: phase.name, iteration, outcome, message, transcript });

    if (outcome === 'complete') result = { status: 'completed', message: null, summary: lastWords(verdict.kind === 'ok' ? verdict.text : '') };
    else if (outcome === 'blocked') result = { status: 'blocked', message, summary: message ?? '' };
    else if (outcome === 'error') {
      result = verdict.kind === 'cancelled'
        ? { status: 'cancelled', message: 'cancelled', summary: '' }
        : { status: 'failed', message, summary: message ?? '' };
      phaseExit = { exitCode: exit.exitCode, signal: exit.signal };
    } else if (frequency > 0 && iteration % frequency === 0) {
      await checkpoint(rc, phase.name, `${phase.name} iteration ${iteration}`, false, false);
    }
  }
  const final = result ?? { status: 'failed' as const, message: `not complete after ${maxIterations} iterations (max_iterations)`, summary: previous.at(-1) ?? '' };
  if (final.status === 'completed' && (phase.fields.checkpoint || frequency > 0)) {
    await checkpoint(rc, phase.name, `${phase.name} complete`, true, true);
  }
  const stateStatus = final.status === 'completed' ? 'completed' : final.status === 'cancelled' ? 'interrupted' : final.status === 'blocked' ? 'paused' : 'failed';
  const error = final.status === 'blocked' ? `blocked: ${final.message}` : final.status === 'completed' ? null : final.message;
  await rc.state.phaseEnded(phase.name, stateStatus, error, Date.now() - started);
  rc.emit({ type: 'phase-end', phase: phase.name, status: final.status, message: final.message, exitCode: phaseExit?.exitCode ?? null, signal: phaseExit?.signal ?? null });
  return { ...final, criteria: criteriaText };
}

async function changesSince(cwd: string, before: string | Error): Promise<FileChange[] | Error> {
  if (before instanceof Error) return before;
  try {
    return await diffTrees(cwd, before, await snapshotTree(cwd));
  } catch (err) {
    return err as Error;
  }
}

async function checkpoint(rc: RunContext, phase: string, what: string, final: boolean, allowEmpty: boolean): Promise<void> {
  const message = `${rc.config.git.checkpointPrefix} ${rc.task.taskId}: ${what}`;
  const sha = await commitAll(rc.workspace.cwd, message, allowEmpty);
  if (!sha) return;
  await rc.state.checkpoint(phase, sha, final);
  rc.emit({ type: 'checkpoint', phase, sha, message });
}

function checkContext(rc: RunContext, confirmed: boolean, deadline: number) {
  return { cwd: rc.workspace.cwd, taskDir: rc.task.taskDir, confirmed, testCommand: rc.config.testCommand, lintCommand: rc.config.lintCommand,
    timeoutMs: Math.max(1000, deadline - Date.now()), graceMs: rc.graceMs, signal: rc.signal };
}

function lastWords(text: string): string {
  const t = text.trim();
  return t.length > 1500 ? `…${t.slice(-1500)}` : t || '(no text)';
}
