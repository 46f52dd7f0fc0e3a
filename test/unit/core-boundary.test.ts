import * as assert from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from './helpers/temp-workspace';

describe('layering', () => {
  for (const layer of ['src/core', 'src/cli', 'src/shared', 'src/mcp']) {
    it(`no file under ${layer} imports vscode`, () => {
      const dir = path.join(REPO, layer);
      const offenders = readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith('.ts'))
        .map((e) => path.join(e.parentPath, e.name))
        .filter((f) => /(from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\))/.test(readFileSync(f, 'utf8')));
      assert.deepStrictEqual(offenders, []);
    });
  }

  // The core is below the three fronts on it (the editor, the CLI, the MCP server): it never imports one of them.
  it('no file under src/core imports from src/vscode, src/cli or src/mcp', () => {
    const dir = path.join(REPO, 'src/core');
    const offenders = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.ts'))
      .map((e) => path.join(e.parentPath, e.name))
      .filter((f) => [...readFileSync(f, 'utf8').matchAll(/from\s+['"](\.[^'"]*)['"]|import\(\s*['"](\.[^'"]*)['"]/g)]
        .some((m) => path.relative(path.join(REPO, 'src'), path.resolve(path.dirname(f), (m[1] ?? m[2])!)).split(path.sep)[0] !== 'core'));
    assert.deepStrictEqual(offenders.map((f) => path.relative(REPO, f)), []);
  });

  // The core's own layers run one way: formats read the model, io, yaml and util, never the service above them.
  for (const [lower, upper] of <[string, string][]>[['src/core/formats', 'service'], ['src/core/model', 'formats'], ['src/core/model', 'service'],
    ['src/core/io', 'formats'], ['src/core/io', 'service']]) {
    it(`no file under ${lower} imports from core/${upper}`, () => {
      const dir = path.join(REPO, lower);
      const offenders = readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith('.ts'))
        .map((e) => path.join(e.parentPath, e.name))
        .filter((f) => [...readFileSync(f, 'utf8').matchAll(/from\s+['"](\.[^'"]*)['"]/g)]
          .some((m) => path.relative(path.join(REPO, 'src/core'), path.resolve(path.dirname(f), m[1]!)).split(path.sep)[0] === upper));
      assert.deepStrictEqual(offenders.map((f) => path.relative(REPO, f)), []);
    });
  }
});

