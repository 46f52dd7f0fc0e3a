import * as assert from 'node:assert';
import path from 'node:path';
import { CatFile } from '../../../src/core/places/cat-file';
import { otherPlaces } from '../../../src/core/places/places-service';
import { parseTree } from '../../../src/core/places/tree-walk';
import { refGlob } from '../../../src/core/places/repository';
import { scopeOverlap } from '../../../src/core/places/scope-overlap';
import { normalizeScopeEntry } from '../../../src/core/formats/intents/scope';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { GitRepos, git, write } from './git-repos';

function treeBytes(entries: [mode: string, name: string, oid: string][]): Buffer {
  return Buffer.concat(entries.map(([mode, name, oid]) => Buffer.concat([Buffer.from(`${mode} ${name}\0`, 'utf8'), Buffer.from(oid, 'hex')])));
}

describe('places: git objects, ref globs and scope overlap', () => {
  it('parses a tree object, skipping names that could leave the folder', () => {
    const oid = 'ab'.repeat(20);
    const entries = parseTree(treeBytes([['40000', '.orc', oid], ['100644', 'task.yaml', oid], ['100755', 'run.sh', oid], ['120000', 'link', oid],
      ['160000', 'sub', oid], ['40000', '..', oid], ['40000', '.', oid], ['100644', 'a\\b', oid]]), 20);
    assert.deepStrictEqual(entries.map((e) => `${e.kind} ${e.name}`), ['tree .orc', 'blob task.yaml', 'blob run.sh', 'other link', 'other sub']);
    assert.throws(() => parseTree(Buffer.from('100644 cut'), 20), /not in git's format/);
  });

  it('matches ref globs as git does (`*` across `/`), and nothing else', () => {
    assert.ok(refGlob('origin/*').test('origin/feature/a'));
    assert.ok(refGlob('feature/*').test('feature/x'));
    assert.ok(!refGlob('feature/*').test('origin/feature/x'));
    assert.ok(!refGlob('a.b').test('axb'));
    assert.ok(refGlob('release-1.?').test('release-1.?'));
    assert.ok(!refGlob('release-1.?').test('release-1.2'));
  });

  it('finds overlapping owned_scope between two intents, and none where the scopes are apart', () => {
    const scope = (...p: string[]) => p.map((x) => normalizeScopeEntry('/w', x));
    assert.deepStrictEqual(scopeOverlap(scope('src/auth/**'), scope('src/auth/login.ts')), { a: 'src/auth/**', b: 'src/auth/login.ts' });
    assert.ok(scopeOverlap(scope('src/auth'), scope('src/auth/login.ts')));
    assert.ok(scopeOverlap(scope('src/**/*.ts'), scope('src/auth/*.ts')));
    assert.ok(scopeOverlap(scope('src/'), scope('**/*.ts')));
    assert.ok(!scopeOverlap(scope('src/**/*.ts'), scope('src/auth/*.js')));
    assert.ok(!scopeOverlap(scope('src/auth/**'), scope('src/authentication/**')));
    assert.ok(!scopeOverlap(scope('docs/'), scope('src/**')));
    assert.ok(!scopeOverlap(scope('!src/auth/**'), scope('src/auth/x.ts')));
  });

  describe('on a real repository', () => {
    let repos: GitRepos;
    before(() => { repos = new GitRepos(); });
    after(() => repos.dispose());

    it('reads objects by id through one process, and skips the bytes of one too large', async () => {
      const big = git(repos.clone, ['hash-object', '-w', '--stdin'], 'x'.repeat(5000)).trim();
      const small = git(repos.clone, ['hash-object', '-w', '--stdin'], 'hello\n').trim();
      const cat = new CatFile(repos.clone, 1000);
      try {
        const [a, b, c] = await Promise.all([cat.read(big), cat.read(small), cat.read('0'.repeat(40))]);
        assert.deepStrictEqual(a, { oid: big, type: 'blob', size: 5000, tooLarge: true });
        assert.strictEqual('bytes' in b && b.bytes?.toString(), 'hello\n');
        assert.ok('missing' in c);
        await assert.rejects(cat.read('HEAD'), /not an object id/);
        await assert.rejects(cat.read(`${small}\n${big}`), /not an object id/);
        assert.strictEqual(cat.requested, 3);
      } finally {
        cat.dispose();
      }
    });

    it('makes a state file too large on a ref a problem of that ref, and reads the rest', async () => {
      const c = repos.clone;
      git(c, ['checkout', '-q', '-b', 'huge', 'origin/feature-a']);
      write(c, '.orc/tasks/TASK-099/task.yaml', `id: TASK-099\ntitle: huge\ndescription: "${'y'.repeat(9 * 1024 * 1024)}"\n`);
      repos.commit(c, 'huge');
      git(c, ['checkout', '-q', 'main']);
      const service = new OrchestrationService({ folders: [{ root: c, systems: ['orc', 'orchestral', 'intents'] }], places: otherPlaces({ trusted: true, worktrees: false, refs: ['huge'] }) });
      try {
        await service.scan();
        const elsewhere = service.places.elsewhere(c);
        const problem = elsewhere.diagnostics.find((d) => d.file === path.join(c, '.orc', 'tasks', 'TASK-099', 'task.yaml'))!;
        assert.match(problem.message, /too large/);
        assert.strictEqual(problem.elsewhere?.ref, 'huge');
        assert.ok(elsewhere.items.some((i) => i.id === 'TASK-010' && i.elsewhere?.ref === 'huge'));
      } finally {
        service.dispose();
        git(c, ['branch', '-q', '-D', 'huge']);
      }
    });
  });
});
