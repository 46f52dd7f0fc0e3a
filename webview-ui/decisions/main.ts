/*
 * The decision forms: the "Needs you" sidebar view (every pending decision) and the full-editor panel (one
 * decision). The host sends data after `ready`; this page keeps only UI state (drafts, folds, scroll) with
 * setState, so hiding and showing the view loses nothing typed.
 */
import type { AnswerPayload, DecisionView, FromDecisionsWebview, ToDecisionsWebview } from '../../src/shared/decisions-protocol';
import { connectToHost } from '../common/host';
import { renderCrpForm, questionKey, type FormHooks } from './crp-form';
import { GATE_CHOICE, renderGateForm } from './gate-form';
import type { GateFormView } from '../../src/shared/gate-protocol';
import { orangeAnswer, renderOrangeForm } from './orange-form';
import { renderPlanForm } from './plan-form';
import { h } from './dom';
import { emptyDraft, restoreState, type UiState } from './ui-state';
import '../common/page.css';
import './style.css';

const host = connectToHost<UiState, FromDecisionsWebview>();
const state: UiState = restoreState(host.getState());
const root = document.getElementById('root')!;
const status = h('div', { class: 'status', role: 'status', 'aria-live': 'polite' });
const list = h('div', { class: 'list' });
root.append(status, list);

let last: Extract<ToDecisionsWebview, { type: 'decisions' }> | undefined;
let lastSignature = '';
/** requestId → the answer in flight: its decision, the task it is about, where its form stood in the list. */
const pending = new Map<string, { key: string; taskTitle: string; position: number }>();
let counter = 0;

/**
 * Answers given in this page, shown where their form was (the answered form leaves the list) until dismissed, so
 * the result appears where the person was looking; the live region above says the same to screen readers. Kept in
 * memory only: a notice matters while the person is here.
 */
interface Notice { readonly key: string; readonly text: string; readonly position: number }
let notices: Notice[] = [];

function save(): void {
  host.setState(state);
}

window.addEventListener('scroll', () => { state.scrollY = window.scrollY; save(); }, { passive: true });

window.addEventListener('message', (event: MessageEvent<ToDecisionsWebview>) => {
  const message = event.data;
  if (message.type === 'decisions') {
    // Re-rendering while someone types would drop their focus: only render when something shown changed.
    const signature = JSON.stringify([message.mode, message.focus, message.trusted, message.decisions.map((d) => [d.key, d.version, d.folder])]);
    last = message;
    if (message.mode === 'single' && message.focus && state.focus !== message.focus) { state.focus = message.focus; save(); }
    // A notice goes when its decision is pending again (the answer undone, or asked anew): the form is back.
    const before = notices.length;
    notices = notices.filter((n) => !message.decisions.some((d) => d.key === n.key));
    if (signature !== lastSignature || notices.length !== before) { lastSignature = signature; render(); }
    pruneDrafts(message.decisions);
  } else if (message.type === 'answerResult') {
    const sent = pending.get(message.requestId);
    pending.delete(message.requestId);
    if (message.ok) {
      delete state.drafts[message.key];
      save();
      const text = `${sent?.taskTitle ?? 'Answered'}: ${message.message}`;
      showStatus(text, 'ok');
      notices = [...notices.filter((n) => n.key !== message.key), { key: message.key, text, position: sent?.position ?? 0 }];
      render();
      noticeFor(message.key)?.focus();
    } else {
      const form = formFor(message.key);
      // A confirmation step still open goes back to the form's buttons, the reason under them.
      (form?.querySelector('.confirm-back') as HTMLElement | null)?.click();
      const error = form?.querySelector('.error[role=alert]');
      if (error) error.textContent = message.message; else showStatus(message.message, 'error');
      form?.querySelectorAll('.submit').forEach((b) => b.removeAttribute('disabled'));
    }
  }
});

function render(): void {
  if (!last) return;
  list.replaceChildren();
  const shown = last.mode === 'single' ? last.decisions.filter((d) => d.key === last!.focus) : last.decisions;
  if (last.mode === 'single') notices = notices.filter((n) => n.key === last!.focus);
  if (!shown.length) {
    for (const n of notices) list.append(renderNotice(n));
    list.append(h('p', { class: 'empty' }, last.mode === 'single'
      ? 'This decision is no longer pending: it was answered, or its file is gone.'
      : 'Nothing needs you right now. Questions that agents ask — Orchestral/Dure CRPs, Dure mission plans, orange clarifications, stuck and reviewed orange tasks, orc human gates — appear here, ready to answer.'));
    return;
  }
  // With several workspace folders the host sends them folder by folder: a heading (text, like every string here)
  // starts each folder's decisions.
  let folder: string | undefined;
  for (const view of shown) {
    if (last.mode === 'inbox' && view.folder && view.folder.path !== folder) {
      folder = view.folder.path;
      list.append(h('h2', { class: 'folder', title: view.folder.path }, view.folder.name));
    }
    list.append(renderDecision(view, last.trusted, last.mode === 'single'));
  }
  // Each notice where its form stood: before the form that now holds that place, else at the end.
  const forms = [...list.querySelectorAll('section.decision')];
  for (const n of [...notices].sort((a, b) => a.position - b.position)) {
    const at = forms[n.position];
    if (at) at.before(renderNotice(n)); else list.append(renderNotice(n));
  }
  if (state.scrollY) window.scrollTo(0, state.scrollY);
}

