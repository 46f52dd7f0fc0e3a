import * as assert from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from './helpers/temp-workspace';

const dist = (file: string) => readFileSync(path.join(REPO, 'dist', file), 'utf8');

/** What the bundles leave out to stay small (issue 18: the extension bundle ≤ 1 MB), and that it still works there. */
describe('bundles: what each carries', () => {
  before(function () {
    if (!existsSync(path.join(REPO, 'dist', 'extension.js'))) throw new Error('dist/ is missing: run `node scripts/build.mjs` first');
  });

  it('SQLite (sql.js) is a bundle of its own, which the extension and the CLI require only on first use', () => {
    for (const bundle of ['extension.js', 'cli-main.js']) {
      const text = dist(bundle);
      assert.match(text, /require\("\.\/sql\.js\.js"\)/, bundle);
      assert.ok(!text.includes('_sqlite3_open'), `${bundle} does not carry sql.js itself`);
    }
    assert.ok(dist('sql.js.js').includes('_sqlite3_open'));
  });

  it('markdown-it is a bundle of its own, which the extension and the CLI require only when a Markdown body needs it', () => {
    for (const bundle of ['extension.js', 'cli-main.js']) {
      const text = dist(bundle);
      assert.match(text, /require\("\.\/markdown-it\.js"\)/, bundle);
      assert.ok(!text.includes('Input data should be a String'), `${bundle} does not carry markdown-it itself`);
    }
    assert.ok(dist('markdown-it.js').includes('Input data should be a String'));
  });

  it("zod's JSON Schema generation is in the CLI (its MCP server lists tool schemas), a stand-in in the extension", () => {
    assert.ok(dist('cli-main.js').includes('cannot be represented in JSON Schema'));
    const extension = dist('extension.js');
    assert.ok(!extension.includes('cannot be represented in JSON Schema'));
    assert.ok(extension.includes('JSON Schema generation is not part of the extension bundle'));
  });
});
