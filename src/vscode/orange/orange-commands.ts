import * as vscode from 'vscode';
import * as z from 'zod';
import type { OrangeTask } from '../../core/formats/orange/model';
import { isIrreversibleMove, moveLabel, moveNeedsReason } from '../../core/formats/orange/move-labels';
import { checkMove } from '../../core/formats/orange/transitions';
import { isKnownStatus, WORKFLOW } from '../../core/formats/orange/vocabulary';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { refusedWhenUntrusted } from '../trust';
import { moveTask, newTask } from './orange-actions';
import { orangeProjects, orangeTasks, resolveTask } from './orange-targets';
import { liveTmuxNone, targetsOf, tasksWithPullRequest, tasksWithTmuxSession } from '../../core/actions/command-targets';
import type { SessionProbe } from './session-probe';

const createArgs = z.object({
  project: z.string().min(1).max(200).optional(),
  root: z.string().max(4096).optional(),
  summary: z.string().max(500).optional(),
  context: z.string().max(50_000).optional(),
}).strict();

/** The orange commands: create, move, attach to the tmux session, open TASK.md, open the pull request. */
export function registerOrangeCommands(service: OrchestrationService, sessions: SessionProbe): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand('baton.orange.createTask', (raw?: unknown) => createCommand(service, raw)),
    vscode.commands.registerCommand('baton.orange.moveTask', (raw?: unknown) => moveCommand(service, raw)),
    vscode.commands.registerCommand('baton.orange.attach', (raw?: unknown) => attachCommand(service, sessions, raw)),
    vscode.commands.registerCommand('baton.orange.openTaskFile', async (raw?: unknown) => {
      const target = await resolveTask(service, raw, 'Open TASK.md');
      if (target) await vscode.window.showTextDocument(vscode.Uri.file(target.task.file), { preview: true });
    }),
    vscode.commands.registerCommand('baton.orange.openPullRequest', async (raw?: unknown) => {
      const target = await resolveTask(service, raw, 'Open Pull Request', tasksWithPullRequest);
      if (!target) return;
      const url = target.task.prUrl;
      if (!url || !/^https?:\/\//i.test(url)) {
        void vscode.window.showInformationMessage(url ? `pr_url "${url}" is not a web address: fix it in the task's TASK.md (Open TASK.md).`
          : `${target.task.title} has no pull request yet (pr_url is null): orange records one when its agent opens it.`);
        return;
      }
      await vscode.env.openExternal(vscode.Uri.parse(url));
    }),
  );
}

async function moveCommand(service: OrchestrationService, raw: unknown) {
  const refused = refusedWhenUntrusted('Move orange Task'); // before the quick pick of moves
  if (refused !== undefined) return { ok: false as const, message: refused };
  const target = await resolveTask(service, raw, 'Move orange Task');
  if (!target) return undefined;
  const { task } = target;
  // A script or keybinding that names the move has chosen it; a person picking one is asked what the form asks.
  if (target.to) return moveTask(service, task, target.to);
  const to = await pickMove(task);
  if (!to) return undefined;
  const reason = moveNeedsReason(task.status) ? await askReason(task, to) : 'moved in Baton';
  if (reason === undefined) return undefined;
  if (isIrreversibleMove(to) && !(await confirmEnd(task, to))) return undefined;
  return moveTask(service, task, to, reason);
}

/** A move out of stuck or reviewing says why: history.jsonl's status.changed event records it. */
async function askReason(task: OrangeTask, to: string): Promise<string | undefined> {
  const text = await vscode.window.showInputBox({ title: `${moveLabel(task.status, to)}: "${task.title}"`,
    prompt: `Why move it out of ${task.status}? (required; recorded in history.jsonl)`, ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? undefined : 'Write the reason for this move, or press Escape to leave the task as it is') });
  return text?.trim() || undefined;
}

/**
 * done and cancelled end a task: a second, explicit choice. A quick pick whose first (highlighted) row goes back,
 * so Enter alone changes nothing; VS Code's modal dialogs focus their action button instead.
 */
async function confirmEnd(task: OrangeTask, to: string): Promise<boolean> {
  const yes = to === 'done' ? 'Yes, mark done' : 'Yes, cancel the task';
  const picked = await vscode.window.showQuickPick([
    { label: 'Go back', description: 'leave the task as it is' },
    { label: yes, description: `orange moves no task out of ${to}` },
  ], { title: `${to === 'done' ? 'Mark' : 'Cancel'} "${task.title}"${to === 'done' ? ' done' : ''}?`, ignoreFocusOut: true });
  return picked?.label === yes;
}

