import * as assert from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { splitTaskFile } from '../../../src/core/formats/orange/frontmatter';
import { plainOutline } from '../../../src/core/formats/orange/plain-outline';
import { markdownItOutline } from '../../../src/core/formats/orange/sections';
import { FIXTURES } from '../helpers/temp-workspace';
import { FUZZ_RUNS, fuzzParameters, fuzzTimeout } from './fuzz-config';

/** Lines a TASK.md body has, and lines that make CommonMark read the lines around them otherwise. */
const lineArb = fc.oneof(
  fc.constantFrom('', ' ', '\t', '## Plan', '## Context', '## Questions', '# Title', '### Sub', '###### Six', '####### Seven', '##', '## ',
    '##\tTabbed', '## Trailing  ', '## Closed ##', '## Esc \\#', '#tag', ' ## Indented', '    code', '```', '```ts', '~~~', '---', '===', '***',
    '- item', '* item', '+ item', '1. one', '2) two', '2026 was', '> quote', '<div>', '[ref]: /x', '| a | b |', '\\# escaped', '_under_',
    'APPROACH: Do the thing', 'TOUCHING: src/a.ts', 'Plain prose with **bold** and `code`.', 'Trailing spaces  ', '\u00a0nbsp', '\ufeffbom',
    '- [ ] Which of the two ways?', '- [x] Done', '- [X] Done', '* [ ]  Spaced', '-  Two spaces', '- ', '-', '- item  ', '+ [ ]', '- [ ]x',
    'é€😀 text', 'Text\r', 'a\0b', 'Setext', 'x'),
  fc.string({ maxLength: 20 }).map((s) => s.replace(/\n/g, '')),
);

/**
 * The plain outline (no markdown-it) against markdown-it itself: wherever the plain path answers, its answer is
 * markdown-it's; on the fixtures' bodies too.
 */
describe('fuzz: orange\'s plain body outline against markdown-it', function () {
  this.timeout(fuzzTimeout(FUZZ_RUNS, 5));

  it(`gives markdown-it's outline on every body it answers for (${FUZZ_RUNS * 20} random bodies)`, () => {
    let answered = 0;
    fc.assert(fc.property(fc.array(lineArb, { maxLength: 30 }), fc.boolean(), (lines, finalNewline) => {
      const body = lines.join('\n') + (finalNewline ? '\n' : '');
      const plain = plainOutline(body);
      if (plain) { answered++; assert.deepStrictEqual(plain, markdownItOutline(body)); }
    }), fuzzParameters(FUZZ_RUNS * 20));
    assert.ok(answered > 0, 'the plain path never answered');
  });

  it(`gives markdown-it's outline on bodies of headings, prose and one-line bullet items (${FUZZ_RUNS * 20} random bodies)`, () => {
    const listy = fc.constantFrom('', '', ' ', '\t', '## Questions', '## Plan', '# T', '### S', '- a', '- [ ] Which?', '- [x] Done', '* b', '+ c',
      '- item  ', '-  two', '- ', 'Text', 'APPROACH: x', '- [ ]x', '* [ ]  y', '+ [X] z', '-\tTab', '- a\t');
    let withItems = 0;
    fc.assert(fc.property(fc.array(listy, { maxLength: 12 }), fc.boolean(), (lines, finalNewline) => {
      const body = lines.join('\n') + (finalNewline ? '\n' : '');
      const plain = plainOutline(body);
      if (!plain) return;
      if (plain.sections.some((s) => s.items.length)) withItems++;
      assert.deepStrictEqual(plain, markdownItOutline(body));
    }), fuzzParameters(FUZZ_RUNS * 20));
    assert.ok(withItems > 0, 'the plain path never answered with list items');
  });

  it('gives markdown-it\'s outline on every TASK.md of the orange fixtures it answers for', () => {
    const bodies: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(dir, e.name));
        else if (e.name === 'TASK.md') { const split = splitTaskFile(readFileSync(path.join(dir, e.name), 'utf8')); if (split) bodies.push(split.body); }
      }
    };
    walk(path.join(FIXTURES, 'orange'));
    walk(path.join(FIXTURES, 'wild', 'orange'));
    assert.ok(bodies.length > 10);
    let answered = 0;
    for (const body of bodies) {
      const plain = plainOutline(body);
      if (plain) { answered++; assert.deepStrictEqual(plain, markdownItOutline(body)); }
    }
    assert.ok(answered > 0);
  });
});
