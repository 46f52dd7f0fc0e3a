import * as assert from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setIntentStatus } from '../../../src/core/formats/intents/status-edit';
import { REPO } from '../helpers/temp-workspace';

const DEMO = readFileSync(path.join(REPO, 'demo/.orchestration/active_intents.yaml'), 'utf8');
const NOW = new Date('2026-02-01T09:30:00.123Z');

/** The file with exactly one line replaced (by its current text), failing loudly when that line is not there once. */
function withLine(text: string, from: string, to: string): string {
  assert.strictEqual(text.split(from).length, 2, `"${from}" should appear exactly once`);
  return text.replace(from, to);
}

describe('intents: comment-preserving status edits', () => {
  it('changes only the status value and updated_at; every other byte of the file stays', () => {
    const edit = setIntentStatus(DEMO, 'intents', 1, 'INT-002', 'IN_PROGRESS', NOW);
    assert.ok(edit.ok, !edit.ok ? edit.reason : '');
    let expected = withLine(DEMO, '      status: PENDING\n', '      status: IN_PROGRESS\n');
    expected = withLine(expected, '      updated_at: 2026-01-13T10:00:00Z\n\n    - id: INT-003', '      updated_at: 2026-02-01T09:30:00Z\n\n    - id: INT-003');
    assert.strictEqual(edit.text, expected);
    assert.ok(edit.text.includes('# everything under the auth module'), 'comments survive');
  });

  it('keeps the quoting style of the old value and quotes what plain YAML would misread', () => {
    const yaml = "active_intents:\n  - id: 'a'   # first\n    status: \"DRAFT\"\n  - id: b\n    status: 'PENDING' # why\n  - id: c\n    status: PENDING\n";
    const double = setIntentStatus(yaml, 'active_intents', 0, 'a', 'ACTIVE', NOW);
    assert.ok(double.ok);
    assert.strictEqual(double.text, yaml.replace('"DRAFT"', '"ACTIVE"'));
    const single = setIntentStatus(yaml, 'active_intents', 1, 'b', "IT'S DONE", NOW);
    assert.ok(single.ok);
    assert.strictEqual(single.text, yaml.replace("'PENDING' # why", "'IT''S DONE' # why"));
    const plain = setIntentStatus(yaml, 'active_intents', 2, 'c', 'on: hold', NOW);
    assert.ok(plain.ok);
    assert.strictEqual(plain.text, yaml.replace('    status: PENDING\n', '    status: "on: hold"\n'));
    const number = setIntentStatus(yaml, 'active_intents', 2, 'c', '2', NOW);
    assert.ok(number.ok);
    assert.strictEqual(number.text, yaml.replace('    status: PENDING\n', '    status: "2"\n'), 'a number would not read back as a string');
  });

  it('adds a missing status under the id, at the same indentation', () => {
    const yaml = 'intents:\n    - id: X # keep me\n      name: No status yet\n';
    const edit = setIntentStatus(yaml, 'intents', 0, 'X', 'PENDING', NOW);
    assert.ok(edit.ok);
    assert.strictEqual(edit.text, 'intents:\n    - id: X # keep me\n      status: PENDING\n      name: No status yet\n');
  });

  it('refuses when the intent is no longer where it was read from', () => {
    const edit = setIntentStatus(DEMO, 'intents', 1, 'INT-003', 'DONE', NOW);
    assert.deepStrictEqual(edit, { ok: false, reason: 'intent INT-003 is no longer at the place Baton read it from' });
    assert.strictEqual(setIntentStatus('intents: [oops', 'intents', 0, 'A', 'X', NOW).ok, false);
  });

  it('refuses a status that is a block, rather than rewriting the file around it', () => {
    const yaml = 'intents:\n  - id: A\n    status:\n      nested: true\n';
    assert.strictEqual(setIntentStatus(yaml, 'intents', 0, 'A', 'PENDING', NOW).ok, false);
  });
});
