import type { CrpFormView, DecisionView, OptionView, QuestionView } from '../../src/shared/decisions-protocol';
import type { MdNode } from '../../src/shared/markdown-nodes';
import { foldToggle, textArea, link } from './form-parts';
import { renderMarkdown, renderMarkdownInline } from '../common/markdown-dom';
import { h } from './dom';
import type { Draft } from './ui-state';

export interface FormHooks {
  readonly draft: Draft;
  readonly trusted: boolean;
  readonly single: boolean;
  readonly collapsed: boolean;
  onDraft(draft: Draft): void;
  onSubmit(): void;
  onOpenSource(): void;
  onOpenPanel(): void;
  onToggle(collapsed: boolean): void;
}

/** The answer key of a question: '' for a one-question CRP (its VCR decision is a plain option id). */
export function questionKey(q: QuestionView): string {
  return q.id ?? '';
}

export function isComplete(form: CrpFormView, draft: Draft): boolean {
  return form.questions.every((q) => q.options.some((o) => o.id === draft.choices[questionKey(q)]));
}

/**
 * One CRP as a form: its question(s) and context, the options as cards (label, description, risk, pros, cons;
 * the agent's recommendation marked), then rationale, additional notes, "applies to future runs" and Submit.
 */
export function renderCrpForm(view: DecisionView, form: CrpFormView, hooks: FormHooks): HTMLElement {
  const draft: Draft = { ...hooks.draft, choices: { ...hooks.draft.choices } };
  const section = h('section', { class: 'decision', 'data-key': view.key, 'aria-labelledby': idFor(view.key, 'title') });
  const submit = h('vscode-button', { class: 'submit', appearance: 'primary' }, 'Submit answer') as HTMLElement & { disabled: boolean };
  const refresh = () => { submit.disabled = !hooks.trusted || !isComplete(form, draft); };
  const changed = () => { hooks.onDraft({ ...draft, choices: { ...draft.choices } }); refresh(); };

  const toggle = foldToggle(hooks.collapsed, (c) => hooks.onToggle(c));
  const links = h('div', { class: 'links' },
    !hooks.single && link('Open in editor', hooks.onOpenPanel, 'open-panel'),
    link(view.source, hooks.onOpenSource, 'open-source'));
  section.append(h('header', {},
    !hooks.single && toggle,
    h('h2', { id: idFor(view.key, 'title') }, view.title),
    h('span', { class: 'pill' }, form.type ?? 'CRP'),
    h('div', { class: 'subtitle' }, view.subtitle, form.createdBy ? ` · asked by ${form.createdBy}` : '', form.createdAt ? ` · ${form.createdAt}` : ''),
    links));
  if (hooks.collapsed && !hooks.single) {
    section.append(h('p', { class: 'headline' }, form.questions.map((q) => q.question).join(' · ')));
    return section;
  }

  if (form.context) section.append(h('h3', {}, 'Context'), renderMarkdown(form.md.context ?? [], undefined, 'context'));
  form.questions.forEach((q, index) => section.append(renderQuestion(view.key, q, index, form.questions.length, draft, changed)));

  const rationale = textArea('rationale', 'Rationale', draft.rationale, (v) => { draft.rationale = v; changed(); }, 'Why this choice (recorded in the VCR)');
  const notes = textArea('notes', 'Additional notes', draft.notes, (v) => { draft.notes = v; changed(); }, 'Anything the agents should know');
  const future = h('vscode-checkbox', { name: 'future', checked: draft.future }, 'Applies to future runs') as HTMLElement & { checked: boolean };
  future.addEventListener('change', () => { draft.future = future.checked; changed(); });
  const error = h('div', { class: 'error', role: 'alert', id: idFor(view.key, 'error') });
  submit.addEventListener('click', () => { if (!submit.disabled) hooks.onSubmit(); });
  section.append(rationale, notes, future);
  if (!hooks.trusted) section.append(h('p', { class: 'untrusted' }, 'This workspace is not trusted, so Baton writes no files here. Trust the workspace to answer.'));
  section.append(h('div', { class: 'actions' }, submit), error);
  refresh();
  return section;
}

function renderQuestion(key: string, q: QuestionView, index: number, count: number, draft: Draft, changed: () => void): HTMLElement {
  const qKey = questionKey(q);
  const labelId = idFor(key, `q${index}`);
  const box = h('div', { class: 'question', 'data-question': qKey });
  const heading = renderMarkdownInline('h3', q.md.question, undefined, { id: labelId });
  if (count > 1) heading.prepend(`${q.id ?? index + 1}. `);
  box.append(heading);
  if (q.md.context) box.append(renderMarkdown(q.md.context, undefined, 'context'));
  if (q.recommendation) box.append(h('p', { class: 'recommendation-line' }, `Recommended: ${q.recommendation}`));
  const group = h('div', { class: 'options', role: 'radiogroup', 'aria-labelledby': labelId });
  const cards: HTMLElement[] = [];
  const select = (id: string) => {
    draft.choices[qKey] = id;
    for (const c of cards) {
      const on = c.dataset.option === id;
      c.setAttribute('aria-checked', String(on));
      c.tabIndex = on ? 0 : -1;
    }
    changed();
  };
  q.options.forEach((o, i) => {
    const card = renderOption(o, o.id === q.recommendation, draft.choices[qKey] === o.id);
    card.tabIndex = draft.choices[qKey] === o.id || (!draft.choices[qKey] && i === 0) ? 0 : -1;
    card.addEventListener('click', () => select(o.id));
    card.addEventListener('keydown', (e) => {
      if (e.key === ' ' || e.key === 'Enter') { e.preventDefault(); select(o.id); return; }
      const step = e.key === 'ArrowDown' || e.key === 'ArrowRight' ? 1 : e.key === 'ArrowUp' || e.key === 'ArrowLeft' ? -1 : 0;
      if (!step) return;
      e.preventDefault();
      const next = cards[(i + step + cards.length) % cards.length]!;
      next.focus();
      select(next.dataset.option!);
    });
    cards.push(card);
    group.append(card);
  });
  if (!q.options.length) group.append(h('p', { class: 'error' }, 'This question has no options to choose from; fix the CRP file.'));
  box.append(group);
  return box;
}

function renderOption(o: OptionView, recommended: boolean, checked: boolean): HTMLElement {
  return h('div', { class: recommended ? 'option recommended' : 'option', role: 'radio', 'aria-checked': String(checked), 'data-option': o.id },
    h('div', { class: 'option-head' },
      h('span', { class: 'option-id' }, o.id),
      h('span', { class: 'option-label' }, o.label),
      recommended && h('span', { class: 'badge' }, 'Recommended')),
    o.md.description && renderMarkdown(o.md.description, undefined, 'description'),
    o.md.risk && riskLine(o.md.risk),
    list('Pros', o.md.pros, 'pros'),
    list('Cons', o.md.cons, 'cons'));
}

function riskLine(risk: MdNode[]): HTMLElement {
  const line = renderMarkdownInline('p', risk, undefined, { class: 'risk' });
  line.prepend(h('strong', {}, 'Risk: '));
  return line;
}

function list(title: string, items: readonly MdNode[][], className: string): HTMLElement | null {
  if (!items.length) return null;
  return h('div', { class: className }, h('strong', {}, title), h('ul', {}, ...items.map((i) => renderMarkdownInline('li', i))));
}

/** Element ids derived from a decision key (which holds paths and NULs): hashed to a safe token. */
export function idFor(key: string, part: string): string {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (Math.imul(31, hash) + key.charCodeAt(i)) | 0;
  return `d${(hash >>> 0).toString(36)}-${part}`;
}
