import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIXTURES } from '../helpers/temp-workspace';
import { CLI, McpSession, textOf } from './mcp-session';

interface Row { system: string; kind: string; id: string; status: string }
interface Page<T> { total: number; nextOffset: number | null; items: T[] }

/** Every page of a paged tool. */
async function allPages<T>(mcp: McpSession, tool: string, args: Record<string, unknown>): Promise<T[]> {
  const out: T[] = [];
  for (let offset: number | null = 0; offset !== null;) {
    const page: Page<T> = await mcp.json<Page<T>>(tool, { ...args, offset, limit: 500 });
    out.push(...page.items);
    offset = page.nextOffset;
  }
  return out;
}

/**
 * Several folders in one server, with home roots (orange, Ultrawork) under --home, on the wild fixtures: each folder's
 * items, decisions and problems as the MCP tools give them are exactly what `baton scan --json` of that folder gives.
 */
describe('baton mcp: several folders and home roots agree with baton scan', function () {
  const base = mkdtempSync(path.join(os.tmpdir(), 'baton-mcp-folders-'));
  const home = path.join(base, 'home');
  const folders = {
    dure: path.join(base, 'dure-waiting'),
    answered: path.join(base, 'dure-answered'),
    intents: path.join(base, 'intents-shapes'),
    orc: path.join(base, 'orc-initiatives'),
    app: path.join(base, 'app'),
  };
  let mcp: McpSession;
  before(async () => {
    cpSync(path.join(FIXTURES, 'wild/dure/waiting-on-you'), folders.dure, { recursive: true });
    cpSync(path.join(FIXTURES, 'wild/dure/answered-awaiting-resume'), folders.answered, { recursive: true });
    cpSync(path.join(FIXTURES, 'wild/intents/intents-fork-field-shapes'), folders.intents, { recursive: true });
    cpSync(path.join(FIXTURES, 'wild/orc/initiatives-and-dependencies'), folders.orc, { recursive: true });
    cpSync(path.join(FIXTURES, 'orc/valid'), folders.app, { recursive: true });
    cpSync(path.join(FIXTURES, 'orange/valid/orange'), path.join(home, 'orange'), { recursive: true });
    cpSync(path.join(FIXTURES, 'ultrawork/valid/home/.claude'), path.join(home, '.claude'), { recursive: true });
    mcp = await McpSession.start([...Object.values(folders), '--home', home]);
  });
  after(async () => { await mcp?.close(); rmSync(base, { recursive: true, force: true }); });

  it('baton_status has one entry per folder, in the order given', async () => {
    const { folders: status } = await mcp.json<{ folders: { folder: string }[] }>('baton_status');
    assert.deepStrictEqual(status.map((f) => f.folder), Object.values(folders));
  });

  for (const [name, folder] of Object.entries(folders)) {
    it(`${name}: items, decisions and problems are those of baton scan`, async () => {
      const scan = spawnSync(process.execPath, [CLI, 'scan', folder, '--home', home, '--json', '--no-cache'], { encoding: 'utf8', maxBuffer: 64 << 20 });
      const report = JSON.parse(scan.stdout) as { items: Row[]; decisions: { system: string; id: string }[]; diagnostics: unknown[] };
      const rows = await allPages<Row>(mcp, 'baton_tasks', { folder });
      assert.ok(rows.length > 0, `${name} has items`);
      assert.deepStrictEqual(rows.map((r) => `${r.system}/${r.kind}/${r.id}/${r.status}`), report.items.map((r) => `${r.system}/${r.kind}/${r.id}/${r.status}`));
      const decisions = await allPages<{ system: string; id: string }>(mcp, 'baton_decisions', { folder: path.basename(folder) });
      assert.deepStrictEqual(decisions.map((d) => `${d.system}/${d.id}`), report.decisions.map((d) => `${d.system}/${d.id}`));
      assert.strictEqual((await mcp.json<Page<unknown>>('baton_problems', { folder, limit: 1 })).total, report.diagnostics.length);
    });
  }

  it('home roots: orange and Ultrawork items of the folder are served', async () => {
    const systems = new Set((await allPages<Row>(mcp, 'baton_tasks', { folder: folders.app })).map((r) => r.system));
    assert.ok(systems.has('orange') && systems.has('ultrawork'), [...systems].join(', '));
  });

  it('a question that needs a folder says so, and takes one by name or path', async () => {
    const r = await mcp.call('baton_owner', { path: 'src/x.ts' });
    assert.strictEqual(r.isError, true);
    assert.match(textOf(r), /5 folders are open; name one with "folder"/);
    const byName = await mcp.json<{ folder: string }>('baton_owner', { path: 'src/x.ts', folder: 'intents-shapes' });
    assert.strictEqual(byName.folder, folders.intents);
    const byAbsolute = await mcp.json<{ folder: string; file: string }>('baton_owner', { path: path.join(folders.orc, 'src', 'a.ts') });
    assert.deepStrictEqual([byAbsolute.folder, byAbsolute.file], [folders.orc, 'src/a.ts']);
    const elsewhere = await mcp.json<{ allowed: boolean; reason: string }>('baton_validate_scope', { intent: 'INT-001', path: path.join(home, 'x.ts') });
    assert.deepStrictEqual([elsewhere.allowed, elsewhere.reason], [false, `${path.join(home, 'x.ts')} is outside every open folder`]);
  });

  it('an answered CRP waiting for Dure to resume is not pending, and shows its answer', async () => {
    const waiting = await allPages<{ id: string }>(mcp, 'baton_decisions', { folder: folders.answered });
    const report = JSON.parse(spawnSync(process.execPath, [CLI, 'scan', folders.answered, '--json', '--no-cache'], { encoding: 'utf8' }).stdout) as
      { items: { kind: string; crps?: { id: string; status: string }[]; vcrs?: { crp: string }[] }[] };
    const answeredCrp = report.items.flatMap((i) => i.vcrs ?? []).map((v) => v.crp)[0];
    assert.ok(answeredCrp, 'the fixture has a VCR');
    assert.ok(!waiting.some((d) => d.id === answeredCrp));
    const d = await mcp.json<{ state: string; answer: { vcr: string } | null }>('baton_decision', { id: answeredCrp, folder: folders.answered });
    assert.strictEqual(d.state, 'answered');
    assert.ok(d.answer?.vcr);
  });
});
