import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { DecisionOutcome } from '../../src/core/decisions/answer-decision';
import { decisionKey } from '../../src/core/model/items';
import type { Decision } from '../../src/core/service/work-item';
import type { AnswerPayload, DecisionView, ToDecisionsWebview } from '../../src/shared/decisions-protocol';
import type { BatonApi } from '../../src/vscode/extension';
import { until } from '../extension/helpers/baton';

/** Programs Baton could start: each stand-in only appends its name and arguments to the record file. */
const RECORDED_PROGRAMS = ['tmux', 'git', 'claude', 'gh', 'code', 'npm', 'npx', 'sh', 'bash'];

/**
 * Puts stand-ins for the programs Baton might start first on this extension host's PATH (the extension runs in
 * this same process, so its spawns resolve names through it). Returns the record file, which stays absent while
 * nothing runs. Done once, before the first test, so a spawn from any later test is seen.
 */
export async function recordSpawns(dir: string): Promise<string> {
  const bin = path.join(dir, 'recording-bin');
  const record = path.join(dir, 'spawned-programs.txt');
  await fs.mkdir(bin, { recursive: true });
  for (const name of RECORDED_PROGRAMS) {
    await fs.writeFile(path.join(bin, name), `#!/bin/sh\necho "${name} $*" >> '${record}'\n`, { mode: 0o755 });
  }
  process.env.PATH = `${bin}${path.delimiter}${process.env.PATH ?? ''}`;
  process.env.BATON_TEST_SPAWN_RECORD = record;
  // The stand-ins must catch a spawn by name as Baton makes it (no env, no shell): check once, then start clean.
  spawnSync('tmux', ['has-session', '-t', '=probe'], { stdio: 'ignore', shell: false });
  if (!(await fs.readFile(record, 'utf8').catch(() => '')).includes('tmux has-session -t =probe')) {
    throw new Error(`the stand-in tmux in ${bin} did not record a spawn`);
  }
  await fs.rm(record);
  return record;
}

/** What the stand-ins recorded ('' while nothing ran). */
export async function spawnedPrograms(): Promise<string> {
  const record = process.env.BATON_TEST_SPAWN_RECORD;
  if (!record) throw new Error('recordSpawns() did not run');
  return fs.readFile(record, 'utf8').catch(() => '');
}

/** Every file and folder under `root`: path → size, mtime and sha256 of the bytes (folders: their listing). */
export async function snapshot(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (dir: string): Promise<void> => {
    const entries = (await fs.readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    out.set(path.relative(root, dir) || '.', `dir: ${entries.map((e) => e.name).join(', ')}`);
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else {
        const stat = await fs.lstat(full);
        const bytes = e.isSymbolicLink() ? Buffer.from(await fs.readlink(full)) : await fs.readFile(full);
        out.set(path.relative(root, full), `${stat.size} ${stat.mtimeMs} ${createHash('sha256').update(bytes).digest('hex')}`);
      }
    }
  };
  await walk(root);
  return out;
}

/** The paths whose entry differs between two snapshots (added, removed or changed). */
export function differences(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((k) => before.get(k) !== after.get(k)).sort();
}

/** Submits an answer through the "Needs you" inbox's own controller, as a click on its form would. */
export async function answerFromInbox(api: BatonApi, which: (d: Decision) => boolean,
  answer: (view: DecisionView) => AnswerPayload): Promise<DecisionOutcome> {
  await vscode.commands.executeCommand('baton.needsYou.focus');
  await until(api.decisions.needsYou.onDidResolve, () => api.decisions.needsYou.current !== undefined, 15_000);
  const controller = api.decisions.needsYou.current!;
  await until(controller.onDidPost, () => controller.isReady, 15_000);
  const d = api.service.decisions().find(which);
  if (!d) throw new Error('no such pending decision');
  const snap = controller.snapshot();
  const view = snap.type === 'decisions' ? snap.decisions.find((v) => v.key === decisionKey(d)) : undefined;
  if (!view) throw new Error(`the inbox does not show ${decisionKey(d)}`);
  const requestId = `untrusted-${Math.random().toString(36).slice(2, 10)}`;
  const result = new Promise<Extract<ToDecisionsWebview, { type: 'answerResult' }>>((resolve) => {
    const sub = controller.onDidPost((m) => { if (m.type === 'answerResult' && m.requestId === requestId) { sub.dispose(); resolve(m); } });
  });
  const handled = await controller.receive({ type: 'answer', requestId, key: view.key, version: view.version, answer: answer(view) });
  if (!handled.ok) throw new Error(`the inbox refused the message: ${handled.error}`);
  const m = await result;
  return m.ok ? { ok: true, message: m.message, written: [] } : { ok: false, message: m.message };
}
