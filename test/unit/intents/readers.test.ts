import * as assert from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseIntentMap } from '../../../src/core/formats/intents/intent-map';
import { parseIntentsFile } from '../../../src/core/formats/intents/intents-file';
import { hashMatches, parseRecordedHash } from '../../../src/core/io/content-hash';
import { REPO } from '../helpers/temp-workspace';

const ROOT = path.join(REPO, 'demo');
const INTENTS = path.join(ROOT, '.orchestration/active_intents.yaml');
const MAP = path.join(ROOT, '.orchestration/intent_map.md');

describe('intents: active_intents.yaml', () => {
  it('reads the demo (spec root key `intents`, comments, folded descriptions) with no problem', () => {
    const { record, diagnostics } = parseIntentsFile(INTENTS, ROOT, readFileSync(INTENTS, 'utf8'));
    assert.deepStrictEqual(diagnostics, []);
    assert.strictEqual(record.rootKey, 'intents');
    assert.deepStrictEqual(record.intents.map((i) => [i.view.id, i.view.status]),
      [['INT-001', 'IN_PROGRESS'], ['INT-002', 'PENDING'], ['INT-003', 'COMPLETED'], ['INT-004', 'BLOCKED']]);
    const first = record.intents[0]!.view;
    assert.strictEqual(first.description, 'Rotate refresh tokens, detect token reuse and make logout revoke the session family.');
    assert.deepStrictEqual(first.ownedScope, ['src/auth/**']);
    assert.strictEqual(first.createdAt, '2026-01-12T08:30:00Z', 'timestamps stay strings');
  });

  it('reads the forks\' root key `active_intents`, and a bare list', () => {
    const forks = parseIntentsFile(INTENTS, ROOT, 'active_intents:\n  - id: a1\n    name: Fork\n    status: ACTIVE\n');
    assert.deepStrictEqual(forks.diagnostics, []);
    assert.strictEqual(forks.record.rootKey, 'active_intents');
    assert.deepStrictEqual(forks.record.intents.map((i) => i.view.id), ['a1']);
    const bare = parseIntentsFile(INTENTS, ROOT, '- id: b1\n  status: PENDING\n');
    assert.strictEqual(bare.record.rootKey, null);
    assert.deepStrictEqual(bare.record.intents.map((i) => i.view.id), ['b1']);
  });

  it('keeps unknown fields and unknown statuses as written, with no problem for either', () => {
    const { record, diagnostics } = parseIntentsFile(INTENTS, ROOT,
      'intents:\n  - id: X\n    status: ON_HOLD\n    priority: high\n    reviewers: [ana]\n');
    assert.strictEqual(record.intents[0]!.view.status, 'ON_HOLD');
    assert.deepStrictEqual(record.intents[0]!.fields.reviewers, ['ana']);
    assert.deepStrictEqual(diagnostics, []);
  });

  it('lets a broken intent cost only itself', () => {
    const yaml = [
      'intents:',
      '  - id: GOOD', '    status: PENDING',
      '  - name: no id here', '    status: PENDING',
      '  - id: TYPED', '    status: PENDING', '    owned_scope: src/oops.ts',
      '  - id: GOOD', '    status: BLOCKED',
      '  - just a string',
    ].join('\n');
    const { record, diagnostics } = parseIntentsFile(INTENTS, ROOT, yaml);
    assert.deepStrictEqual(record.intents.map((i) => i.view.id), ['GOOD', 'TYPED']);
    assert.deepStrictEqual(record.intents[1]!.view.ownedScope, ['src/oops.ts'], 'one path as a string is a scope of one');
    const where = diagnostics.map((d) => `${d.line}:${d.severity}:${d.message}`);
    assert.deepStrictEqual(where, [
      '4:warning:intent 2 has no `id`: an agent cannot select it, so Baton leaves it out',
      '9:warning:intent id "GOOD" is used by intent 1 already: an agent selecting it gets the first one, so this one is left out',
      '11:warning:intent 5 is not a mapping of fields; Baton cannot show it',
    ]);
  });

  it('reports a syntax error and a file that is one value; an empty file or a map with no list is no problem', () => {
    const syntax = parseIntentsFile(INTENTS, ROOT, 'intents:\n  - id: A\n    status: [oops\n');
    assert.strictEqual(syntax.diagnostics[0]!.severity, 'error');
    assert.match(syntax.diagnostics[0]!.message, /invalid YAML/);
    assert.match(parseIntentsFile(INTENTS, ROOT, 'just words\n').diagnostics[0]!.message, /a single value/);
    assert.deepStrictEqual(parseIntentsFile(INTENTS, ROOT, 'version: 2\nowner: me\n').diagnostics, [], 'a map with no list is a registry with no intents');
    assert.deepStrictEqual(parseIntentsFile(INTENTS, ROOT, '').diagnostics, []);
    assert.deepStrictEqual(parseIntentsFile(INTENTS, ROOT, '# no intents yet\nintents:\n').diagnostics, []);
  });
});

