import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIXTURES, REPO } from '../helpers/temp-workspace';
import { orangeHome, scanned, WILD_HAZARDS, WILD_VALID, wildOrangeHome } from './helpers';

const CLI = path.join(REPO, 'dist', 'cli.js');
/** What `baton scan --json --home` and the index's items gave on each fixture before the reader was made fast (issue 18). */
const GOLDEN = path.join(FIXTURES, 'orange-scan-golden');
/** `BATON_WRITE_GOLDEN=1` rewrites the expected files (only when the output is meant to change). */
const WRITE = process.env.BATON_WRITE_GOLDEN === '1';

interface Home { readonly root: string; readonly orangeRoot: string; readonly home: string; readonly scratch: string }

const FIXTURE_HOMES: Record<string, () => Home> = {
  ...Object.fromEntries((['valid', 'broken'] as const).map((name) => [name, () => {
    const h = orangeHome(name);
    return { root: h.root, orangeRoot: h.orangeRoot, home: h.tmp.path('home'), scratch: h.tmp.root };
  }])),
  ...Object.fromEntries([...WILD_VALID, ...WILD_HAZARDS].map((name) => [`wild-${name}`, () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'baton-orange-golden-'));
    return { ...wildOrangeHome(name, scratch), scratch };
  }])),
};

/** The temp folder's path (and its JSON-escaped form) as a placeholder, so the text compares across runs. */
function normalized(text: string, scratch: string): string {
  return text.split(JSON.stringify(scratch).slice(1, -1)).join('<tmp>').split(scratch).join('<tmp>');
}

function expect(file: string, actual: string): void {
  const golden = path.join(GOLDEN, file);
  if (WRITE) { mkdirSync(GOLDEN, { recursive: true }); writeFileSync(golden, actual); return; }
  assert.ok(actual === readFileSync(golden, 'utf8'), `${file}: the output differs from the one before the change`);
}

describe('orange: scan output is byte-identical to the reader before it was made fast (issue 18)', () => {
  before(function () {
    if (!existsSync(CLI)) throw new Error('dist/cli.js is missing: run `node scripts/build.mjs` first');
  });

  for (const [name, make] of Object.entries(FIXTURE_HOMES)) {
    it(`${name}: baton scan --json --home, and the index's orange items in order`, async () => {
      const home = make();
      try {
        const r = spawnSync(process.execPath, [CLI, 'scan', home.root, '--json', '--home', home.home, '--no-cache'], { encoding: 'utf8' });
        assert.ok(r.status === 0 || r.status === 1, r.stderr);
        expect(`${name}.scan.json`, normalized(r.stdout, home.scratch));
        const service = await scanned(home.root, home.orangeRoot);
        try {
          const items = service.items().filter((i) => i.system === 'orange');
          const decisions = service.decisions().filter((d) => d.system === 'orange');
          expect(`${name}.items.json`, normalized(JSON.stringify({ items, decisions }, null, 1), home.scratch));
        } finally {
          service.dispose();
        }
      } finally {
        rmSync(home.scratch, { recursive: true, force: true });
      }
    });
  }
});