function renderNotice(n: Notice): HTMLElement {
  const dismiss = h('button', { class: 'dismiss' }, 'Dismiss');
  dismiss.addEventListener('click', () => {
    notices = notices.filter((x) => x !== n);
    box.remove();
    status.textContent = '';
  });
  const box = h('div', { class: 'answered', tabindex: '-1', 'data-key': n.key }, h('p', {}, `✓ ${n.text}`), dismiss);
  return box;
}

function noticeFor(key: string): HTMLElement | undefined {
  return [...list.querySelectorAll<HTMLElement>('.answered')].find((e) => e.dataset.key === key);
}

function renderDecision(view: DecisionView, trusted: boolean, single: boolean): HTMLElement {
  const collapsed = state.collapsed.includes(view.key);
  const hooks: FormHooks = {
    draft: state.drafts[view.key] ?? emptyDraft(), trusted, single, collapsed,
    onDraft: (draft) => { state.drafts[view.key] = draft; save(); },
    onSubmit: () => submit(view),
    onOpenSource: () => host.post({ type: 'openSource', key: view.key }),
    onOpenPanel: () => host.post({ type: 'openPanel', key: view.key }),
    onToggle: (fold) => {
      state.collapsed = fold ? [...state.collapsed, view.key] : state.collapsed.filter((k) => k !== view.key);
      save();
      render();
    },
  };
  if (view.form.form === 'gate') return renderGateForm(view, view.form, hooks);
  if (view.form.form === 'plan') return renderPlanForm(view, view.form, hooks);
  return view.form.form === 'orange' ? renderOrangeForm(view, view.form, hooks) : renderCrpForm(view, view.form, hooks);
}

function submit(view: DecisionView): void {
  const draft = state.drafts[view.key] ?? emptyDraft();
  const form = view.form;
  const answer: AnswerPayload = form.form === 'gate'
    ? gateAnswer(form, draft.choices[GATE_CHOICE] === 'rejected' ? 'rejected' : 'approved', draft.rationale)
    : form.form === 'plan' ? { form: 'plan', decision: 'approved' }
    : form.form === 'orange' ? orangeAnswer(form, draft) : {
    form: 'crp', rationale: draft.rationale, additionalNotes: draft.notes, appliesToFuture: draft.future,
    decision: form.questions.length === 1 && form.questions[0]!.id === null
      ? draft.choices['']!
      : Object.fromEntries(form.questions.map((q) => [questionKey(q), draft.choices[questionKey(q)]!])),
  };
  const requestId = `r${++counter}`;
  const position = [...list.querySelectorAll('section.decision')].findIndex((s) => (s as HTMLElement).dataset.key === view.key);
  pending.set(requestId, { key: view.key, taskTitle: view.taskTitle, position: Math.max(0, position) });
  formFor(view.key)?.querySelectorAll('.submit').forEach((b) => b.setAttribute('disabled', ''));
  const error = formFor(view.key)?.querySelector('.error[role=alert]');
  if (error) error.textContent = '';
  showStatus(`Writing the answer to ${view.title}…`, 'busy');
  host.post({ type: 'answer', requestId, key: view.key, version: view.version, answer });
}

/** orc's own approve takes no reason: for a gate answered through orc, an approval sends none (a typed one stays in the draft). */
function gateAnswer(form: GateFormView, decision: 'approved' | 'rejected', rationale: string): AnswerPayload {
  return { form: 'gate', decision, rationale: decision === 'approved' && form.answeredBy.by === 'orc' ? '' : rationale };
}

function formFor(key: string): Element | undefined {
  return [...list.querySelectorAll('section.decision')].find((s) => (s as HTMLElement).dataset.key === key);
}

function showStatus(text: string, kind: 'ok' | 'error' | 'busy'): void {
  status.textContent = text;
  status.className = `status ${kind}`;
}

/** Drafts of decisions that are gone (answered elsewhere) are dropped, so state does not grow forever. */
function pruneDrafts(decisions: readonly DecisionView[]): void {
  if (last?.mode !== 'inbox') return;
  const live = new Set(decisions.map((d) => d.key));
  let dropped = false;
  for (const key of Object.keys(state.drafts)) if (!live.has(key)) { delete state.drafts[key]; dropped = true; }
  if (dropped) save();
}

host.post({ type: 'ready' });