describe('intents: intent_map.md', () => {
  it('finds the table under prose and headings, strips code backticks, keeps a truncated hash', () => {
    const { record, diagnostics } = parseIntentMap(MAP, ROOT, readFileSync(MAP, 'utf8'));
    assert.deepStrictEqual(diagnostics, []);
    assert.deepStrictEqual(record.rows.map((r) => [r.file, r.owner, r.lastModifiedBy, r.line]), [
      ['src/auth/login.ts', 'INT-001', 'INT-001', 7],
      ['src/auth/session.ts', 'INT-001', 'INT-001', 8],
      ['src/components/Header.tsx', 'INT-003', 'INT-003', 9],
      ['src/middleware/rateLimiter.ts', 'INT-004', 'INT-004', 10],
      ['docs/guide.md', 'INT-002', 'INT-002', 11],
    ]);
    const truncated = record.rows[3]!;
    assert.strictEqual(truncated.hashText, 'sha256:1a2b3c4d...');
    assert.deepStrictEqual(truncated.hash, { algorithm: 'sha256', hex: '1a2b3c4d', truncated: true });
    assert.strictEqual(record.rows[0]!.hash!.truncated, false);
  });

  it('skips other tables, finds columns by their header whatever their order, reads plain cells', () => {
    const md = [
      '# Notes', '', 'Some text with a | pipe.', '', '| Name | Value |', '|---|---|', '| a | b |', '',
      '## The map', '', '> agents keep this current', '',
      '| Content Hash | Owning Intent ID | File Path |', '|---|---|---|',
      '| sha256:ABCDEF0123… | I-9 | src/x.ts |', '| n/a | I-9 | ./src/y.ts |',
    ].join('\n');
    const { record, diagnostics } = parseIntentMap(MAP, ROOT, md);
    assert.deepStrictEqual(diagnostics, []);
    assert.deepStrictEqual(record.rows.map((r) => [r.file, r.owner, r.lastModifiedBy, r.hash?.hex ?? null, r.line]),
      [['src/x.ts', 'I-9', null, 'abcdef0123', 15], ['src/y.ts', 'I-9', null, null, 16]]);
  });

  it('refuses rows whose path leaves the folder; a leading / is the folder; other odd rows are no problem', () => {
    const md = '| File Path | Owning Intent ID | Content Hash |\n|--|--|--|\n| `../../etc/passwd` | A | |\n| `/etc/shadow` | A | |\n'
      + '| src/a.ts | A | not-a-hash |\n| src/a.ts | B | |\n|  | A | |\n';
    const { record, diagnostics } = parseIntentMap(MAP, ROOT, md);
    assert.deepStrictEqual(record.rows.map((r) => `${r.file}:${r.owner}:${r.hash === null}`), ['etc/shadow:A:true', 'src/a.ts:A:true', 'src/a.ts:B:true']);
    assert.deepStrictEqual(diagnostics.map((d) => [d.line, d.message.replace(/ \S*demo\S*/, ' <root>')]), [
      [3, 'intent map entry ignored: ../../etc/passwd is outside <root>'],
    ]);
  });

  it('takes a code span in a file column whole: names with spaces, commas and markup are one path', () => {
    const md = '| File Path | Owning Intent ID |\n|-|-|\n| `src/My Docs/a, b.ts` | A |\n| src/plain name.ts | A |\n| a.ts, b.ts | B |\n| (all) | C |\n';
    const { record, diagnostics } = parseIntentMap(MAP, ROOT, md);
    assert.deepStrictEqual(record.rows.map((r) => `${r.owner}:${r.file}`), ['A:src/My Docs/a, b.ts', 'A:src/plain name.ts', 'B:a.ts', 'B:b.ts']);
    assert.deepStrictEqual(diagnostics, []);
  });

  it('has nothing to say about prose without a map or an empty file; HTML in cells stays text', () => {
    assert.deepStrictEqual(parseIntentMap(MAP, ROOT, '# Intent Map\n\nNothing yet.\n'), { record: { kind: 'map', rows: [] }, diagnostics: [] });
    assert.deepStrictEqual(parseIntentMap(MAP, ROOT, '').diagnostics, []);
    const { record } = parseIntentMap(MAP, ROOT, '| File Path | Owning Intent ID |\n|-|-|\n| src/a.ts | `<img src=x onerror=alert(1)>` |\n');
    assert.strictEqual(record.rows[0]!.owner, '<img src=x onerror=alert(1)>');
  });
});

describe('content hashes', () => {
  const full = 'sha256:dc6d4c6320cec2c5927c2c5fc3585bb5d6df5f7bb7ebe8d4e3c1ae2ea27cbbf0';
  it('matches full hashes exactly and truncated ones by prefix', () => {
    assert.ok(hashMatches(parseRecordedHash(full)!, full));
    assert.ok(hashMatches(parseRecordedHash('sha256:dc6d4c63...')!, full));
    assert.ok(hashMatches(parseRecordedHash('sha256:DC6D4C63…')!, full));
    assert.ok(!hashMatches(parseRecordedHash('sha256:1a2b3c4d...')!, full));
    assert.ok(!hashMatches(parseRecordedHash(full.replace('f0', 'f1'))!, full));
  });
  it('reads n/a, empty and junk as no hash', () => {
    for (const t of ['n/a', '', null, 'sha256:', 'sha256:xyz']) assert.strictEqual(parseRecordedHash(t), undefined, String(t));
  });
});
