import * as assert from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { answerOrangeDecision } from '../../../src/core/formats/orange/answer';
import { answerQuestionsInBody } from '../../../src/core/formats/orange/answer-questions';
import type { OrangeDecision } from '../../../src/core/formats/orange/model';
import { editTask } from '../../../src/core/formats/orange/task-edit';
import { answerPayload } from '../../../src/shared/decisions-protocol';
import type { TempWorkspace } from '../helpers/temp-workspace';
import { ID, orangeHome, scanned } from './helpers';

describe('orange answers', () => {
  it('writes answers under list questions, a general answer at the section end, and keeps CRLF line ends', () => {
    const body = '\r\n## Questions\r\n\r\n1. First?\r\n2. Second?\r\n\r\n## Plan\r\n\r\nAPPROACH: x\r\n';
    const out = answerQuestionsInBody(body, ['', 'Yes,\nboth lines'], 'Thanks');
    assert.strictEqual(out, '\r\n## Questions\r\n\r\n1. First?\r\n2. Second?\r\n   - Answer: Yes,\r\n     both lines\r\n\r\nAnswer: Thanks\r\n\r\n## Plan\r\n\r\nAPPROACH: x\r\n');
  });

  it('answers questions written as prose, and adds a ## Questions section when there is none', () => {
    assert.strictEqual(answerQuestionsInBody('\n## Questions\n\nWhich database?\n', [], 'Postgres'), '\n## Questions\n\nWhich database?\n\nAnswer: Postgres\n');
    assert.strictEqual(answerQuestionsInBody('\n## Context\n\nx', [], 'Go ahead'), '\n## Context\n\nx\n\n## Questions\n\nAnswer: Go ahead\n');
    // A fenced "## Questions" is not the section.
    assert.strictEqual(answerQuestionsInBody('\n```\n## Questions\n```\n', [], 'A'), '\n```\n## Questions\n```\n\n## Questions\n\nAnswer: A\n');
  });

  it('the inbox form\'s orange answer is validated before it can write', () => {
    assert.ok(answerPayload.safeParse({ form: 'orange', to: 'working', answers: ['a'], note: '' }).success);
    for (const bad of [{ form: 'orange', to: '../x', answers: [], note: '' }, { form: 'orange', to: 'working', answers: [], note: '', extra: 1 },
      { form: 'orange', to: 'working', answers: 'a', note: '' }, { form: 'orange', to: '', answers: [], note: '' }]) {
      assert.ok(!answerPayload.safeParse(bad).success, JSON.stringify(bad));
    }
  });

  describe('a stuck task from the inbox', () => {
    let tmp: TempWorkspace;
    afterEach(() => tmp.dispose());

    /** The fixture's round-2 failure moved to stuck, and its decision in the inbox. */
    async function stuckTask(): Promise<{ file: string; stuck: OrangeDecision }> {
      const home = orangeHome('valid');
      tmp = home.tmp;
      const file = path.join(home.orangeRoot, 'tasks', 'app', ID.failRound2, 'TASK.md');
      assert.ok((await editTask({ file, shownHash: null, to: 'stuck' })).ok);
      const service = await scanned(home.root, home.orangeRoot);
      const stuck = service.decisions().find((d): d is OrangeDecision => d.system === 'orange' && d.id === ID.failRound2)!;
      return { file, stuck };
    }

    it('a stuck task goes back to planning with the reason in its history; the same form twice is refused', async () => {
      const { file, stuck } = await stuckTask();
      assert.strictEqual(stuck.kind, 'stuck');
      assert.deepStrictEqual(stuck.moves, ['planning', 'working', 'agent-review', 'reviewing', 'cancelled']);
      const outcome = await answerOrangeDecision(stuck, stuck.textHash, { to: 'planning', answers: [], note: 'Split the\nlimiter change out.' });
      assert.ok(outcome.ok, outcome.ok ? '' : outcome.message);
      const history = readFileSync(path.join(path.dirname(file), 'history.jsonl'), 'utf8').trim().split('\n');
      assert.deepStrictEqual(JSON.parse(history[history.length - 1]!).reason, 'Split the limiter change out.');
      // The same form again, with the hash it showed before: refused, nothing written.
      const again = await answerOrangeDecision(stuck, stuck.textHash, { to: 'working', answers: [], note: 'Try again.' });
      assert.ok(!again.ok);
      assert.match(again.message, /changed on disk since it was read/);
    });

    it('a move out of stuck without a reason is refused and writes nothing (history.jsonl records the reason)', async () => {
      const { file, stuck } = await stuckTask();
      const before = readFileSync(file, 'utf8');
      const historyBefore = readFileSync(path.join(path.dirname(file), 'history.jsonl'), 'utf8');
      const outcome = await answerOrangeDecision(stuck, stuck.textHash, { to: 'planning', answers: [], note: '   ' });
      assert.ok(!outcome.ok);
      assert.match(outcome.message, /write why you move it out of stuck .*nothing was written/);
      assert.strictEqual(readFileSync(file, 'utf8'), before);
      assert.strictEqual(readFileSync(path.join(path.dirname(file), 'history.jsonl'), 'utf8'), historyBefore);
    });
  });
});
