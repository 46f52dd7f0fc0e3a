import * as assert from 'node:assert';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { REPO } from './helpers/temp-workspace';

/**
 * The pages stay small: Markdown is parsed on the host (src/shared/markdown-protocol.ts) and a page only renders the
 * tree, so no webview bundle may pull in the parser (markdown-it and its helpers) or zod, which the host uses to check
 * what it sends. Each page's main.ts is bundled as scripts/build.mjs bundles it, in memory, and its inputs listed.
 */
const HOST_ONLY = /node_modules[\\/](markdown-it|linkify-it|mdurl|uc\.micro|entities|punycode(\.js)?|zod)[\\/]/;

describe('webview bundles', () => {
  const pages = readdirSync(path.join(REPO, 'webview-ui')).filter((d) => existsSync(path.join(REPO, 'webview-ui', d, 'main.ts')));

  it('finds the pages that render Markdown', () => {
    for (const page of ['decisions', 'task-detail']) assert.ok(pages.includes(page), page);
  });

  for (const page of pages) {
    it(`${page}.js holds no Markdown parser and no zod`, async function () {
      this.timeout(30000);
      const result = await esbuild.build({ entryPoints: [path.join(REPO, 'webview-ui', page, 'main.ts')], bundle: true, write: false,
        outdir: path.join(REPO, 'out', 'bundle-check'), platform: 'browser', target: 'es2022', format: 'iife', minify: true, metafile: true, logLevel: 'silent' });
      const offenders = Object.keys(result.metafile.inputs).filter((f) => HOST_ONLY.test(f));
      assert.deepStrictEqual(offenders, []);
      const js = result.outputFiles.find((f) => f.path.endsWith('.js'))!;
      console.log(`      ${page}.js: ${(js.contents.length / 1024).toFixed(1)} KB minified`);
    });
  }
});
