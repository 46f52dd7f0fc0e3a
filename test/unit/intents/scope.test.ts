import * as assert from 'node:assert';
import path from 'node:path';
import { parseIntentsFile } from '../../../src/core/formats/intents/intents-file';
import type { MapFileRecord } from '../../../src/core/formats/intents/model';
import { compileScopeEntry, normalizeScopeEntry } from '../../../src/core/formats/intents/scope';
import { MatcherCache, OwnershipIndex } from '../../../src/core/service/ownership';

const ROOT = path.resolve('/work/repo');

function owns(pattern: string, file: string): boolean {
  return compileScopeEntry(normalizeScopeEntry(ROOT, pattern))(file);
}

function index(yaml: string, rows: MapFileRecord['rows'] = []) {
  const { record } = parseIntentsFile(path.join(ROOT, '.orchestration/active_intents.yaml'), ROOT, yaml);
  return new OwnershipIndex(record, { kind: 'map', rows }, new MatcherCache());
}

describe('intents: owned_scope semantics', () => {
  it('globs match with picomatch, hidden files included', () => {
    assert.ok(owns('src/auth/**', 'src/auth/login.ts'));
    assert.ok(owns('src/auth/**', 'src/auth/deep/er/token.ts'));
    assert.ok(owns('src/**/*.test.ts', 'src/a/b.test.ts'));
    assert.ok(owns('src/**', 'src/.env'));
    assert.ok(!owns('src/**/*.test.ts', 'src/a/b.ts'));
    assert.ok(owns('**/*.md', 'docs/guide.md'));
  });

  it('src/auth/** does not own src/authentication.ts (a folder boundary, not a string prefix)', () => {
    assert.ok(!owns('src/auth/**', 'src/authentication.ts'));
    assert.ok(!owns('src/auth', 'src/authentication.ts'));
    assert.ok(!owns('src/auth/', 'src/authentication.ts'));
  });

  it('an entry without glob characters owns that file, or everything under it when it is a folder', () => {
    assert.ok(owns('docs/', 'docs/guide.md'));
    assert.ok(owns('docs', 'docs/api/v2/index.md'));
    assert.ok(owns('src/app.ts', 'src/app.ts'));
    assert.ok(!owns('src/app.ts', 'src/app.tsx'));
    assert.ok(!owns('src/app.ts', 'src/app.ts.orig'));
    assert.ok(owns('./src/app.ts', 'src/app.ts'), 'a leading ./ is the folder itself');
    assert.ok(owns('src\\auth\\', 'src/auth/login.ts'), 'backslashes are separators');
  });

  it('normalises absolute entries inside the folder and refuses everything that leaves it', () => {
    assert.ok(owns(path.join(ROOT, 'src/auth') + '/**', 'src/auth/login.ts'));
    for (const bad of ['../other/**', '../../etc/passwd', '/../etc/passwd', 'src/../../x', 'src/**/../../x', '', '   ']) {
      const entry = normalizeScopeEntry(ROOT, bad);
      assert.ok(entry.refused, `${JSON.stringify(bad)} should be refused`);
      assert.strictEqual(compileScopeEntry(entry)('x'), false);
    }
  });

  it('reads a leading / as the workspace root, as the forks write repository paths', () => {
    assert.ok(owns('/src/**', 'src/auth/login.ts'));
    assert.ok(owns('/docs/', 'docs/guide.md'));
    assert.ok(owns('/etc/passwd', 'etc/passwd'), 'the folder\'s own etc/, never the system\'s');
    assert.strictEqual(normalizeScopeEntry(ROOT, '/src/**').normalized, 'src/**');
    assert.strictEqual(normalizeScopeEntry(ROOT, '/').normalized, '');
  });

  it('reports a refused entry at its line and still uses the others', () => {
    const yaml = 'intents:\n  - id: A\n    status: PENDING\n    owned_scope:\n      - ../secrets/**\n      - src/a.ts\n';
    const { record, diagnostics } = parseIntentsFile(path.join(ROOT, '.orchestration/active_intents.yaml'), ROOT, yaml);
    assert.strictEqual(diagnostics.length, 1);
    assert.strictEqual(diagnostics[0]!.line, 5);
    assert.match(diagnostics[0]!.message, /outside the workspace folder/);
    const idx = new OwnershipIndex(record, undefined, new MatcherCache());
    assert.deepStrictEqual(idx.ownersOf('src/a.ts').map((o) => o.intent), ['A']);
  });
});

