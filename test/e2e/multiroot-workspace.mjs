// The multi-root workspace of test/extension-multiroot/: two folders built from the fixtures, and the
// .code-workspace file that opens them together (code-e2e.mjs opens it with the web workbench's ?workspace=).
//   alpha: orc tasks TASK-001…005 and initiatives (test/fixtures/orc/valid), the intents of test/fixtures/workspace,
//          one Orchestral run with a pending CRP, and TASK-006 whose blocked_by names a missing task (a warning).
//   beta:  the broken orc tasks TASK-101…115 (test/fixtures/orc/broken, without its TASK-001: other ids than
//          alpha's), initiative INIT-101 and both Orchestral runs of test/fixtures/workspace. Named "Beta runs" in the workspace file,
//          so the views must show VS Code's folder name, not the directory's.
//   home/orange: the orange home of test/fixtures/orange/valid, its project "app" pointed at alpha and "other" at
//          beta (baton.orange.root in the workspace file's settings).
//   home/.claude/ultrawork/sessions: the Ultrawork sessions of test/fixtures/ultrawork/valid, a1 and e5 working in
//          alpha, b2 in beta, d4 naming no folder (unassigned), c3 another project's (baton.ultrawork.sessionsRoot).
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT } from './lib.mjs';

const FIXTURES = path.join(PROJECT, 'test/fixtures');

/** Builds the two folders under `dir`; returns the path of the .code-workspace file. */
export function buildMultiRootWorkspace(dir) {
  const alpha = path.join(dir, 'alpha');
  const beta = path.join(dir, 'beta');
  fs.cpSync(path.join(FIXTURES, 'orc/valid'), alpha, { recursive: true });
  fs.cpSync(path.join(FIXTURES, 'workspace/.orchestration'), path.join(alpha, '.orchestration'), { recursive: true });
  fs.cpSync(path.join(FIXTURES, 'workspace/.orchestral/config'), path.join(alpha, '.orchestral/config'), { recursive: true });
  fs.cpSync(path.join(FIXTURES, 'workspace/.orchestral/runs/run-20260201120000'), path.join(alpha, '.orchestral/runs/run-20260201120000'), { recursive: true });
  fs.mkdirSync(path.join(alpha, '.orc/tasks/TASK-006'));
  fs.writeFileSync(path.join(alpha, '.orc/tasks/TASK-006/task.yaml'),
    'id: TASK-006\ntitle: Waits on a task that is gone\nstatus: planned\nblocked_by:\n  - TASK-404\n');

  fs.cpSync(path.join(FIXTURES, 'orc/broken'), beta, { recursive: true });
  fs.rmSync(path.join(beta, '.orc/tasks/TASK-001'), { recursive: true });
  fs.cpSync(path.join(FIXTURES, 'workspace/.orchestral'), path.join(beta, '.orchestral'), { recursive: true });
  fs.mkdirSync(path.join(beta, '.orc/initiatives/INIT-101'), { recursive: true });
  fs.writeFileSync(path.join(beta, '.orc/initiatives/INIT-101/initiative.yaml'), 'id: INIT-101\ntitle: Repair the broken tasks\nstatus: active\n');

  const orange = path.join(dir, 'home/orange');
  fs.cpSync(path.join(FIXTURES, 'orange/valid/orange'), orange, { recursive: true });
  const projects = JSON.parse(fs.readFileSync(path.join(orange, 'projects.json'), 'utf8'));
  for (const p of projects) p.path = p.name === 'app' ? alpha : beta;
  fs.writeFileSync(path.join(orange, 'projects.json'), JSON.stringify(projects, null, 2));

  const sessions = path.join(dir, 'home/.claude/ultrawork/sessions');
  fs.cpSync(path.join(FIXTURES, 'ultrawork/valid/home/.claude/ultrawork/sessions'), sessions, { recursive: true });
  for (const [session, folder] of [['a1-v5-mine', alpha], ['e5-cancelled', alpha], ['b2-v7-mine', beta]]) {
    const file = path.join(sessions, session, 'session.json');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll('${workspaceFolder}', folder));
  }

  const file = path.join(dir, 'multiroot.code-workspace');
  fs.writeFileSync(file, JSON.stringify({ folders: [{ path: 'alpha' }, { path: 'beta', name: 'Beta runs' }],
    settings: { 'baton.orange.root': orange, 'baton.ultrawork.sessionsRoot': sessions } }, null, 2));
  return file;
}
