import * as assert from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setIntentStatus } from '../../../src/core/formats/intents/status-edit';
import { REPO } from '../helpers/temp-workspace';

const DEMO = readFileSync(path.join(REPO, 'demo/.orchestration/active_intents.yaml'), 'utf8');
const NOW = new Date('2026-02-01T09:30:00.123Z');
const at = (rootKey: string, index: number, id: string) => ({ id, yamlPath: [rootKey, index], idKey: 'id', statusKey: 'status' });

/** The file with exactly one line replaced (by its current text), failing loudly when that line is not there once. */
function withLine(text: string, from: string, to: string): string {
  assert.strictEqual(text.split(from).length, 2, `"${from}" should appear exactly once`);
  return text.replace(from, to);
}

describe('intents: comment-preserving status edits', () => {
  it('changes only the status value and updated_at; every other byte of the file stays', () => {
    const edit = setIntentStatus(DEMO, at('intents', 1, 'INT-002'), 'IN_PROGRESS', NOW);
    assert.ok(edit.ok, !edit.ok ? edit.reason : '');
    let expected = withLine(DEMO, '      status: PENDING\n', '      status: IN_PROGRESS\n');
    expected = withLine(expected, '      updated_at: 2026-01-13T10:00:00Z\n\n    - id: INT-003', '      updated_at: 2026-02-01T09:30:00Z\n\n    - id: INT-003');
    assert.strictEqual(edit.text, expected);
    assert.ok(edit.text.includes('# everything under the auth module'), 'comments survive');
  });

  it('keeps the quoting style of the old value and quotes what plain YAML would misread', () => {
    const yaml = "active_intents:\n  - id: 'a'   # first\n    status: \"DRAFT\"\n  - id: b\n    status: 'PENDING' # why\n  - id: c\n    status: PENDING\n";
    const double = setIntentStatus(yaml, at('active_intents', 0, 'a'), 'ACTIVE', NOW);
    assert.ok(double.ok);
    assert.strictEqual(double.text, yaml.replace('"DRAFT"', '"ACTIVE"'));
    const single = setIntentStatus(yaml, at('active_intents', 1, 'b'), "IT'S DONE", NOW);
    assert.ok(single.ok);
    assert.strictEqual(single.text, yaml.replace("'PENDING' # why", "'IT''S DONE' # why"));
    const plain = setIntentStatus(yaml, at('active_intents', 2, 'c'), 'on: hold', NOW);
    assert.ok(plain.ok);
    assert.strictEqual(plain.text, yaml.replace('    status: PENDING\n', '    status: "on: hold"\n'));
    const number = setIntentStatus(yaml, at('active_intents', 2, 'c'), '2', NOW);
    assert.ok(number.ok);
    assert.strictEqual(number.text, yaml.replace('    status: PENDING\n', '    status: "2"\n'), 'a number would not read back as a string');
  });

  it('adds a missing status under the id, at the same indentation', () => {
    const yaml = 'intents:\n    - id: X # keep me\n      name: No status yet\n';
    const edit = setIntentStatus(yaml, at('intents', 0, 'X'), 'PENDING', NOW);
    assert.ok(edit.ok);
    assert.strictEqual(edit.text, 'intents:\n    - id: X # keep me\n      status: PENDING\n      name: No status yet\n');
  });

  it('refuses when the intent is no longer where it was read from', () => {
    const edit = setIntentStatus(DEMO, at('intents', 1, 'INT-003'), 'DONE', NOW);
    assert.deepStrictEqual(edit, { ok: false, reason: 'intent INT-003 is no longer at the place Baton read it from' });
    assert.strictEqual(setIntentStatus('intents: [oops', at('intents', 0, 'A'), 'X', NOW).ok, false);
  });

  it('refuses a status that is a block, rather than rewriting the file around it', () => {
    const yaml = 'intents:\n  - id: A\n    status:\n      nested: true\n';
    assert.strictEqual(setIntentStatus(yaml, at('intents', 0, 'A'), 'PENDING', NOW).ok, false);
  });

  it('edits intents keyed by id, a single intent at the root, an `intent_id` key and a `state` status', () => {
    const keyed = 'intents:\n  INT-1:\n    name: Keyed # by id\n    status: DRAFT\n';
    const k = setIntentStatus(keyed, { id: 'INT-1', yamlPath: ['intents', 'INT-1'], idKey: null, statusKey: 'status' }, 'ACTIVE', NOW);
    assert.ok(k.ok, !k.ok ? k.reason : '');
    assert.strictEqual(k.text, keyed.replace('DRAFT', 'ACTIVE'));
    const single = 'id: ONE\nname: Alone\n';
    const s1 = setIntentStatus(single, { id: 'ONE', yamlPath: [], idKey: 'id', statusKey: 'status' }, 'PENDING', NOW);
    assert.ok(s1.ok, !s1.ok ? s1.reason : '');
    assert.strictEqual(s1.text, 'id: ONE\nstatus: PENDING\nname: Alone\n');
    const alias = 'active_intents:\n  - intent_id: A-7\n    state: open\n    updatedAt: 2026-01-01T00:00:00Z\n';
    const a = setIntentStatus(alias, { id: 'A-7', yamlPath: ['active_intents', 0], idKey: 'intent_id', statusKey: 'state' }, 'done', NOW);
    assert.ok(a.ok, !a.ok ? a.reason : '');
    assert.strictEqual(a.text, 'active_intents:\n  - intent_id: A-7\n    state: done\n    updatedAt: 2026-02-01T09:30:00Z\n');
  });
});
