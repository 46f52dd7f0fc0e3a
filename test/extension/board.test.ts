import * as assert from 'node:assert';
import { promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { BoardDescription } from '../../src/shared/board/board-model';
import type { ToBoardWebview } from '../../src/shared/board-protocol';
import { batonApi, until, workspaceRoot } from './helpers/baton';

describe('the Board in the real editor', () => {
  it('opens from its command, moves a backlog card to Active through task.yaml, and patches only the card a disk write changed', async () => {
    const api = await batonApi();
    const posts: ToBoardWebview[] = [];
    const sub = api.board.panel.onDidPost((m) => posts.push(m));
    const root = workspaceRoot();
    const backlog = path.join(root, '.orc/tasks/TASK-004/task.yaml');
    const planned = path.join(root, '.orc/tasks/TASK-003/task.yaml');
    const originals = [readFileSync(backlog, 'utf8'), readFileSync(planned, 'utf8')];
    try {
      await vscode.commands.executeCommand('baton.openBoard');
      // The page's `ready` brings the whole board.
      await until(api.board.panel.onDidPost, () => posts.some((m) => m.type === 'board'), 20000);
      const board = (posts.find((m) => m.type === 'board') as { board: BoardDescription }).board;
      assert.deepStrictEqual(board.ranks, ['critical', 'high', 'normal', 'low']);
      assert.deepStrictEqual(board.parts, { main: 'Active', folded: 'Backlog' });
      const card = board.cards.find((c) => c.id === 'TASK-004')!;
      assert.deepStrictEqual([card.column, card.folded, card.rank], ['created', true, 'low']);

      // B on the card: the page sends this; the panel validates it and writes through the orc edit path.
      posts.length = 0;
      await api.board.panel.receive({ type: 'move', key: card.key, shown: { folded: true, rank: 'low' }, folded: false, via: 'keyboard' });
      assert.match(readFileSync(backlog, 'utf8'), /^queue: active$/m);
      const moved = posts.flatMap((m) => (m.type === 'patch' ? m.upsert : [])).find((c) => c.id === 'TASK-004');
      assert.strictEqual(moved?.folded, false, 'the card was patched into the Active part');
      assert.deepStrictEqual(posts.filter((m) => m.type === 'notice').map((m) => (m as { level: string }).level), ['info']);
      // A view that no longer matches the file is refused, and nothing is written.
      const written = readFileSync(backlog, 'utf8');
      await api.board.panel.receive({ type: 'move', key: card.key, shown: { folded: true, rank: 'low' }, folded: false, via: 'keyboard' });
      assert.strictEqual(readFileSync(backlog, 'utf8'), written);
      assert.match(JSON.stringify(posts.at(-1)), /changed since the board showed it/);

      // A write on disk: one patch naming that one card. Written whole at once (temp + rename): a
      // plain writeFile truncates first, and a read between the two saw an empty task.yaml (its card, default rank).
      posts.length = 0;
      await fs.writeFile(`${planned}.tmp`, originals[1]!.replace(/^priority: normal$/m, 'priority: high'));
      await fs.rename(`${planned}.tmp`, planned);
      await until(api.board.panel.onDidPost, () => posts.some((m) => m.type === 'patch' && m.upsert.some((c) => c.id === 'TASK-003')), 10000);
      const patches = posts.filter((m): m is Extract<ToBoardWebview, { type: 'patch' }> => m.type === 'patch');
      assert.deepStrictEqual(patches.flatMap((p) => p.upsert.map((c) => `${c.id}:${c.rank}`)), ['TASK-003:high']);
      assert.ok(!posts.some((m) => m.type === 'board'), 'no whole board sent again');
    } finally {
      sub.dispose();
      await fs.writeFile(backlog, originals[0]!);
      await fs.writeFile(planned, originals[1]!);
      await api.service.fileChanged(backlog);
      await api.service.fileChanged(planned);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });
});
