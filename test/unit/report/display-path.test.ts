import * as assert from 'node:assert';
import path from 'node:path';
import { displayPath } from '../../../src/core/report/display-path';
import { relativePath } from '../../../src/core/util/relative-path';
import { rng } from '../yaml/orc-yaml-gen';

/** What displayPath gave before its shortcut: path.relative every time. */
function byRelative(root: string, file: string): string {
  const rel = path.relative(root, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : file;
}

describe('displayPath and relativePath', () => {
  it('give what path.relative gives, on 50,000 random folders and files (odd segments included)', () => {
    const r = rng(1818);
    const SEGMENTS = ['a', 'b', '.orc', 'tasks', 'TASK-001', '.', '..', '', '..x', 'x..', '.x', '...', ' ', 'é', 'a\\b'];
    const pathOf = (n: number, absolute: boolean) =>
      (absolute ? '/' : '') + Array.from({ length: n }, () => SEGMENTS[Math.floor(r() * SEGMENTS.length)]).join('/');
    let cut = 0;
    for (let i = 0; i < 50000; i++) {
      const root = r() < 0.05 ? '/' : pathOf(1 + Math.floor(r() * 3), r() < 0.95);
      // Mostly files under the folder, as a scan finds them; some elsewhere, some equal to it.
      const x = r();
      const file = x < 0.7 ? `${root}/${pathOf(1 + Math.floor(r() * 4), false)}` : x < 0.75 ? root : pathOf(1 + Math.floor(r() * 5), r() < 0.9);
      assert.strictEqual(relativePath(root, file), path.relative(root, file), `${JSON.stringify(root)} ${JSON.stringify(file)}`);
      const expected = byRelative(root, file);
      assert.strictEqual(displayPath(root, file), expected, `${JSON.stringify(root)} ${JSON.stringify(file)}`);
      if (expected !== file && file.startsWith(`${root}/`) && expected === file.slice(root.length + 1)) cut++;
    }
    assert.ok(cut > 5000, `${cut} cut at the folder`);
  });
});
