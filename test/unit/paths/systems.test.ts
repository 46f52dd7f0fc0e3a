import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DriftChecker } from '../../../src/core/formats/intents/drift';
import { parseIntentMap } from '../../../src/core/formats/intents/intent-map';
import { compileScopeEntry, normalizeScopeEntry } from '../../../src/core/formats/intents/scope';
import { readTraceTail } from '../../../src/core/formats/intents/trace-tail';
import { prepareTraceEntry } from '../../../src/core/formats/intents/trace-write';
import { createTask } from '../../../src/core/formats/orange/create-task';
import { containedPath } from '../../../src/core/io/contained-path';
import { editTask } from '../../../src/core/formats/orange/task-edit';
import { answerCrp } from '../../../src/core/formats/orchestral/answer';
import type { OrchestralCrpDecision } from '../../../src/core/formats/orchestral/model';
import { parseOrchestralFile } from '../../../src/core/formats/orchestral/records';
import { parseUltraworkFile } from '../../../src/core/formats/ultrawork/records';
import type { UltraworkSession } from '../../../src/core/formats/ultrawork/model';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { TempWorkspace } from '../helpers/temp-workspace';
import { ID, orangeHome } from '../orange/helpers';
import { json, SINGLE_CRP, stateJson } from '../orchestral/fixtures';
import { link, Outside } from './outside';

const BAD = ['../../etc/passwd', '/../etc/passwd', '..\\..\\etc\\passwd', 'src/../../x', 'C:\\Windows\\win.ini'];

