import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import * as vscode from 'vscode';
import type { DecisionOutcome } from '../../../src/core/decisions/answer-decision';
import { decisionKey } from '../../../src/core/model/items';
import type { AnswerPayload, ToDecisionsWebview } from '../../../src/shared/decisions-protocol';
import type { BatonApi } from '../../../src/vscode/extension';
import { until } from './baton';

/** Answers the pending gate of a task through the inbox's own controller, as a click on its form would. */
export async function answerGateFromInbox(api: BatonApi, taskId: string, answer: AnswerPayload): Promise<DecisionOutcome> {
  await vscode.commands.executeCommand('baton.needsYou.focus');
  await until(api.decisions.needsYou.onDidResolve, () => api.decisions.needsYou.current !== undefined, 15000);
  const controller = api.decisions.needsYou.current!;
  await until(controller.onDidPost, () => controller.isReady, 15000);
  const snapshot = controller.snapshot();
  if (snapshot.type !== 'decisions') throw new Error('the inbox sent no decisions');
  const d = api.service.decisions().find((x) => x.file.includes(taskId));
  if (!d) throw new Error(`no pending decision for ${taskId}`);
  const view = snapshot.decisions.find((v) => v.key === decisionKey(d));
  if (!view) throw new Error(`the inbox does not show the gate of ${taskId}`);
  if (view.form.form !== 'gate') throw new Error(`the gate of ${taskId} shows a ${view.form.form} form`);
  const result = new Promise<Extract<ToDecisionsWebview, { type: 'answerResult' }>>((resolve) => {
    const sub = controller.onDidPost((m) => { if (m.type === 'answerResult' && m.requestId === 'gate-1') { sub.dispose(); resolve(m); } });
  });
  const handled = await controller.receive({ type: 'answer', requestId: 'gate-1', key: view.key, version: view.version, answer });
  if (!handled.ok) throw new Error(`the inbox refused the answer: ${handled.error}`);
  const m = await result;
  return m.ok ? { ok: true, message: m.message, written: [] } : { ok: false, message: m.message };
}

/**
 * `baton run <id>` in a process of its own (the same executor the editor uses), with the fake Claude first on PATH,
 * so orc.yaml's `claude.path: claude` finds it. `printed(text)` resolves once its stdout (the rendering) shows `text`.
 */
export function runCli(project: string, root: string, taskId: string, env: NodeJS.ProcessEnv): { child: ChildProcess; printed(text: string): Promise<string> } {
  const child = spawn(process.execPath, [path.join(project, 'dist/cli.js'), 'run', taskId, '--dir', root], {
    cwd: root, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, ELECTRON_RUN_AS_NODE: '1', PATH: `${path.join(project, 'test/fixtures/bin')}${path.delimiter}${env.PATH ?? ''}` },
  });
  let out = '';
  const waiters: { text: string; resolve: (all: string) => void; reject: (e: Error) => void }[] = [];
  const settle = () => { for (const w of waiters.splice(0)) { if (out.includes(w.text)) w.resolve(out); else waiters.push(w); } };
  child.stdout!.on('data', (chunk: Buffer) => { out += chunk.toString('utf8'); settle(); });
  child.stderr!.on('data', (chunk: Buffer) => { out += chunk.toString('utf8'); });
  child.on('exit', (code, signal) => { for (const w of waiters.splice(0)) w.reject(new Error(`baton run ended (${code ?? signal}) before printing "${w.text}":\n${out}`)); });
  return {
    child,
    printed: (text) => new Promise((resolve, reject) => { waiters.push({ text, resolve, reject }); settle(); }),
  };
}
