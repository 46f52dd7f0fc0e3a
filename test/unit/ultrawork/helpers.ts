import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { UltraworkSession, UltraworkTask } from '../../../src/core/formats/ultrawork/model';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { FIXTURES } from '../helpers/temp-workspace';

export const SESSIONS = '.claude/ultrawork/sessions';

/** A fixture home under test/fixtures/ultrawork (valid or broken). */
export function fixtureHome(name: 'valid' | 'broken'): string {
  return path.join(FIXTURES, 'ultrawork', name, 'home');
}

/** An empty folder to stand for the workspace the fixture sessions name as `${workspaceFolder}`. */
export function emptyWorkspace(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'baton-uw-ws-'));
}

/** Scans one workspace folder with a home's Ultrawork sessions, as the extension and the CLI do. */
export async function scanUltrawork(root: string, home: string) {
  const service = new OrchestrationService({ folders: [{ root, ultraworkSessions: path.join(home, SESSIONS) }] });
  await service.scan();
  const ultrawork = service.items().filter((i) => i.system === 'ultrawork');
  const sessions = new Map(ultrawork.filter((i): i is UltraworkSession => i.kind === 'session').map((s) => [s.id, s]));
  const tasks = new Map(ultrawork.filter((i): i is UltraworkTask => i.kind === 'task').map((t) => [t.id, t]));
  const diagnostics = service.diagnostics().filter((d) => d.system === 'ultrawork');
  return { service, sessions, tasks, diagnostics };
}

/**
 * A copy of a fixture home (in `into`) where `${workspaceFolder}` is replaced by a real folder, as the plugin
 * writes it: then scanning any other folder must not show those sessions.
 */
export function homeFor(name: 'valid' | 'broken', workspace: string, into: string): string {
  const home = path.join(into, 'home');
  cpSync(fixtureHome(name), home, { recursive: true });
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const p = path.join(dir, entry);
      if (statSync(p).isDirectory()) visit(p);
      else if (entry === 'session.json') writeFileSync(p, readFileSync(p, 'utf8').split('${workspaceFolder}').join(workspace));
    }
  };
  visit(home);
  return home;
}

/** The real-world-shape fixtures: each folder is a sessions root as the plugin lays it out, with an ABOUT.md beside the sessions. */
export const WILD = path.join(FIXTURES, 'wild', 'ultrawork');

export const WILD_FIXTURES = ['bash-scripts-v5', 'js-v6-two-logs', 'v7-worktree-documentation', 'goal-is-the-title', 'terminal-sessions'] as const;
export type WildFixture = typeof WILD_FIXTURES[number];

/**
 * A home folder (in `into`) whose `.claude/ultrawork/sessions` is a copy of a wild fixture, with `${workspaceFolder}`
 * in its session.json files replaced by `workspace` — the absolute path the plugin records (`process.cwd()`).
 * The fixture's ABOUT.md comes along, at the sessions root, where the plugin keeps nothing.
 */
export function wildHome(name: WildFixture, workspace: string, into: string): string {
  const home = path.join(into, 'home');
  const sessions = path.join(home, SESSIONS);
  cpSync(path.join(WILD, name), sessions, { recursive: true });
  for (const session of readdirSync(sessions)) {
    const file = path.join(sessions, session, 'session.json');
    if (!statSync(path.join(sessions, session)).isDirectory()) continue;
    writeFileSync(file, readFileSync(file, 'utf8').split('${workspaceFolder}').join(JSON.stringify(workspace).slice(1, -1)));
  }
  return home;
}
