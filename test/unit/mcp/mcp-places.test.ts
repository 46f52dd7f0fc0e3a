import * as assert from 'node:assert';
import { GitRepos } from '../places/git-repos';
import { McpSession } from './mcp-session';

interface OwnerAnswer { file: string; owners: { intent: string; via: string; ref?: string; worktree?: string }[]; conflict: boolean; intents: string[] }

describe('baton mcp: owners in other worktrees and refs (--worktrees, --refs)', function () {
  let repos: GitRepos;
  const sessions: McpSession[] = [];
  before(() => { repos = new GitRepos(); });
  after(async () => { for (const s of sessions) await s.close(); repos?.dispose(); });

  const started = async (args: string[]) => { const s = await McpSession.start([repos.clone, ...args]); sessions.push(s); return s; };

  it('baton_owner names the intent claiming the file on a matching ref, with the ref, and calls it a conflict', async () => {
    const mcp = await started(['--refs', 'origin/*']);
    const login = await mcp.json<OwnerAnswer>('baton_owner', { path: 'src/auth/login.ts' });
    assert.deepStrictEqual(login.owners.map((o) => `${o.intent}:${o.via}${o.ref ? `@${o.ref}` : ''}`),
      ['INT-001:owned_scope', 'INT-002:owned_scope@origin/feature-a']);
    assert.strictEqual(login.conflict, true);
    assert.deepStrictEqual(login.intents, ['INT-001', 'INT-002']);
  });

  it('baton_problems lists the overlap of two active intents in different places, naming where the other one is', async () => {
    const mcp = await started(['--worktrees', '--refs', 'origin/*']);
    const page = await mcp.json<{ items: { file: string; message: string; ref?: string; worktree?: string }[] }>('baton_problems', {});
    const overlaps = page.items.filter((p) => /overlapping scope/.test(p.message));
    // INT-003 (uncommitted in wt-a) and INT-002 (pushed on origin/feature-a) claim src/auth/login.ts: one problem for
    // the pair, on wt-a's file, naming both places. (INT-001 is held together with each of them in their own place.)
    assert.strictEqual(overlaps.length, 1, JSON.stringify(page.items));
    assert.strictEqual(overlaps[0]!.worktree, repos.wtA);
    assert.match(overlaps[0]!.message, /INT-003 .* in worktree .*wt-a and INT-002 .* on origin\/feature-a/);
    const own = await (await started([])).json<{ items: { message: string }[] }>('baton_problems', {});
    assert.ok(!own.items.some((p) => /overlapping scope/.test(p.message)), 'without the flags, only the folder\'s own problems');
  });

  it('without the flags, only the folder\'s own owners (no git runs)', async () => {
    const mcp = await started([]);
    const login = await mcp.json<OwnerAnswer>('baton_owner', { path: 'src/auth/login.ts' });
    assert.deepStrictEqual(login.owners.map((o) => o.intent), ['INT-001']);
    assert.strictEqual(login.conflict, false);
  });

  it('refuses a ref pattern git would not accept, as a usage error', async () => {
    await assert.rejects(started(['--refs', 'origin/a..b']));
  });
});
