import * as vscode from 'vscode';
import { z } from 'zod';
import type { OrangeTask } from '../../core/formats/orange/model';
import { moveLabel } from '../../core/formats/orange/move-labels';
import { checkMove } from '../../core/formats/orange/transitions';
import { isKnownStatus, WORKFLOW } from '../../core/formats/orange/vocabulary';
import type { OrchestrationService } from '../../core/service/orchestration-service';
import { refusedWhenUntrusted } from '../trust';
import { moveTask, newTask } from './orange-actions';
import { orangeProjects, resolveTask } from './orange-targets';
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
      const target = await resolveTask(service, raw, 'Open Pull Request');
      if (!target) return;
      const url = target.task.prUrl;
      if (!url || !/^https?:\/\//i.test(url)) {
        void vscode.window.showInformationMessage(url ? `pr_url "${url}" is not a web address.` : `${target.task.title} has no pull request yet (pr_url is null).`);
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
  const to = target.to ?? await pickMove(task);
  if (!to) return undefined;
  return moveTask(service, task, to);
}

/** Every move orange's workflow knows from here; the ones a gate refuses say why, and picking one shows the reason. */
async function pickMove(task: OrangeTask): Promise<string | undefined> {
  if (!isKnownStatus(task.status)) {
    const refused = checkMove(task, 'cancelled');
    void vscode.window.showErrorMessage(`${task.title}: ${refused.ok ? 'orange moves it nowhere from here' : refused.reason}.`);
    return undefined;
  }
  const items = WORKFLOW[task.status].map((to) => {
    const check = checkMove(task, to);
    return { label: `${check.ok ? '$(arrow-right)' : '$(circle-slash)'} ${moveLabel(task.status, to)}`, description: to,
      detail: check.ok ? undefined : `Refused: ${check.reason}`, to, check };
  });
  if (!items.length) {
    void vscode.window.showInformationMessage(`${task.title} is ${task.status}: orange moves it nowhere from here.`);
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
  const target = await resolveTask(service, raw, 'Attach to tmux Session');
  if (!target) return undefined;
  const name = target.task.tmuxSession;
  if (!name) { void vscode.window.showInformationMessage(`${target.task.title} has no tmux session (tmux_session is null).`); return undefined; }
  if (refusedWhenUntrusted('Attach to tmux Session') !== undefined) return undefined;
  const alive = await sessions.check(name);
  if (alive === undefined) { void vscode.window.showErrorMessage('tmux was not found (or did not answer): Baton attaches through the tmux command.'); return undefined; }
  if (!alive) { void vscode.window.showWarningMessage(`The tmux session "${name}" is not running: the agent crashed or finished. orange respawns it only while its dashboard runs.`); return undefined; }
  const terminal = vscode.window.createTerminal({ name: `orange: ${name}`, shellPath: 'tmux', shellArgs: ['attach-session', '-t', `=${name}`] });
  terminal.show();
  return terminal;
}