describe('intents: the ownership index', () => {
  const yaml = [
    'intents:',
    '  - id: AUTH', '    name: Auth', '    status: IN_PROGRESS', '    owned_scope: ["src/auth/**", "!src/auth/legacy/**"]',
    '  - id: DOCS', '    name: Docs', '    status: PENDING', '    owned_scope: [docs/]',
    '  - id: APP', '    name: App', '    status: BLOCKED', '    owned_scope: [src/app.ts, "src/auth/login.ts"]',
    '  - id: TS', '    name: All TypeScript', '    status: DRAFT', '    owned_scope: ["**/*.ts"]',
  ].join('\n');

  it('answers every way an intent owns a file, in file order, one entry per intent and way', () => {
    const idx = index(yaml, [{ file: 'src/auth/login.ts', owner: 'AUTH', lastModifiedBy: 'AUTH', hashText: null, hash: null, line: 5 }]);
    assert.deepStrictEqual(idx.ownersOf('src/auth/login.ts'), [
      { intent: 'AUTH', name: 'Auth', via: 'owned_scope', pattern: 'src/auth/**' },
      { intent: 'APP', name: 'App', via: 'owned_scope', pattern: 'src/auth/login.ts' },
      { intent: 'TS', name: 'All TypeScript', via: 'owned_scope', pattern: '**/*.ts' },
      { intent: 'AUTH', name: 'Auth', via: 'intent_map' },
    ]);
    assert.deepStrictEqual(idx.ownersOf('docs/guide.md').map((o) => o.intent), ['DOCS']);
    assert.deepStrictEqual(idx.ownersOf('src/authentication.ts').map((o) => o.intent), ['TS']);
    assert.deepStrictEqual(idx.ownersOf('README.md'), []);
  });

  it('honours exclusions (!pattern) of the same intent', () => {
    const idx = index(yaml);
    assert.deepStrictEqual(idx.ownersOf('src/auth/legacy/old.js').map((o) => o.intent), []);
    assert.deepStrictEqual(idx.ownersOf('src/auth/new.js').map((o) => o.intent), ['AUTH']);
  });

  it('gives intent-map rows for unknown intents an empty name rather than dropping them', () => {
    const idx = index(yaml, [{ file: 'x/y.md', owner: 'GONE', lastModifiedBy: null, hashText: null, hash: null, line: 3 }]);
    assert.deepStrictEqual(idx.ownersOf('x/y.md'), [{ intent: 'GONE', name: '', via: 'intent_map' }]);
  });

  it('compiles each pattern once, and reuses compiled patterns when the file changes', () => {
    const cache = new MatcherCache();
    const file = path.join(ROOT, '.orchestration/active_intents.yaml');
    const first = new OwnershipIndex(parseIntentsFile(file, ROOT, yaml).record, undefined, cache);
    const compiled = cache.compiled;
    assert.strictEqual(compiled, 6);
    for (let i = 0; i < 1000; i++) first.ownersOf(`src/auth/f${i}.ts`);
    assert.strictEqual(cache.compiled, compiled, 'lookups compile nothing');
    const changed = yaml.replace('owned_scope: [docs/]', 'owned_scope: [docs/, "site/**"]');
    new OwnershipIndex(parseIntentsFile(file, ROOT, changed).record, undefined, cache);
    assert.strictEqual(cache.compiled, compiled + 1, 'only the new pattern is compiled');
  });
});