describe('paths: intents (owned_scope, intent_map.md, agent_trace.jsonl, validateScope)', () => {
  let ws: TempWorkspace;
  let out: Outside;
  beforeEach(() => { ws = new TempWorkspace({ 'src/a.ts': 'export const a = 1;\n' }); out = new Outside(); });
  afterEach(() => { ws.dispose(); out.dispose(); });

  it('owned_scope entries that climb out are refused and match nothing', () => {
    for (const bad of BAD) {
      const entry = normalizeScopeEntry(ws.root, bad);
      assert.ok(entry.refused, `${bad} is refused`);
      assert.equal(compileScopeEntry(entry)('etc/passwd'), false);
    }
    assert.ok(!normalizeScopeEntry(ws.root, 'src/').refused);
    // A leading / is the workspace root (the forks write repository paths so): still never the system's /etc.
    assert.deepEqual([normalizeScopeEntry(ws.root, '/etc/passwd').normalized, compileScopeEntry(normalizeScopeEntry(ws.root, '/etc/passwd'))('etc/passwd')], ['etc/passwd', true]);
  });

  it('intent_map.md rows outside the folder are diagnostics at their line; a symlinked row is never hashed', async () => {
    // Markdown reads `\\.` as an escaped dot, so the Windows-style row climbs with `..\\etc` (no escapable character).
    const bad = ['../../etc/passwd', '/../etc/passwd', '..\\etc\\passwd', 'src/../../x', 'C:\\Windows\\win.ini'];
    const rows = [...bad, 'src/a.ts', 'src/linked.md', '/etc/passwd'].map((f) => `| ${f} | INT-001 | INT-001 | n/a |`);
    const text = ['# Map', '', '| File Path | Owning Intent ID | Last Modified By | Content Hash |', '|---|---|---|---|', ...rows, ''].join('\n');
    const file = ws.write('.orchestration/intent_map.md', text);
    const { record, diagnostics } = parseIntentMap(file, ws.root, text);
    // `/etc/passwd` is the folder's own etc/passwd (a leading / is the workspace root), never the system's.
    assert.deepEqual(record.rows.map((r) => r.file), ['src/a.ts', 'src/linked.md', 'etc/passwd']);
    assert.deepEqual(diagnostics.map((d) => d.line), [5, 6, 7, 8, 9]);
    assert.ok(diagnostics.every((d) => d.file === file && d.column === 1 && /outside/.test(d.message)));
    link(out.sentinel, ws.path('src/linked.md'));
    const checker = new DriftChecker();
    const linked = await checker.check(ws.root, record.rows[1]!);
    assert.deepEqual(linked, { drift: 'outside', actual: null });
    assert.equal((await checker.check(ws.root, record.rows[0]!)).drift, 'unrecorded');
  });

  it('a trace entry naming a file outside stays shown as written, is no problem of the file, and is never opened', async () => {
    const lines = [{ action_type: 'write', agent_id: 'a', payload: { target_files: ['../../etc/passwd'] }, result: { status: 'ok' } },
      { action_type: 'write', agent_id: 'a', payload: { target_files: ['src/a.ts'] }, result: { status: 'ok' } }];
    const file = ws.write('.orchestration/agent_trace.jsonl', lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const tail = await readTraceTail(file, { limit: 10, maxBytes: 1 << 20 });
    assert.equal(tail.entries.length, 2);
    assert.ok(tail.entries.some((e) => e.files[0] === '../../etc/passwd'), 'shown as written');
    // The views open a target only through containedPath, which refuses it (the Intents view and Show Agent Trace say so).
    assert.deepEqual(tail.problems, []);
    assert.equal((await containedPath(ws.root, '../../etc/passwd', { what: 'the workspace folder' })).ok, false);
  });

  it('logTrace refuses target files outside or linked out, so their bytes are never hashed', async () => {
    link(out.sentinel, ws.path('src/linked.md'));
    const ctx = { root: ws.root, now: new Date('2026-01-01T00:00:00Z'), sessionId: 's' };
    for (const bad of [...BAD, 'src/linked.md']) {
      await assert.rejects(prepareTraceEntry({ agent_id: 'a', intent_id: null, action_type: 'write', payload: { target_files: [bad] },
        result: { status: 'ok', output_summary: '' } }, ctx), /target file refused/, bad);
    }
    const ok = await prepareTraceEntry({ agent_id: 'a', intent_id: null, action_type: 'write', payload: { target_files: ['src/a.ts'] },
      result: { status: 'ok', output_summary: '' } }, ctx);
    assert.match(String(ok.result.content_hash), /^sha256:/);
  });

  it('validateScope refuses a path through a symlinked folder that leads out, even when its scope covers the name', async () => {
    ws.write('.orchestration/active_intents.yaml', 'active_intents:\n  - id: INT-001\n    name: all\n    status: IN_PROGRESS\n    owned_scope: ["**"]\n');
    link(out.subdir, ws.path('src/vendor'));
    const service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    assert.equal((await service.intents.validateScope('INT-001', 'src/a.ts', ws.root)).allowed, true);
    const linked = await service.intents.validateScope('INT-001', 'src/vendor/secret.md', ws.root);
    assert.equal(linked.allowed, false);
    assert.match(linked.reason, /symbolic link/);
    for (const bad of BAD) assert.equal((await service.intents.validateScope('INT-001', bad, ws.root)).allowed, false, bad);
  });
});

describe('paths: Orchestral/Dure (agent folders, VCR writes)', () => {
  const RUN = '.orchestral/runs/run-20260115143022';
  let ws: TempWorkspace;
  let out: Outside;
  beforeEach(() => { out = new Outside(); });
  afterEach(() => { ws?.dispose(); out.dispose(); });

  it('an agent named with a path out of the run is a diagnostic at its key', () => {
    ws = new TempWorkspace();
    const text = JSON.stringify({ run_id: 'run-20260115143022', phase: 'build', agents: { builder: { status: 'running' }, '../../../etc': { status: 'done' }, 'a\\..\\..\\b': { status: 'done' } } }, null, 2);
    const file = ws.write(`${RUN}/state.json`, text);
    const parsed = parseOrchestralFile(file, { kind: 'state', base: '.orchestral', run: 'run-20260115143022' }, text);
    const problems = parsed.diagnostics.filter((d) => /is not a folder name in the run/.test(d.message));
    assert.equal(problems.length, 2);
    assert.ok(problems.every((d) => d.line !== null && d.line > 1));
  });

  it('answering a CRP never writes through a vcr/ folder that links out of the run', async () => {
    ws = new TempWorkspace({ [`${RUN}/state.json`]: stateJson('crp-001'), [`${RUN}/crp/crp-1736951700.json`]: json(SINGLE_CRP) });
    link(out.subdir, ws.path(`${RUN}/vcr`));
    const service = new OrchestrationService({ folders: [{ root: ws.root }] });
    await service.scan();
    const d = service.decisions().find((x): x is OrchestralCrpDecision => x.system === 'orchestral')!;
    const before = out.snapshot();
    const crpBefore = readFileSync(d.file, 'utf8');
    const outcome = await answerCrp({ crpFile: d.file, crpId: d.id, runDir: d.runDir, shownCrpHash: d.crpHash, shownStateHash: d.stateHash },
      { decision: 'A', rationale: '', additionalNotes: '', appliesToFuture: false });
    assert.equal(outcome.ok, false);
    assert.match((outcome as { message: string }).message, /symbolic link/);
    assert.equal(out.snapshot(), before, 'nothing written outside');
    assert.equal(readFileSync(d.file, 'utf8'), crpBefore, 'the CRP is untouched');
  });
});

describe('paths: orange (task writes under the orange root)', () => {
  let out: Outside;
  let home: ReturnType<typeof orangeHome>;
  beforeEach(() => { out = new Outside(); home = orangeHome('valid'); });
  afterEach(() => { home.tmp.dispose(); out.dispose(); });

  it('never creates a task through tasks/<project> linked out of the orange root; names that climb are refused', async () => {
    link(out.subdir, path.join(home.orangeRoot, 'tasks', 'linked'));
    const before = out.snapshot();
    const linked = await createTask({ orangeRoot: home.orangeRoot, project: 'linked', summary: 's', context: '' });
    assert.equal(linked.ok, false);
    assert.match((linked as { message: string }).message, /symbolic link/);
    for (const project of ['..', '../../x', '..\\..\\x', '/etc']) {
      assert.equal((await createTask({ orangeRoot: home.orangeRoot, project, summary: 's', context: '' })).ok, false, project);
    }
    assert.equal(out.snapshot(), before);
  });

  it('never appends to a history.jsonl that links out of the task folder, nor moves a TASK.md that does', async () => {
    const taskDir = path.join(home.orangeRoot, 'tasks', 'app', ID.planning);
    rmSync(path.join(taskDir, 'history.jsonl'), { force: true });
    link(path.join(out.subdir, 'secret.md'), path.join(taskDir, 'history.jsonl'));
    const before = out.snapshot();
    const outcome = await editTask({ file: path.join(taskDir, 'TASK.md'), shownHash: null, to: 'working' });
    assert.equal(outcome.ok, false);
    assert.match((outcome as { message: string }).message, /symbolic link/);
    assert.equal(out.snapshot(), before);
  });
});

describe('paths: Ultrawork (context.json explorer documents and key files)', () => {
  let out: Outside;
  let tmp: TempWorkspace;
  beforeEach(() => { out = new Outside(); tmp = new TempWorkspace({ 'ws/src/a.ts': 'a\n' }); });
  afterEach(() => { tmp.dispose(); out.dispose(); });

  it('explorer files and key files that climb out are diagnostics at their value; the linked record has no file for them', async () => {
    const sessions = tmp.path('home/.claude/ultrawork/sessions');
    const dir = path.join(sessions, 's-1');
    tmp.write('home/.claude/ultrawork/sessions/s-1/session.json', JSON.stringify({ version: '5', session_id: 's-1', working_dir: tmp.path('ws'), goal: 'g', phase: 'PLANNING' }));
    const context = { explorers: [{ id: 'exp-1', file: '../../../../etc/passwd' }, { id: 'exp-2', file: 'exploration/exp-2.md' }, { id: 'exp-3', file: out.sentinel }],
      key_files: ['src/a.ts', '../../etc/passwd', '..\\..\\x'] };
    const text = JSON.stringify(context, null, 2);
    const file = tmp.write('home/.claude/ultrawork/sessions/s-1/context.json', text);
    tmp.write('home/.claude/ultrawork/sessions/s-1/exploration/exp-2.md', '# exp 2\n');
    const record = parseUltraworkFile(file, { kind: 'context', session: 's-1' }, text);
    const problems = record.kind === 'context' ? record.problems.filter((p) => /not opened/.test(p.message)) : [];
    assert.equal(problems.length, 4, problems.map((p) => p.message).join(' | '));
    assert.ok(problems.every((p) => p.line !== null && p.column !== null));
    const service = new OrchestrationService({ folders: [{ root: tmp.path('ws'), ultraworkSessions: sessions }] });
    await service.scan();
    const session = service.items().find((i): i is UltraworkSession => i.system === 'ultrawork' && i.kind === 'session')!;
    out.assertNotLeaked(session, 'the session');
    const explorers = session.context!.explorers;
    assert.deepEqual(explorers.map((e) => [e.id, e.file, e.outside !== null]),
      [['exp-1', null, true], ['exp-2', path.join(dir, 'exploration', 'exp-2.md'), false], ['exp-3', null, true]]);
    assert.deepEqual(session.context!.keyFiles, ['src/a.ts', '../../etc/passwd', '..\\..\\x'], 'key files are shown as written');
  });
});
