import path from 'node:path';
import { containedPath } from '../io/contained-path';
import { readStateText } from '../io/read-text';
import { runCommand } from './run-command';

/** One completion criterion of a plan phase, as written: `claude_confirms` or `{coverage_above: 80}`. */
export type Criterion =
  | { readonly kind: 'claude_confirms' }
  | { readonly kind: 'all_tests_pass' }
  | { readonly kind: 'no_lint_errors' }
  | { readonly kind: 'coverage_above'; readonly percent: number }
  | { readonly kind: 'unknown'; readonly text: string };

export function readCriteria(list: readonly unknown[] | null | undefined): Criterion[] {
  const out: Criterion[] = [];
  for (const c of list ?? []) {
    if (c === 'claude_confirms' || c === 'all_tests_pass' || c === 'no_lint_errors') out.push({ kind: c });
    else if (typeof c === 'object' && c !== null && 'coverage_above' in c && typeof (c as { coverage_above: unknown }).coverage_above === 'number') {
      out.push({ kind: 'coverage_above', percent: (c as { coverage_above: number }).coverage_above });
    } else out.push({ kind: 'unknown', text: typeof c === 'string' ? c : JSON.stringify(c) });
  }
  // A phase that names no criterion is complete when Claude says so.
  return out.length ? out : [{ kind: 'claude_confirms' }];
}

export function describeCriterion(c: Criterion): string {
  switch (c.kind) {
    case 'claude_confirms': return 'you confirm the phase is complete (<phase_complete>true</phase_complete>)';
    case 'all_tests_pass': return "the project's tests pass";
    case 'no_lint_errors': return 'the linter reports no errors';
    case 'coverage_above': return `test coverage is above ${c.percent}%`;
    case 'unknown': return c.text;
  }
}

export interface CriterionCheck {
  readonly criterion: Criterion;
  readonly met: boolean;
  /** The transcript's `- Tests passing: yes` line. */
  readonly line: string;
  /** Why it is not met, for the next iteration's prompt. */
  readonly detail: string | null;
}

export interface CheckContext {
  readonly cwd: string;
  readonly taskDir: string;
  readonly confirmed: boolean;
  readonly testCommand: readonly string[] | null;
  readonly lintCommand: readonly string[] | null;
  readonly timeoutMs: number;
  readonly graceMs: number;
  readonly signal: AbortSignal;
}

export async function checkCriterion(c: Criterion, ctx: CheckContext): Promise<CriterionCheck> {
  switch (c.kind) {
    case 'claude_confirms':
      return { criterion: c, met: ctx.confirmed, line: `- Phase complete: ${ctx.confirmed ? 'yes' : 'no'}`, detail: ctx.confirmed ? null : 'Claude did not confirm the phase complete' };
    case 'all_tests_pass':
    case 'no_lint_errors': {
      const what = c.kind === 'all_tests_pass' ? 'test' : 'lint';
      const label = c.kind === 'all_tests_pass' ? 'Tests passing' : 'Lint clean';
      const argv = (c.kind === 'all_tests_pass' ? ctx.testCommand : ctx.lintCommand) ?? await detectCommand(ctx.cwd, what);
      if (!argv) return { criterion: c, met: false, line: `- ${label}: unknown (no ${what} command)`, detail: `no ${what} command: the project has no \`scripts.${what}\` in package.json or \`${what}:\` target in its Makefile` };
      const r = await runCommand(argv, ctx.cwd, ctx.timeoutMs, ctx.graceMs, ctx.signal);
      const met = r.exitCode === 0;
      return { criterion: c, met, line: `- ${label}: ${met ? 'yes' : 'no'} (\`${argv.join(' ')}\` exit ${r.exitCode ?? r.signal ?? r.error})`,
        detail: met ? null : `\`${argv.join(' ')}\` failed (${r.error ?? `exit ${r.exitCode ?? r.signal}`}):\n${r.outputTail.trim().slice(-1500)}` };
    }
    case 'coverage_above': {
      const pct = await coverageOf(ctx.taskDir);
      const met = pct !== null && pct > c.percent;
      return { criterion: c, met, line: `- Coverage above ${c.percent}%: ${pct === null ? 'unknown (no test-results/report.json coverage)' : `${met ? 'yes' : 'no'} (${pct}%)`}`,
        detail: met ? null : pct === null ? 'test-results/report.json has no coverage figure' : `coverage is ${pct}%, needs more than ${c.percent}%` };
    }
    case 'unknown':
      // A criterion from a newer orc must not hold a phase open for ever: it is shown as not checked.
      return { criterion: c, met: true, line: `- ${c.text}: not checked (the executor does not know this criterion)`, detail: null };
  }
}

/** `npm test` when package.json has a real test script; `make test` when the Makefile has a `test:` target. */
export async function detectCommand(cwd: string, what: 'test' | 'lint'): Promise<string[] | null> {
  const pkg = await readJson(path.join(cwd, 'package.json'));
  const script = typeof pkg === 'object' && pkg !== null ? (pkg as { scripts?: Record<string, unknown> }).scripts?.[what] : undefined;
  if (typeof script === 'string' && script.trim() && !/no test specified/.test(script)) return what === 'test' ? ['npm', 'test'] : ['npm', 'run', 'lint'];
  const makefile = await readStateText(path.join(cwd, 'Makefile')).then((r) => (r.ok ? r.text : null));
  if (makefile && new RegExp(`^${what}:`, 'm').test(makefile)) return ['make', what];
  return null;
}

async function coverageOf(taskDir: string): Promise<number | null> {
  const file = path.join(taskDir, 'test-results', 'report.json');
  if (!(await containedPath(taskDir, file)).ok) return null; // a link out of the task folder is no coverage report
  const report = await readJson(file);
  if (typeof report !== 'object' || report === null) return null;
  const cov = (report as { coverage?: { percentage?: unknown; lines?: { percent?: unknown } } }).coverage;
  const v = cov?.percentage ?? cov?.lines?.percent;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** A JSON file's value, null when it is missing, not a regular file, too large or not JSON (then it is not used). */
async function readJson(file: string): Promise<unknown> {
  const read = await readStateText(file);
  if (!read.ok) return null;
  try {
    return JSON.parse(read.text) as unknown;
  } catch {
    return null;
  }
}
