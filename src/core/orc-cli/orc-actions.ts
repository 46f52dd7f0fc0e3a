import { commandLine } from './command-line';
import { findOrc, type OrcLookup } from './orc-executable';
import {
  approveArgs, closeArgs, editTaskArgs, newTaskArgs, rejectArgs, runArgs,
  type Built, type OrcCloseOptions, type OrcNewTask, type OrcTaskEdit,
} from './orc-arguments';
import { spawnOrc, type OrcProcessResult } from './spawn-orc';

/**
 * Acting on a database-era orc project through orc itself: Baton never writes orc's database. Each action finds
 * the `orc` CLI, builds orc's own arguments, runs it in the workspace folder and reports what orc said. When it
 * cannot run orc — an untrusted workspace, no orc installed — it refuses with the exact command to run by hand.
 */
export interface OrcActionOptions {
  /** Whether the workspace is trusted (the editor checks workspace trust, the CLI passes true). Untrusted: nothing runs. */
  readonly trusted: boolean;
  /** `baton.orc.path` as a person set it (a name on PATH or an absolute path); unset: `orc` on PATH. */
  readonly orcPath?: string;
  /** The environment orc runs with (PATH to find it, HOME for ~/.orc). Default: this process's. */
  readonly env?: NodeJS.ProcessEnv;
  /** Stop waiting after this long (orc is then sent SIGTERM). Default 60 s; none for `runTask`. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** For the copyable command's quoting. Default: this platform. */
  readonly platform?: NodeJS.Platform;
}

export type OrcRefusalReason = 'untrusted' | 'orc-not-found' | 'invalid-input';

export interface OrcActionDone {
  readonly ok: true;
  /** The command as it ran, copyable. */
  readonly command: string;
  readonly stdout: string;
  readonly stderr: string;
}

export interface OrcActionRefused {
  readonly ok: false;
  readonly reason: OrcRefusalReason;
  /** A sentence for the person: why nothing ran, and what to run instead. */
  readonly message: string;
  /** The exact command to run by hand (absent when the input itself is not something orc accepts). */
  readonly manualCommand?: string;
}

