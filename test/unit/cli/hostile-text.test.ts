import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { printable, printableLines, printableRow } from '../../../src/core/util/printable';
import { REPO, TempWorkspace } from '../helpers/temp-workspace';
import { alive, complete, ExecutorRepo } from '../executor/fixture';

const CLI = path.join(REPO, 'dist', 'cli.js');

/**
 * Text a hostile file carries: clear screen, an OSC 52 clipboard write, an OSC 8 link, a window title, a carriage
 * return that overwrites, a newline that would forge a row, bidi override and isolate, a C1 CSI and DEL.
 */
const HOSTILE = 'A\u001b[2JB\u001b]52;c;aGk=\u0007C\u001b]8;;http://evil.example\u001b\\link\u001b]8;;\u001b\\D\u001b]0;pwned\u0007E\rF\nG\u202eH\u2066I\u009bJ\u007fK';
/** How it must look on the terminal: every control shown as an escape, the text around it kept. */
const SHOWN = String.raw`A\x1b[2JB\x1b]52;c;aGk=\x07C\x1b]8;;http://evil.example\x1b\link\x1b]8;;\x1b\D\x1b]0;pwned\x07E\rF\nG\u202eH\u2066I\x9bJ\x7fK`;
/** Anything that acts on a terminal; the `\n` between rows is the only control character allowed through. */
// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** A JSON or YAML double-quoted string with every non-ASCII character as `\uXXXX` (both formats read it back exactly). */
function quoted(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function baton(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: path.join(REPO, '.vscode-test', 'cli-test-cache'), ...env }, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Nothing raw on either stream, and the hostile text visible, escaped, on one row (stdout or stderr as named). */
function assertShownSafely(r: { stdout: string; stderr: string }, where: 'stdout' | 'stderr', shown = SHOWN): void {
  for (const stream of ['stdout', 'stderr'] as const) {
    const raw = RAW.exec(r[stream]);
    assert.strictEqual(raw, null, `raw U+${raw?.[0].charCodeAt(0).toString(16)} on ${stream}: ${JSON.stringify(r[stream])}`);
  }
  assert.ok(r[where].split('\n').some((row) => row.includes(shown)), `${where} shows ${shown} on one row:\n${r[where]}`);
}

const ORANGE_ID = 'hstl3KB5E6GQLpvjpuNNs';

/** A folder with the hostile text in every field a readable output shows, and a home holding an orange project of it. */
function hostileWorkspace(): TempWorkspace {
  const ws = new TempWorkspace();
  const root = ws.path('ws');
  const files: Record<string, string> = {
    'ws/.orc/tasks/TASK-001/task.yaml': `id: TASK-001\ntitle: ${quoted(HOSTILE)}\nstatus: planned\npriority: high\n`,
    'ws/.orc/tasks/TASK-002/task.yaml': `id: TASK-002\ntitle: two\nstatus: ${quoted(HOSTILE)}\n`,
    'ws/.orchestration/active_intents.yaml': `active_intents:\n  - id: AUTH\n    name: ${quoted(HOSTILE)}\n    status: ACTIVE\n    owned_scope: ["src/**"]\n`,
    'ws/.orchestration/agent_trace.jsonl': `{"timestamp":"2026-01-01T00:00:00Z","intent_id":${quoted(HOSTILE)},"action_type":"TOOL_EXECUTION","payload":{"target_files":["src/a.ts"]},"result":{"status":"SUCCESS","output_summary":${quoted(HOSTILE)}}}\n`,
    'ws/.orchestral/runs/run-1/state.json': `{ "run_id": "run-1", "phase": "waiting_human", "iteration": 1, "max_iterations": 3, "pending_crp": ${quoted(`crp-${HOSTILE}`)} }\n`,
    'ws/.orchestral/runs/run-1/crp/crp-1.json': `{ "crp_id": ${quoted(`crp-${HOSTILE}`)}, "created_by": "refiner", "type": "clarification", "question": ${quoted(HOSTILE)}, ` +
      `"options": [{ "id": "A", "label": ${quoted(HOSTILE)} }], "recommendation": "A", "status": "pending" }\n`,
    'home/orange/projects.json': `[{ "name": "app", "path": ${JSON.stringify(root)}, "default_branch": "main", "pool_size": 1 }]\n`,
    [`home/orange/tasks/app/${ORANGE_ID}/TASK.md`]: `---\nid: ${ORANGE_ID}\nproject: app\nbranch: b\nstatus: clarification\nsummary: ${quoted(HOSTILE)}\n` +
      `created_at: '2026-02-01T10:00:00Z'\nupdated_at: '2026-02-01T11:00:00Z'\n---\n\n## Questions\n\n- [ ] ${HOSTILE.replace(/\n/g, ' ')}?\n`,
  };
  for (const [rel, text] of Object.entries(files)) ws.write(rel, text);
  return ws;
}

describe('text output is safe to print (hostile file text)', function () {
  this.timeout(120_000);
  let ws: TempWorkspace;
  let root: string;
  let home: string;
  before(function () {
    if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first');
  });
  beforeEach(() => { ws = hostileWorkspace(); root = ws.path('ws'); home = ws.path('home'); });
  afterEach(() => ws.dispose());

  it('printable shows every control character as an escape and changes nothing else', () => {
    assert.strictEqual(printable(HOSTILE), SHOWN);
    assert.strictEqual(printable(SHOWN), SHOWN, 'idempotent: its output holds no control character');
    assert.strictEqual(printable('Añ — 東京 ✓ \u00a0'), 'Añ — 東京 ✓ \u00a0');
    assert.deepStrictEqual(printableLines('a\r\nb\u001b\nc\rd'), ['a', String.raw`b\x1b`, String.raw`c\rd`]);
    assert.strictEqual(printableRow`  ${'T\n1'} ${'x'}\n`, '  T\\n1 x\n', 'the fields escaped, the literal text kept');
  });

  it('scan: task titles and statuses, intent names, CRP questions and orange tasks', () => {
    const r = baton(['scan', root, '--home', home, '--no-cache']);
    assertShownSafely(r, 'stdout');
    assert.match(r.stdout, /^ {2}TASK-001 +planned +high +A\\x1b\[2J.*\\nG/m, 'the title stays on its task row');
    for (const what of ['orchestral crp-', 'intents', 'orange']) assert.ok(r.stdout.includes(what), what);
    assert.ok(r.stdout.split('\n').filter((row) => row.includes(SHOWN)).length >= 5, r.stdout);
  });

  it('scan --json is unchanged: the values as written, JSON-escaped', () => {
    const report = JSON.parse(baton(['scan', root, '--json', '--home', home, '--no-cache']).stdout) as { items: { id: string; title: string }[] };
    assert.strictEqual(report.items.find((i) => i.id === 'TASK-001')!.title, HOSTILE);
  });

  it('check: a diagnostic quoting file text', () => {
    const r = baton(['check', root, '--home', home, '--no-cache']);
    assertShownSafely(r, 'stdout', String.raw`A\x1b[2JB`);
    for (const row of r.stdout.trim().split('\n')) assert.match(row, /^[^:]+:\d+:\d+: (error|warning|info): /, `one diagnostic a row: ${row}`);
  });

  it('owner: an intent name', () => {
    assertShownSafely(baton(['owner', 'src/a.ts', '--root', root, '--no-cache']), 'stdout');
  });

  it('trace: the intent and the summary', () => {
    assertShownSafely(baton(['trace', root]), 'stdout');
  });

  it('task show, task set and task new: the title, the summary of the edit and its refusal', () => {
    assertShownSafely(baton(['task', 'show', 'TASK-001', '--dir', root]), 'stdout');
    // A title is one line (a newline or carriage return is refused), so the edits take the hostile text without them.
    const oneLine = HOSTILE.replace('\n', ' ').replace('\r', ' ');
    const oneLineShown = SHOWN.replace('\\n', ' ').replace('\\r', ' ');
    const set = baton(['task', 'set', 'TASK-002', 'title', oneLine, '--dir', root]);
    assert.strictEqual(set.code, 0, set.stderr);
    assertShownSafely(set, 'stderr', oneLineShown);
    const multiLine = baton(['task', 'set', 'TASK-002', 'title', HOSTILE, '--dir', root]);
    assert.strictEqual(multiLine.code, 1);
    assertShownSafely(multiLine, 'stderr', 'a title is one non-empty line');
    const refused = baton(['task', 'set', 'TASK-002', 'priority', HOSTILE, '--dir', root]);
    assert.strictEqual(refused.code, 1);
    assertShownSafely(refused, 'stderr');
    const made = baton(['task', 'new', oneLine, '--dir', root]);
    assert.strictEqual(made.code, 0, made.stderr);
    assertShownSafely(made, 'stderr', oneLineShown);
  });

  it('answer: the refusal naming the pending CRPs, and a usage error quoting an argument', () => {
    const refused = baton(['answer', 'crp-404', '--option', 'A', '--dir', root]);
    assert.strictEqual(refused.code, 1);
    assertShownSafely(refused, 'stderr', `crp-${SHOWN} in run-1`);
    const usage = baton(['answer', 'crp-404', '--option', 'A', '--option', HOSTILE, '--dir', root]);
    assertShownSafely(usage, 'stderr', String.raw`A\x1b[2JB`);
  });

  it('usage errors: an unknown command and an unknown option', () => {
    const unknown = baton([HOSTILE]);
    assert.strictEqual(unknown.code, 2);
    assertShownSafely(unknown, 'stderr');
    const option = baton(['scan', `--x${HOSTILE}`]);
    assert.strictEqual(option.code, 2);
    assertShownSafely(option, 'stderr', String.raw`--xA\x1b[2JB`);
  });

  it('run: the renderer shows Claude\'s text and the task\'s own fields escaped', () => {
    const repo = new ExecutorRepo({ phases: [{ name: 'spec', type: 'spec', max_iterations: 1, completion_criteria: ['claude_confirms'], checkpoint: false, gate: { type: 'auto' } }] })
      .scenario({ calls: [[{ text: `Reply ${HOSTILE}` }, complete(`Done ${HOSTILE}`)]] });
    try {
      const r = spawnSync(process.execPath, [CLI, 'run', 'TASK-001', '--dir', repo.root], { encoding: 'utf8', env: { ...process.env, ...repo.env() }, timeout: 60_000 });
      assert.strictEqual(r.status, 0, r.stderr);
      // Claude's reply keeps its own line breaks as rows; everything else in it is shown escaped.
      assertShownSafely(r, 'stdout', SHOWN.split('\\n')[0]!);
      assert.match(r.stdout, /^Reply A\\x1b\[2JB.*\\x07E\\rF$/m);
    } finally {
      for (const c of repo.calls()) if (alive(c.pid)) { try { process.kill(-c.pid, 'SIGKILL'); } catch { /* gone */ } }
      repo.dispose();
    }
  });
});
