import * as assert from 'node:assert';
import fc from 'fast-check';
import { fileFormats } from './catalog';
import { FUZZ_MODE, FUZZ_RUNS, fuzzParameters, fuzzTimeout } from './fuzz-config';
import { hostileCases, type HostileCase } from './hostile';
import { applyMutations, mutationArb, syntaxOf } from './mutations';
import { FuzzWorkspace } from './service-harness';

/**
 * Issue 8, fuzzing: every file every reader reads — found from defaultAdapters() and the samples in demo/ and
 * test/fixtures/ — is broken at random (mutations of the valid file) and on purpose (hostile inputs), written into
 * a temp workspace, and re-read through the real service (fileChanged → read/parse → link). Invariants: no reader
 * throws, every diagnostic names a file with a 1-based line/column or null, the other items are still listed,
 * records stay JSON. A failing property prints its seed and path: rerun with BATON_FUZZ_SEED and BATON_FUZZ_PATH.
 */
const formats = fileFormats();
/**
 * Under `npm test` the big inputs (megabytes, 100k elements, 10k levels) run for the first format of each syntax
 * (YAML, JSON, JSONL, Markdown, text), so the suite stays near a minute on two cores; `npm run fuzz` runs them all.
 */
const bigRunsFor = new Set<string>();
for (const f of formats) {
  const syntax = syntaxOf(f.samples[0]!);
  if (![...bigRunsFor].some((n) => n.startsWith(syntax + '|'))) bigRunsFor.add(`${syntax}|${f.name}`);
}
const WRONG_TYPES_IN_CI = 24;
/** A reader may take its time over a 9 MB file on a busy machine, but not this long. */
const MAX_CASE_MS = 10_000;

describe('fuzz: every reader, through the service', function () {
  it('finds the files of every system to fuzz', () => {
    const systems = new Set(formats.map((f) => f.system));
    for (const s of ['orc', 'orchestral', 'intents']) assert.ok(systems.has(s), `no ${s} samples found`);
    assert.ok(formats.length >= 15, `only ${formats.length} formats: ${formats.map((f) => f.name).join(', ')}`);
  });

  for (const format of formats) {
    describe(format.name, function () {
      this.timeout(fuzzTimeout());
      let fw: FuzzWorkspace;
      before(async () => { fw = new FuzzWorkspace(format); await fw.start(); });
      after(() => fw?.dispose());

      it(`survives ${FUZZ_RUNS} mutated files`, async () => {
        let last: string | undefined;
        await fc.assert(fc.asyncProperty(fc.nat({ max: format.samples.length - 1 }), fc.array(mutationArb, { minLength: 1, maxLength: 4 }),
          async (which, mutations) => {
            const rel = format.samples[which]!;
            if (last && last !== rel) await fw.restore(last);
            last = rel;
            const bytes = applyMutations(fw.originals.get(rel)!, syntaxOf(rel), mutations);
            await fw.check(rel, bytes, `${rel} after ${JSON.stringify(mutations).slice(0, 300)}`);
          }), fuzzParameters());
        if (last) await fw.restore(last);
      });

      it('survives hostile inputs (huge, deep, alias bombs, BOM, CRLF, NUL, invalid UTF-8, wrong types)', async () => {
        // A sample the folder shows: a home-root system (orange, Ultrawork) leaves another project's files, and
        // their problems, out of this folder (CLI.md), so a hostile case there would rightly report nothing.
        const rel = format.samples.find((s) => fw.itemsFrom(s).length > 0) ?? format.samples[0]!;
        const all = hostileCases(fw.originals.get(rel)!, syntaxOf(rel));
        const cases = FUZZ_MODE ? all : selectForCi(all, bigRunsFor.has(`${syntaxOf(rel)}|${format.name}`));
        const before = fw.itemsFrom(rel);
        for (const c of cases) {
          const started = Date.now();
          const mine = await fw.check(rel, c.bytes(), `${rel}: ${c.name}`);
          const took = Date.now() - started;
          if (process.env.BATON_FUZZ_TIMING && took > 200) console.log(`      ${took} ms: ${c.name}`);
          assert.ok(took < MAX_CASE_MS, `${rel}: ${c.name}: took ${took} ms`);
          if (c.expect === 'problem') assert.ok(mine.length, `${rel}: ${c.name}: no diagnostic names the file`);
          if (c.expect === 'same') {
            assert.deepStrictEqual(fw.itemsFrom(rel), before, `${rel}: ${c.name}: the file is still valid, but its items changed`);
          }
        }
        await fw.restore(rel);
      });
    });
  }
});

function selectForCi(all: HostileCase[], withBig: boolean): HostileCase[] {
  const wrong = all.filter((c) => c.wrongType);
  const step = Math.max(1, Math.floor(wrong.length / WRONG_TYPES_IN_CI));
  return [...all.filter((c) => !c.wrongType && (withBig || !c.big)), ...wrong.filter((_, i) => i % step === 0)];
}
