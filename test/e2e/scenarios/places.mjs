// UI scenario for other worktrees (issue 20), run by test/e2e/ui.test.mjs against a temp copy of demo/: the copy
// becomes a git repository with a second worktree where another agent claims src/auth/login.ts (uncommitted); the
// CodeLens on that file names the claim and the Intents view lists it under the worktree. Screenshot:
// docs/images/places.png. Everything it makes is taken away again for the scenarios after it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT, log, tempDir, waitFor } from '../lib.mjs';
import { openFile, runCommand, viewPane } from '../workbench.mjs';

const SHOT = path.join(PROJECT, 'docs/images/places.png');
const AGENT_B = `active_intents:
    - id: INT-042
      name: Rate-limit logins
      status: IN_PROGRESS
      owned_scope:
          - src/auth/login.ts
          - src/middleware/**
      assigned_agent: agent-b
`;

function git(cwd, ...args) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_')));
  return execFileSync('git', ['-c', 'user.name=Demo', '-c', 'user.email=demo@baton.invalid', '-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', ...args],
    { cwd, env, encoding: 'utf8' });
}

export const scenarios = [
  async function anotherWorktreesClaimShowsInCodeLensAndTheIntentsView({ page, workspace }) {
    const settingsFile = path.join(workspace, '.vscode/settings.json');
    const settingsBefore = fs.readFileSync(settingsFile, 'utf8');
    const worktree = path.join(tempDir('ui-wt-'), 'agent-b');
    // The executor's scenario may have made the workspace a repository already (with orc's task worktrees): then it
    // is used as it is, and left so.
    const wasRepository = fs.existsSync(path.join(workspace, '.git'));
    if (!wasRepository) git(workspace, 'init', '-q', '-b', 'main');
    git(workspace, 'add', '-A');
    git(workspace, 'commit', '-q', '--allow-empty', '-m', 'demo');
    git(workspace, 'worktree', 'add', '-q', '-b', 'agent-b', worktree);
    fs.writeFileSync(path.join(worktree, '.orchestration/active_intents.yaml'), AGENT_B);
    try {
      // A settings change makes Baton look again at where the folder's repository is (it was not one a moment ago).
      fs.writeFileSync(settingsFile, JSON.stringify({ ...JSON.parse(settingsBefore), 'baton.refs': ['feature/*'] }, null, 2));
      await runCommand(page, 'View: Close All Editor Groups');
      await openFile(page, 'src/auth/login.ts');
      const lenses = await waitFor(async () => {
        const found = await page.locator('.editor-group-container.active .codelens-decoration').evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''));
        return found.some((t) => t.includes('claimed by INT-042 in worktree agent-b')) ? found : undefined;
      }, 'the CodeLens naming the other worktree\'s claim', 30000);
      await runCommand(page, 'Baton: Focus on Intents View');
      // "This folder" folded, for room: the worktree's node follows it.
      const intents = viewPane(page, 'Intents');
      const here = intents.locator('.monaco-list-row[aria-label^="This folder"]').first();
      await here.waitFor({ timeout: 20000 });
      if (await here.getAttribute('aria-expanded') === 'true') await here.click();
      const place = intents.locator('.monaco-list-row', { hasText: 'worktree: agent-b (agent-b)' }).first();
      await place.waitFor({ timeout: 20000 });
      await place.click();
      await intents.locator('.monaco-list-row', { hasText: 'INT-042' }).first().waitFor({ timeout: 20000 });
      await page.locator('.editor-group-container.active .monaco-editor').first().click({ position: { x: 400, y: 300 } });
      await page.mouse.move(0, 0);
      fs.mkdirSync(path.dirname(SHOT), { recursive: true });
      await page.screenshot({ path: SHOT });
      log(`other worktree: ${lenses.join(' | ')}; screenshot -> ${path.relative(PROJECT, SHOT)}`);
    } finally {
      fs.writeFileSync(settingsFile, settingsBefore);
      git(workspace, 'worktree', 'remove', '--force', worktree);
      fs.rmSync(path.dirname(worktree), { recursive: true, force: true });
      if (!wasRepository) fs.rmSync(path.join(workspace, '.git'), { recursive: true, force: true });
    }
  },
];
