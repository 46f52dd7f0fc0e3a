import * as assert from 'node:assert';
import { folderForPath, foldersFor, oneFolder } from '../../../src/core/queries/folders';

describe('queries: which folder a question is about', () => {
  const one = ['/w/app'];
  const several = ['/w/app', '/w/lib', '/x/app', '/w/app/nested'];

  it('one folder open: it, whether named or not', () => {
    assert.strictEqual(oneFolder(one, undefined), '/w/app');
    assert.strictEqual(oneFolder(one, 'app'), '/w/app');
    assert.deepStrictEqual(foldersFor(one, undefined), one);
  });

  it('several open: none named is ambiguous; a unique name or an absolute path picks one', () => {
    assert.throws(() => oneFolder(several, undefined), /4 folders are open; name one with "folder"/);
    assert.strictEqual(oneFolder(several, 'lib'), '/w/lib');
    assert.strictEqual(oneFolder(several, '/x/app'), '/x/app');
    assert.throws(() => oneFolder(several, 'app'), /several open folders are named app/);
    assert.throws(() => oneFolder(several, 'nope'), /nope is not an open folder/);
    // A relative path that happens to resolve to a folder from the current directory is not a folder's name.
    assert.throws(() => oneFolder(['/w/app'].concat(process.cwd()), '.'), /not an open folder/);
    assert.deepStrictEqual(foldersFor(several, undefined), several);
  });

  it('an absolute path picks the deepest folder holding it; outside every folder it is refused', () => {
    assert.strictEqual(folderForPath(several, '/w/app/nested/a.ts', undefined), '/w/app/nested');
    assert.strictEqual(folderForPath(several, '/w/app/src/a.ts', undefined), '/w/app');
    assert.strictEqual(folderForPath(several, '/w/application/a.ts', undefined, { outside: () => null }), null);
    assert.throws(() => folderForPath(several, '/etc/passwd', undefined), /outside every open folder/);
    assert.throws(() => folderForPath(several, 'src/a.ts', undefined), /name one with "folder"/);
    assert.strictEqual(folderForPath(several, 'src/a.ts', 'lib'), '/w/lib');
  });
});