export interface OrcActionFailed {
  readonly ok: false;
  readonly reason: 'failed';
  /** `orc <args> failed (exit N): <what orc said>`. */
  readonly message: string;
  readonly manualCommand: string;
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export type OrcActionResult<Done = OrcActionDone> = Done | OrcActionRefused | OrcActionFailed;
export interface OrcNewTaskDone extends OrcActionDone { readonly taskId: string }

const DEFAULT_TIMEOUT_MS = 60_000;

/** What orc said went wrong: cobra prints `Error: <message>` on stderr; `--json` commands print {"error"} on stdout. */
export function orcErrorText(result: Pick<OrcProcessResult, 'stdout' | 'stderr'>): string {
  const at = result.stderr.indexOf('Error: ');
  if (at >= 0) return result.stderr.slice(at + 'Error: '.length).trim();
  try {
    const parsed = JSON.parse(result.stdout) as { error?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
  } catch { /* not JSON */ }
  const lines = `${result.stderr}\n${result.stdout}`.split('\n').map((l) => l.trim()).filter(Boolean);
  return lines.at(-1) ?? 'no output';
}

function whereLooked(lookup: OrcLookup): string {
  return lookup.configured ? `orc was not found at "${lookup.configured}" (baton.orc.path)` : 'orc was not found on PATH';
}

/** Resolves the executable or the refusal, for one argument array. */
async function prepare(built: Built, options: OrcActionOptions): Promise<{ executable: string; args: readonly string[]; command: string } | OrcActionRefused> {
  if ('invalid' in built) return { ok: false, reason: 'invalid-input', message: built.invalid };
  const command = commandLine(built.args, options.platform);
  if (!options.trusted) {
    return { ok: false, reason: 'untrusted', manualCommand: command,
      message: `Baton runs no program in an untrusted workspace. To do this, run in a terminal: ${command}` };
  }
  const lookup = await findOrc(options.orcPath, options.env ?? process.env, options.platform);
  if (!lookup.path) {
    return { ok: false, reason: 'orc-not-found', manualCommand: command,
      message: `${whereLooked(lookup)}. Baton acts on orc's database only through orc; run in a terminal: ${command}` };
  }
  return { executable: lookup.path, args: built.args, command };
}

/** Runs one action; `timeoutMs` null = wait as long as orc runs. */
async function act(root: string, built: Built, options: OrcActionOptions, timeoutMs: number | null = options.timeoutMs ?? DEFAULT_TIMEOUT_MS): Promise<OrcActionResult> {
  const ready = await prepare(built, options);
  if ('ok' in ready) return ready;
  const result = await spawnOrc(ready.executable, ready.args, root, { env: options.env, timeoutMs: timeoutMs ?? undefined, signal: options.signal });
  if (result.exitCode === 0) return { ok: true, command: ready.command, stdout: result.stdout, stderr: result.stderr };
  const what = result.timedOut ? `took longer than ${Number(((timeoutMs ?? 0) / 1000).toFixed(1))} s and was stopped`
    : result.error && result.exitCode === null && !result.signal ? `could not be started (${result.error})`
      : result.exitCode === null ? `was stopped (${result.signal ?? 'killed'})`
        : `failed (exit ${result.exitCode}): ${orcErrorText(result)}`;
  return { ok: false, reason: 'failed', message: `${ready.command} ${what}`, manualCommand: ready.command,
    exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr };
}

/** `orc edit <id> …`: change fields of a task (title, description, priority, status, workflow, initiative, target branch, blockers). */
export function editTask(root: string, taskId: string, edit: OrcTaskEdit, options: OrcActionOptions): Promise<OrcActionResult> {
  return act(root, editTaskArgs(taskId, edit), options);
}

/** `orc new --json … -- <title>`: a new planned task; its id is read from orc's JSON answer. */
export async function newTask(root: string, input: OrcNewTask, options: OrcActionOptions): Promise<OrcActionResult<OrcNewTaskDone>> {
  const result = await act(root, newTaskArgs(input), options);
  if (!result.ok) return result;
  try {
    const { task_id: taskId } = JSON.parse(result.stdout) as { task_id?: unknown };
    if (typeof taskId === 'string' && taskId) return { ...result, taskId };
  } catch { /* fall through */ }
  return { ok: false, reason: 'failed', message: `${result.command} succeeded but printed no task id`, manualCommand: result.command,
    exitCode: 0, stdout: result.stdout, stderr: result.stderr };
}

/** `orc approve <id>`: a task blocked at a gate becomes planned; `orc run` then goes on. orc's approve takes no reason. */
export function approveGate(root: string, taskId: string, options: OrcActionOptions): Promise<OrcActionResult> {
  return act(root, approveArgs(taskId), options);
}

/** `orc reject <id> [--reason …]`: the gate is recorded rejected and the task fails. */
export function rejectGate(root: string, taskId: string, reason: string | undefined, options: OrcActionOptions): Promise<OrcActionResult> {
  return act(root, rejectArgs(taskId, reason), options);
}

/** `orc close <id> --yes [--force] [--message …]`: the file era's resolve. orc closes only failed tasks unless forced. */
export function closeTask(root: string, taskId: string, close: OrcCloseOptions, options: OrcActionOptions): Promise<OrcActionResult> {
  return act(root, closeArgs(taskId, close), options);
}

/** `orc run <id>` to the end, output captured (the CLI and tests; the editor opens a terminal with `runTaskInvocation`). */
export function runTask(root: string, taskId: string, options: OrcActionOptions): Promise<OrcActionResult> {
  return act(root, runArgs(taskId), options, options.timeoutMs ?? null);
}

/** What a terminal should run for `orc run <id>`: the executable, its arguments and folder — or the refusal. */
export type OrcInvocation = { readonly ok: true; readonly executable: string; readonly args: readonly string[]; readonly cwd: string; readonly command: string } | OrcActionRefused;

export async function runTaskInvocation(root: string, taskId: string, options: OrcActionOptions): Promise<OrcInvocation> {
  const ready = await prepare(runArgs(taskId), options);
  if ('ok' in ready) return ready;
  return { ok: true, executable: ready.executable, args: ready.args, cwd: root, command: ready.command };
}

/** Whether actions can run here, for showing the views read-only: the executable found, or the refusal's sentence. */
export async function orcAvailability(options: Pick<OrcActionOptions, 'trusted' | 'orcPath' | 'env' | 'platform'>): Promise<{ available: true; executable: string } | { available: false; reason: 'untrusted' | 'orc-not-found'; message: string }> {
  if (!options.trusted) return { available: false, reason: 'untrusted', message: 'Baton runs no program in an untrusted workspace' };
  const lookup = await findOrc(options.orcPath, options.env ?? process.env, options.platform);
  return lookup.path ? { available: true, executable: lookup.path } : { available: false, reason: 'orc-not-found', message: whereLooked(lookup) };
}
