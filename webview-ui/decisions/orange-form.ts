import type { DecisionView } from '../../src/shared/decisions-protocol';
import type { OrangeFormView } from '../../src/shared/orange-protocol';
import { idFor, type FormHooks } from './crp-form';
import { confirmStep, foldToggle, textArea, link } from './form-parts';
import { renderMarkdown, renderMarkdownInline } from '../common/markdown-dom';
import { h } from './dom';
import type { Draft } from './ui-state';

/*
 * An orange task that waits on a person: a clarification (its questions, an answer box each), a stuck task or a
 * reviewed one; then where to move it (orange's workflow, gates already checked by the host) and Submit. The draft
 * reuses the CRP draft's shape: choices[''] is the move, choices['q<n>'] the answer to question n, notes the note.
 * No move is preselected (every one changes the task's status); a move out of stuck or reviewing needs a reason,
 * and one that ends the task (done, cancelled) is confirmed in a second step.
 */

const MOVE = '';
const answerKey = (i: number) => `q${i}`;

export function orangeAnswer(form: OrangeFormView, draft: Draft): { form: 'orange'; to: string; answers: string[]; note: string } {
  return { form: 'orange', to: draft.choices[MOVE] ?? '', answers: form.questions.map((_, i) => draft.choices[answerKey(i)] ?? ''), note: draft.notes };
}

/** What is still missing before Submit can work, in words shown under the button; null when nothing is. */
function missing(form: OrangeFormView, draft: Draft): string | null {
  const to = draft.choices[MOVE];
  if (!to || !form.moves.some((m) => m.status === to)) return 'Pick where the task goes next.';
  if (form.reasonRequired && !draft.notes.trim()) return 'Write the reason for this move: orange\'s history.jsonl records it.';
  if (form.kind !== 'clarification') return null;
  return form.questions.some((_, i) => (draft.choices[answerKey(i)] ?? '').trim() !== '') || draft.notes.trim() !== '' ? null : 'Write an answer first.';
}

export function renderOrangeForm(view: DecisionView, form: OrangeFormView, hooks: FormHooks): HTMLElement {
  const draft: Draft = { ...hooks.draft, choices: { ...hooks.draft.choices } };
  const section = h('section', { class: 'decision orange', 'data-key': view.key, 'data-kind': form.kind });
  const submit = h('vscode-button', { class: 'submit', appearance: 'primary' }, form.kind === 'clarification' ? 'Answer' : 'Move the task') as HTMLElement & { disabled: boolean };
  const hint = h('p', { class: 'hint', id: idFor(view.key, 'hint') });
  submit.setAttribute('aria-describedby', hint.id);
  const refresh = () => {
    const lacking = missing(form, draft);
    submit.disabled = !hooks.trusted || lacking !== null;
    hint.textContent = hooks.trusted ? lacking ?? '' : '';
  };
  const changed = () => { hooks.onDraft({ ...draft, choices: { ...draft.choices } }); refresh(); };

  const toggle = foldToggle(hooks.collapsed, (c) => hooks.onToggle(c));
  section.append(h('header', {},
    !hooks.single && toggle,
    h('h2', {}, view.title),
    h('span', { class: 'pill' }, `orange · ${form.kind}`),
    h('div', { class: 'subtitle' }, view.subtitle),
    h('div', { class: 'links' }, !hooks.single && link('Open in editor', hooks.onOpenPanel, 'open-panel'), link(view.source, hooks.onOpenSource, 'open-source'))));
  if (hooks.collapsed && !hooks.single) return section;

  if (form.kind === 'clarification') {
    if (!form.questions.length && !form.questionsText) section.append(h('p', { class: 'context' }, 'The agent is waiting for input but wrote no ## Questions.'));
    if (form.questionsText) section.append(h('h3', {}, 'Questions'), renderMarkdown(form.md.questionsText ?? [], undefined, 'context'));
    form.questions.forEach((q, i) => {
      const box = h('div', { class: 'question', 'data-question': answerKey(i) });
      const heading = renderMarkdownInline('h3', q.md.text);
      heading.prepend(`${i + 1}. `);
      if (q.checked) heading.append(' (answered)');
      box.append(heading);
      box.append(textArea(answerKey(i), 'Your answer', draft.choices[answerKey(i)] ?? '', (v) => { draft.choices[answerKey(i)] = v; changed(); }));
      section.append(box);
    });
  } else if (form.kind === 'stuck') {
    section.append(h('p', { class: 'context' }, form.verdict === 'FAIL'
      ? `The agent review failed at round ${form.reviewRound}: orange stops after round 2 and waits for you.`
      : 'orange stopped this task and needs a person to decide how it goes on.'));
  } else {
    section.append(h('p', { class: 'context' }, `The agent review passed${form.reviewRound ? ` at round ${form.reviewRound}` : ''}. Look at the work${form.prUrl ? ' and its pull request' : ''}, then accept it or ask for changes.`));
  }

  section.append(textArea('note', form.kind === 'clarification' ? (form.questions.length ? 'Anything else' : 'Your answer')
    : form.reasonRequired ? 'Reason (required; recorded in history.jsonl)' : 'Reason (recorded in history.jsonl)',
    draft.notes, (v) => { draft.notes = v; changed(); }));

  const group = h('div', { class: 'options moves', role: 'radiogroup', 'aria-label': 'Move the task to' });
  const cards: HTMLElement[] = [];
  const chosen = () => draft.choices[MOVE];
  const select = (status: string) => {
    draft.choices[MOVE] = status;
    for (const c of cards) c.setAttribute('aria-checked', String(c.dataset.move === status));
    changed();
  };
  for (const m of form.moves) {
    const card = h('div', { class: 'option move', role: 'radio', tabindex: '0', 'data-move': m.status, 'aria-checked': String(chosen() === m.status) },
      h('div', { class: 'option-head' }, h('span', { class: 'option-label' }, m.label), h('span', { class: 'badge' }, m.status)));
    card.addEventListener('click', () => select(m.status));
    card.addEventListener('keydown', (e) => { if (e.key === ' ' || e.key === 'Enter') { e.preventDefault(); select(m.status); } });
    cards.push(card);
    group.append(card);
  }
  if (!form.moves.length) group.append(h('p', { class: 'error' }, 'orange\'s workflow allows no move from here with TASK.md as it is; edit the file.'));
  section.append(h('h3', {}, 'Then'), group, h('p', { class: 'note' }, form.note));
  const error = h('div', { class: 'error', role: 'alert' });
  const actions = h('div', { class: 'actions' }, submit, hint);
  submit.addEventListener('click', () => {
    if (submit.disabled) return;
    const move = form.moves.find((m) => m.status === chosen());
    if (!move?.irreversible) { hooks.onSubmit(); return; }
    confirmStep(actions, move.status === 'done'
      ? `Mark "${view.taskTitle}" done? orange moves no task out of done.`
      : `Cancel "${view.taskTitle}"? orange moves no task out of cancelled.`,
    move.status === 'done' ? 'Yes, mark done' : 'Yes, cancel the task', () => hooks.onSubmit(), submit);
  });
  if (!hooks.trusted) section.append(h('p', { class: 'untrusted' }, 'This workspace is not trusted, so Baton writes no files here. Trust the workspace to answer.'));
  section.append(actions, error);
  refresh();
  return section;
}

