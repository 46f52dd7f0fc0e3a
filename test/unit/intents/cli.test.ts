import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO, TempWorkspace } from '../helpers/temp-workspace';

const CLI = path.join(REPO, 'dist', 'cli.js');

function baton(args: string[], cwd = REPO) {
  const r = spawnSync(process.execPath, [CLI, ...args, '--no-cache'], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const INTENTS = [
  'active_intents:',
  '  - id: AUTH', '    name: Auth', '    status: ACTIVE', '    owned_scope: ["src/auth/**"]',
  '  - id: DOCS', '    name: Docs', '    status: PENDING', '    owned_scope: [docs/]',
].join('\n') + '\n';
const MAP = '# Intent Map\n\nKept by the agents.\n\n| File Path | Owning Intent ID | Last Modified By Intent ID | Content Hash |\n|---|---|---|---|\n'
  + '| `src/auth/login.ts` | `AUTH` | `AUTH` | `sha256:1a2b3c4d...` |\n| `README.md` | `DOCS` | `DOCS` | `n/a` |\n';

describe('baton CLI: intents', () => {
  let ws: TempWorkspace;
  before(function () {
    if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first');
  });
  afterEach(() => ws?.dispose());

  it('owner names every way an intent owns a file, relative to --root', () => {
    ws = new TempWorkspace({ '.orchestration/active_intents.yaml': INTENTS, '.orchestration/intent_map.md': MAP });
    const r = baton(['owner', 'src/auth/login.ts', '--root', ws.root, '--json']);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.deepStrictEqual(JSON.parse(r.stdout), { file: 'src/auth/login.ts', owners: [
      { intent: 'AUTH', name: 'Auth', via: 'owned_scope', pattern: 'src/auth/**' },
      { intent: 'AUTH', name: 'Auth', via: 'intent_map' },
    ] });
    assert.deepStrictEqual(JSON.parse(baton(['owner', path.join(ws.root, 'README.md'), '--root', ws.root, '--json']).stdout).owners,
      [{ intent: 'DOCS', name: 'Docs', via: 'intent_map' }]);
    assert.deepStrictEqual(JSON.parse(baton(['owner', 'src/authentication.ts', '--root', ws.root, '--json']).stdout).owners, []);
    assert.strictEqual(baton(['owner', 'docs/a/b.md', '--root', ws.root]).stdout.trim(), 'docs/a/b.md: DOCS Docs (via owned_scope docs/)');
    assert.strictEqual(baton(['owner', '../outside.ts', '--root', ws.root]).code, 2);
  });

  it('scan lists intents in the contract shape and reports their files\' problems', () => {
    ws = new TempWorkspace({ '.orchestration/active_intents.yaml': INTENTS, '.orchestration/intent_map.md': MAP,
      '.orchestration/agent_trace.jsonl': '{"timestamp":"2026-01-01T00:00:00Z","intent_id":"AUTH","action_type":"CONTEXT_LOAD"}\nnot json\n{"half":' });
    const r = baton(['scan', ws.root, '--json']);
    assert.strictEqual(r.code, 1, 'a broken trace line is an error');
    const report = JSON.parse(r.stdout);
    const auth = report.items.find((i: { id: string }) => i.id === 'AUTH');
    assert.deepStrictEqual({ system: auth.system, kind: auth.kind, title: auth.title, status: auth.status, file: auth.file,
      ownedScope: auth.ownedScope, mappedFiles: auth.mappedFiles },
    { system: 'intents', kind: 'intent', title: 'Auth', status: 'ACTIVE', file: '.orchestration/active_intents.yaml',
      ownedScope: ['src/auth/**'], mappedFiles: ['src/auth/login.ts'] });
    assert.deepStrictEqual(report.diagnostics.map((d: Record<string, unknown>) => [d.file, d.line, d.severity, d.system]),
      [['.orchestration/agent_trace.jsonl', 2, 'error', 'intents']]);
    const summary = baton(['scan', ws.root]).stdout;
    assert.match(summary, /intents: 2 intents\n {2}AUTH\s+ACTIVE\s+Auth {2}\[src\/auth\/\*\*\]/);
  });
});