/** Every move orange's workflow knows from here; the ones a gate refuses say why, and picking one shows the reason. */
async function pickMove(task: OrangeTask): Promise<string | undefined> {
  if (!isKnownStatus(task.status)) {
    const refused = checkMove(task, 'cancelled');
    void vscode.window.showErrorMessage(`${task.title}: ${refused.ok ? 'orange moves it nowhere from here' : refused.reason}. Fix its status in TASK.md (Open TASK.md).`);
    return undefined;
  }
  const items = WORKFLOW[task.status].map((to) => {
    const check = checkMove(task, to);
    return { label: `${check.ok ? '$(arrow-right)' : '$(circle-slash)'} ${moveLabel(task.status, to)}`, description: to,
      detail: check.ok ? undefined : `Refused: ${check.reason}`, to, check };
  });
  if (!items.length) {
    void vscode.window.showInformationMessage(`${task.title} is ${task.status}: orange moves it nowhere from here; create a new task (Create orange Task) to carry on.`);
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(items, { title: `Move "${task.title}" (now ${task.status})`, matchOnDescription: true });
  if (!picked) return undefined;
  if (!picked.check.ok) {
    void vscode.window.showErrorMessage(`${task.title} cannot move to ${picked.to}: ${picked.check.reason}.`);
    return undefined;
  }
  return picked.to;
}

async function createCommand(service: OrchestrationService, raw: unknown) {
  const parsed = raw === undefined ? { success: true as const, data: {} as z.infer<typeof createArgs> } : createArgs.safeParse(raw);
  if (!parsed.success) {
    void vscode.window.showErrorMessage(`Create orange Task: arguments not understood: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
    return undefined;
  }
  const args = parsed.data;
  const projects = orangeProjects(service).filter((p) => (!args.project || p.name === args.project) && (!args.root || p.root === args.root));
  if (!projects.length) {
    void vscode.window.showWarningMessage('No orange project belongs to this workspace: add it to projects.json in your orange folder (setting baton.orange.root).');
    return undefined;
  }
  const refused = refusedWhenUntrusted('Create orange Task');
  if (refused !== undefined) return { ok: false as const, message: refused };
  const project = projects.length === 1 ? projects[0]! : (await vscode.window.showQuickPick(projects.map((p) => ({ label: p.name, description: p.path, p })),
    { title: 'Create orange Task', placeHolder: 'Which project?' }))?.p;
  if (!project) return undefined;
  const summary = args.summary ?? await vscode.window.showInputBox({ title: `New orange task in ${project.name}`, prompt: 'Summary (one line)',
    validateInput: (v) => (v.trim() ? undefined : 'A task needs a summary') });
  if (!summary) return undefined;
  const context = args.context ?? await vscode.window.showInputBox({ title: `New orange task in ${project.name}`,
    prompt: 'Context: requirements and constraints, written under ## Context (optional)' });
  if (context === undefined) return undefined;
  const outcome = await newTask(service, { orangeRoot: project.orangeRoot, project: project.name, summary, context });
  if (outcome.ok && raw === undefined) await vscode.window.showTextDocument(vscode.Uri.file(outcome.file), { preview: false });
  return outcome;
}

/** Opens the task's tmux session in a terminal: `tmux attach-session -t =<name>` as an argument array, no shell. */
async function attachCommand(service: OrchestrationService, sessions: SessionProbe, raw: unknown) {
  const target = raw !== undefined ? await resolveTask(service, raw, 'Attach to tmux Session') : await pickLiveSession(service, sessions);
  if (!target) return undefined;
  const name = target.task.tmuxSession;
  if (!name) { void vscode.window.showInformationMessage(`${target.task.title} has no tmux session (tmux_session is null): orange names one when it spawns the task's agent.`); return undefined; }
  if (refusedWhenUntrusted('Attach to tmux Session') !== undefined) return undefined;
  const alive = await sessions.check(name);
  if (alive === undefined) { void vscode.window.showErrorMessage(TMUX_MISSING); return undefined; }
  if (!alive) { void vscode.window.showWarningMessage(`The tmux session "${name}" is not running: the agent crashed or finished. orange respawns it only while its dashboard runs: start the dashboard, then attach again.`); return undefined; }
  const terminal = vscode.window.createTerminal({ name: `orange: ${name}`, shellPath: 'tmux', shellArgs: ['attach-session', '-t', `=${name}`] });
  terminal.show();
  return terminal;
}

const TMUX_MISSING = 'tmux was not found (or did not answer): Baton attaches through the tmux command. Install tmux, or make sure it is on the PATH of the editor.';

/** The palette's pick: only tasks whose tmux session is alive now (tmux asked for each); none says why. */
async function pickLiveSession(service: OrchestrationService, sessions: SessionProbe): Promise<{ task: OrangeTask } | undefined> {
  const candidates = targetsOf(orangeTasks(service), tasksWithTmuxSession);
  if (!candidates.length) { void vscode.window.showInformationMessage(tasksWithTmuxSession.none); return undefined; }
  if (refusedWhenUntrusted('Attach to tmux Session') !== undefined) return undefined;
  const answers = await Promise.all(candidates.map((t) => sessions.check(t.tmuxSession!)));
  if (answers.every((a) => a === undefined)) { void vscode.window.showErrorMessage(TMUX_MISSING); return undefined; }
  return resolveTask(service, undefined, 'Attach to tmux Session', { tasks: candidates.filter((_, i) => answers[i] === true), none: liveTmuxNone });
}
