import * as assert from 'node:assert';
import { TempWorkspace, taskYaml } from '../helpers/temp-workspace';
import { McpSession } from './mcp-session';

const LIMIT = 100_000;

/** No answer passes ~100 KB, whatever the workspace holds: pages stop early and say where to go on; long values are cut in place. */
describe('baton mcp: bounded answers', function () {
  let ws: TempWorkspace;
  let mcp: McpSession;
  before(async () => {
    const files: Record<string, string> = {};
    for (let n = 1; n <= 700; n++) {
      const id = `TASK-${String(n).padStart(3, '0')}`;
      files[`.orc/tasks/${id}/task.yaml`] = taskYaml({ id, title: `Task ${n} ${'with a long title '.repeat(12)}`, status: n % 2 ? 'running' : 'planned' });
    }
    files['.orc/tasks/TASK-999/task.yaml'] = taskYaml({ id: 'TASK-999', title: 'Huge', description: 'x'.repeat(400_000), blocked_by: Array.from({ length: 700 }, (_, i) => `TASK-${String(i + 1).padStart(3, '0')}`) });
    ws = new TempWorkspace(files);
    mcp = await McpSession.start([ws.root]);
  });
  after(async () => { await mcp?.close(); ws?.dispose(); });

  it('a page of 500 long rows stops early under the bound, says so, and the pages still cover every row', async () => {
    const r = await mcp.call('baton_tasks', { limit: 500 });
    assert.ok(JSON.stringify(r).length < LIMIT, `${JSON.stringify(r).length} characters`);
    const page = r.structuredContent as { total: number; items: unknown[]; nextOffset: number; more?: string };
    assert.strictEqual(page.total, 701);
    assert.ok(page.items.length < 500 && page.items.length > 50, String(page.items.length));
    assert.strictEqual(page.nextOffset, page.items.length);
    assert.match(page.more ?? '', /ask again with offset/);
    let seen = page.items.length;
    for (let offset: number | null = page.nextOffset; offset !== null;) {
      const next = await mcp.call('baton_tasks', { limit: 500, offset });
      assert.ok(JSON.stringify(next).length < LIMIT);
      const p = next.structuredContent as { items: unknown[]; nextOffset: number | null };
      seen += p.items.length;
      offset = p.nextOffset;
    }
    assert.strictEqual(seen, 701);
  });

  it('one item with a 400 KB description and 700 dependencies is cut to the bound, saying what was left out', async () => {
    const r = await mcp.call('baton_task', { system: 'orc', id: 'TASK-999' });
    assert.ok(!r.isError);
    assert.ok(JSON.stringify(r).length < LIMIT, `${JSON.stringify(r).length} characters`);
    const text = JSON.stringify(r.structuredContent);
    assert.match(text, /more characters\)/);
    assert.match(text, /… \d+ more/);
  });
});
