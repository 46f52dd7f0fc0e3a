import * as assert from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from './helpers/temp-workspace';

describe('layering', () => {
  for (const layer of ['src/core', 'src/cli', 'src/shared']) {
    it(`no file under ${layer} imports vscode`, () => {
      const dir = path.join(REPO, layer);
      const offenders = readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith('.ts'))
        .map((e) => path.join(e.parentPath, e.name))
        .filter((f) => /(from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\))/.test(readFileSync(f, 'utf8')));
      assert.deepStrictEqual(offenders, []);
    });
  }
});
