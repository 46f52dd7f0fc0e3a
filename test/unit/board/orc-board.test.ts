import * as assert from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { editContext } from '../../../src/core/formats/orc/edit-context';
import type { OrcTask } from '../../../src/core/formats/orc/model';
import { EMPTY_FILTER, layoutBoard } from '../../../src/shared/board/board-layout';
import { fromBoardWebview } from '../../../src/shared/board-protocol';
import { parseFromWebview } from '../../../src/shared/protocol';
import { applyFileMove, planOrcMove } from '../../../src/vscode/board/board-move-plan';
import { orcBoard } from '../../../src/vscode/board/orc-board-cards';
import { REPO, TempWorkspace } from '../helpers/temp-workspace';
import { scanFolder } from '../helpers/scan';

const NOW = new Date('2026-02-01T08:00:00Z');

describe('the orc board (cards from the service, moves through the task.yaml edit path)', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());
  const demo = () => new TempWorkspace({}, path.join(REPO, 'demo'));

  it('puts the demo\'s tasks in status columns in orc\'s order, by priority, the backlog folded with its count', async () => {
    ws = demo();
    const { service } = await scanFolder(ws.root);
    const board = orcBoard(service.items(), () => 'demo', false);
    const layout = layoutBoard(board, board.cards, EMPTY_FILTER, new Set());
    assert.deepStrictEqual(layout.map((l) => [l.column.label, l.rows.map((r) => (r.kind === 'card' ? r.card.id : `Backlog (${r.count})`))]), [
      ['Created', ['Backlog (2)']],
      ['Planned', ['TASK-005']],
      ['Running', ['TASK-002']],
      ['Paused', ['TASK-004']],
      ['Blocked', ['TASK-003']],
      ['Completed', ['TASK-001']],
      ['Failed', ['TASK-006']],
    ]);
    const running = board.cards.find((c) => c.id === 'TASK-002')!;
    assert.strictEqual(running.title, 'Rotate refresh tokens and detect reuse');
    assert.strictEqual(running.rank, 'critical');
    assert.strictEqual(running.category, 'feature');
    assert.strictEqual(running.group?.id, 'INIT-001');
    assert.match(running.group!.label, /^INIT-001 \S/); // the initiative's title beside its id
    assert.strictEqual(running.activity, 'implement');
    assert.strictEqual(running.tokens, 44_000);
    const blocked = board.cards.find((c) => c.id === 'TASK-003')!;
    assert.deepStrictEqual(blocked.badges.map((b) => [b.kind, b.detail]), [['blocked', 'blocked by TASK-002']]);
    assert.deepStrictEqual(board.cards.filter((c) => c.folded).map((c) => c.id).sort(), ['TASK-007', 'TASK-008']);
    assert.ok(board.cards.every((c) => c.foldLocked === null && c.locked === null && c.folder === null));
  });

  it('a keyboard move (B on a backlog card) writes queue: active into task.yaml through setTaskField, every other byte kept', async () => {
    ws = demo();
    const { service } = await scanFolder(ws.root);
    const file = ws.path('.orc/tasks/TASK-007/task.yaml');
    const before = readFileSync(file, 'utf8');
    const card = orcBoard(service.items(), () => 'demo', false).cards.find((c) => c.id === 'TASK-007')!;
    // What the page sends for B on that card, validated as the panel validates it.
    const parsed = parseFromWebview(fromBoardWebview, { type: 'move', key: card.key, shown: { folded: card.folded, rank: card.rank }, folded: !card.folded, via: 'keyboard' });
    assert.ok(parsed.ok && parsed.message.type === 'move');
    const task = service.items().find((i): i is OrcTask => i.kind === 'task' && i.id === 'TASK-007');
    const plan = planOrcMove(task, parsed.message);
    assert.deepStrictEqual(plan, { kind: 'file', fields: [{ field: 'queue', value: 'active' }], summary: 'TASK-007 moved to active' });
    const result = await applyFileMove(editContext(ws.root, service.items(), () => NOW), 'TASK-007', plan as Extract<typeof plan, { kind: 'file' }>);
    assert.deepStrictEqual(result.changed, [file]);
    const after = readFileSync(file, 'utf8');
    const diff = after.split('\n').filter((l, i) => before.split('\n')[i] !== l);
    assert.deepStrictEqual(diff, ['queue: active', 'updated_at: 2026-02-01T08:00:00Z']);
    // The index re-reads the file; the card is now in the column's main part.
    await service.fileChanged(file);
    const moved = orcBoard(service.items(), () => 'demo', false).cards.find((c) => c.id === 'TASK-007')!;
    assert.strictEqual(moved.folded, false);
  });

  it('raises a priority and moves to the backlog in one drag; refuses a stale view, a bad rank, and a queue move in orc\'s database', async () => {
    ws = demo();
    const { service } = await scanFolder(ws.root);
    const task = service.items().find((i): i is OrcTask => i.kind === 'task' && i.id === 'TASK-005')!;
    const shown = { folded: false, rank: 'normal' };
    const plan = planOrcMove(task, { shown, folded: true, rank: 'high' });
    assert.deepStrictEqual(plan.kind === 'file' && plan.fields, [{ field: 'queue', value: 'backlog' }, { field: 'priority', value: 'high' }]);
    await applyFileMove(editContext(ws.root, service.items(), () => NOW), 'TASK-005', plan as Extract<typeof plan, { kind: 'file' }>);
    const text = readFileSync(ws.path('.orc/tasks/TASK-005/task.yaml'), 'utf8');
    assert.match(text, /^queue: backlog$/m);
    assert.match(text, /^priority: high$/m);

    const stale = planOrcMove(task, { shown: { folded: true, rank: 'normal' }, folded: false });
    assert.strictEqual(stale.kind, 'refused');
    assert.match(stale.kind === 'refused' ? stale.reason : '', /changed since the board showed it.*move it again/);
    assert.match((planOrcMove(task, { shown, rank: 'urgent' }) as { reason: string }).reason, /priority must be one of critical, high, normal, low/);
    assert.match((planOrcMove(task, { shown, rank: 'normal' }) as { reason: string }).reason, /nothing to change/);
    assert.match((planOrcMove(undefined, { shown, rank: 'high' }) as { reason: string }).reason, /no longer there/);

    const db = { ...task, era: 'db', db: { readOnlyReason: null } } as unknown as OrcTask;
    assert.match((planOrcMove(db, { shown, folded: true }) as { reason: string }).reason, /orc has no command that changes a task's queue.*priority can still be changed/);
    assert.deepStrictEqual(planOrcMove(db, { shown, rank: 'critical' }), { kind: 'orc', priority: 'critical', summary: 'TASK-005: priority normal → critical (orc edit)' });
    const readOnly = { ...db, db: { readOnlyReason: 'a newer schema' } } as unknown as OrcTask;
    assert.match((planOrcMove(readOnly, { shown, rank: 'critical' }) as { reason: string }).reason, /read-only \(a newer schema\)/);
  });

  it('refuses a move message that changes nothing or names no card', () => {
    assert.strictEqual(parseFromWebview(fromBoardWebview, { type: 'move', key: 'k', shown: { folded: false, rank: 'low' }, via: 'keyboard' }).ok, false);
    assert.strictEqual(parseFromWebview(fromBoardWebview, { type: 'move', key: '', shown: { folded: false, rank: 'low' }, rank: 'high', via: 'drag' }).ok, false);
    assert.strictEqual(parseFromWebview(fromBoardWebview, { type: 'open', key: 'k', path: '/etc/passwd' }).ok, false);
    assert.strictEqual(parseFromWebview(fromBoardWebview, { type: 'open', key: 'k' }).ok, true);
  });
});
