import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { containedPath, containedPathSync, resolveContained } from '../../../src/core/io/contained-path';
import { TempWorkspace } from '../helpers/temp-workspace';
import { link, Outside } from './outside';

describe('paths: the contained-path helper', () => {
  let ws: TempWorkspace;
  let out: Outside;
  beforeEach(() => {
    ws = new TempWorkspace({ 'src/a.ts': 'a\n', 'docs/guide.md': '# guide\n' });
    out = new Outside();
  });
  afterEach(() => { ws.dispose(); out.dispose(); });

  /** Both the async and the sync answer, which must agree. */
  async function both(candidate: string, options = {}) {
    const a = await containedPath(ws.root, candidate, options);
    const s = containedPathSync(ws.root, candidate, options);
    assert.deepEqual(s, a, `sync and async disagree on ${candidate}`);
    return a;
  }

  it('accepts plain relative paths, ./ paths and absolute paths inside the root, with / in `relative`', async () => {
    assert.deepEqual(await both('src/a.ts'), { ok: true, absolute: ws.path('src/a.ts'), relative: 'src/a.ts' });
    assert.equal((await both('./docs/guide.md') as { relative: string }).relative, 'docs/guide.md');
    assert.equal((await both(ws.path('src/a.ts')) as { relative: string }).relative, 'src/a.ts');
    assert.equal((await both('src/new-file.ts') as { ok: boolean }).ok, true, 'a file that does not exist yet, in a real folder');
  });

  it('refuses ../, absolute paths elsewhere, Windows ..\\ and drive paths, empty and NUL paths', async () => {
    for (const bad of ['../../etc/passwd', '/etc/passwd', 'src/../../x', '..\\..\\etc\\passwd', 'src\\..\\..\\x', 'C:\\Windows\\win.ini',
      '', '   ', 'a\0b', out.sentinel, '..']) {
      const r = await both(bad);
      assert.equal(r.ok, false, `${JSON.stringify(bad)} should be outside`);
    }
    assert.match((await both('../../etc/passwd') as { reason: string }).reason, /outside/);
  });

  it('expands ~ only when a home is given, and then judges the expanded path', async () => {
    const plain = await both('~/notes.md');
    assert.equal(plain.ok, true, 'without a home, ~ is an ordinary folder name inside the root');
    assert.equal((await both('~/.ssh/id_rsa', { home: os.homedir() })).ok, path.relative(ws.root, os.homedir()).startsWith('..') ? false : true);
    assert.equal(resolveContained(ws.root, '~/src/a.ts', { home: ws.root }).ok, true, '~ as the root itself');
  });

  it('refuses a symlinked file and a symlinked folder whose real target leaves the root', async () => {
    link(out.sentinel, ws.path('docs/linked.md'));
    link(out.subdir, ws.path('linked-dir'));
    assert.equal(resolveContained(ws.root, 'docs/linked.md').ok, true, 'the lexical check alone cannot see a link');
    const file = await both('docs/linked.md');
    assert.equal(file.ok, false);
    assert.match((file as { reason: string }).reason, /symbolic link/);
    assert.equal((await both('linked-dir/secret.md')).ok, false);
    assert.equal((await both('linked-dir/not-yet-there.md')).ok, false, 'a new file under a linked folder would be written outside');
    assert.equal((await both('linked-dir/a/b/c.md')).ok, false);
  });

  it('refuses a dangling link that points outside (a write would land there)', async () => {
    link(path.join(out.dir, 'does-not-exist.md'), ws.path('dangling.md'));
    assert.equal((await both('dangling.md')).ok, false);
  });

  it('allows a symlink whose target stays inside the root', async () => {
    link(ws.path('docs/guide.md'), ws.path('src/guide-link.md'));
    link(ws.path('docs'), ws.path('docs-link'));
    assert.deepEqual(await both('src/guide-link.md'), { ok: true, absolute: ws.path('src/guide-link.md'), relative: 'src/guide-link.md' });
    assert.equal((await both('docs-link/guide.md')).ok, true);
  });

  it('works when the root itself is reached through a symlink', async () => {
    const alias = link(ws.root, path.join(out.dir, 'alias'));
    assert.equal((await containedPath(alias, 'src/a.ts')).ok, true);
    assert.equal((await containedPath(alias, '../secret.md')).ok, false);
  });

  it('refuses the root itself unless allowed', async () => {
    assert.equal((await both('.')).ok, false);
    assert.equal((await both('.', { allowRoot: true })).ok, true);
  });
});
