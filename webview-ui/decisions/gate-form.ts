import type { DecisionView } from '../../src/shared/decisions-protocol';
import type { GateFormView } from '../../src/shared/gate-protocol';
import type { FormHooks } from './crp-form';
import { confirmStep, foldToggle, link } from './form-parts';
import { h } from './dom';

/** The draft's `choices` key that holds the button pressed (the page builds `{ form: 'gate', decision, rationale }`). */
export const GATE_CHOICE = 'gate';

/**
 * A human gate of an orc run: which task and phase waits, what the phase left (checkpoint, files, artifacts), and
 * Approve / Reject. A rejection needs a reason (the agent reads it on the retry); an approval may have one — except
 * for a gate of orc's database, answered by orc's commands (named under the box), whose approve takes none.
 * Neither button is preselected or focused; Reject asks to confirm in a second step.
 * The reason is kept as the draft's rationale, so hiding the view loses nothing.
 */
export function renderGateForm(view: DecisionView, form: GateFormView, hooks: FormHooks): HTMLElement {
  const draft = { ...hooks.draft, choices: { ...hooks.draft.choices } };
  const section = h('section', { class: 'decision gate', 'data-key': view.key, 'data-form': 'gate' });
  const toggle = foldToggle(hooks.collapsed, (c) => hooks.onToggle(c));
  section.append(h('header', {},
    !hooks.single && toggle,
    h('h2', {}, view.title),
    h('span', { class: 'pill' }, `${form.gateType} gate`),
    h('div', { class: 'subtitle' }, view.subtitle, form.requestedAt ? ` · since ${form.requestedAt}` : ''),
    h('div', { class: 'links' },
      !hooks.single && link('Open in editor', hooks.onOpenPanel, 'open-panel'),
      link(view.source, hooks.onOpenSource, 'open-source'))));
  const headline = `${form.taskId} waits for approval after ${form.phase}${form.nextPhase ? `; next: ${form.nextPhase}` : ''}.`;
  if (hooks.collapsed && !hooks.single) { section.append(h('p', { class: 'headline' }, headline)); return section; }

  section.append(h('p', { class: 'headline' }, headline));
  const facts: [string, string | null][] = [
    ['Phase status', form.phaseStatus], ['Checkpoint', form.checkpoint?.slice(0, 12) ?? null],
    ['Done when', form.criteria.length ? form.criteria.join(', ') : null],
    ['Files changed', form.filesChanged.length ? form.filesChanged.join(', ') : null],
    ['Artifacts', form.artifacts.length ? form.artifacts.join(', ') : null],
  ];
  const shown = facts.filter(([, v]) => v !== null) as [string, string][];
  if (shown.length) section.append(h('dl', { class: 'gate-facts' }, ...shown.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)])));

  // orc's own approve takes no reason: for a gate of orc's database the box is only for a rejection's reason.
  const viaOrc = form.answeredBy.by === 'orc' ? form.answeredBy : null;
  const reason = h('vscode-text-area', { name: 'rationale', resize: 'vertical', rows: '3',
    placeholder: viaOrc ? 'Why you reject it (required; orc records it with the rejection)' : 'Why (required to reject: the agent reads it when it retries)' },
  viaOrc ? 'Reason to reject' : 'Reason') as HTMLElement & { value: string };
  reason.value = draft.rationale;
  const approve = h('vscode-button', { class: 'submit approve', appearance: 'primary' }, 'Approve') as HTMLElement & { disabled: boolean };
  const reject = h('vscode-button', { class: 'submit reject', appearance: 'secondary' }, 'Reject') as HTMLElement & { disabled: boolean };
  const refresh = () => {
    approve.disabled = !hooks.trusted;
    reject.disabled = !hooks.trusted || !draft.rationale.trim();
  };
  reason.addEventListener('input', () => { draft.rationale = reason.value; hooks.onDraft(draft); refresh(); });
  const decide = (choice: 'approved' | 'rejected') => { draft.choices[GATE_CHOICE] = choice; hooks.onDraft(draft); hooks.onSubmit(); };
  const actions = h('div', { class: 'actions' }, approve, ' ', reject);
  approve.addEventListener('click', () => { if (!approve.disabled) decide('approved'); });
  // A rejection cannot be taken back (the run retries the phase with the reason): a second, explicit step.
  reject.addEventListener('click', () => {
    if (reject.disabled) return;
    const task = form.taskTitle ? `${form.taskId} (${form.taskTitle})` : form.taskId;
    confirmStep(actions, `Reject the ${form.phase} phase of ${task}? The rejection and your reason are recorded${viaOrc ? ' by orc' : ' in state.yaml'}; it cannot be undone from here.`,
      'Yes, reject', () => decide('rejected'), reject);
  });
  section.append(reason);
  if (viaOrc) {
    section.append(h('p', { class: 'through-orc' }, 'Answered through orc: Approve runs ', h('code', {}, viaOrc.approve),
      " (orc's approve takes no reason); Reject runs ", h('code', {}, viaOrc.reject), '.'));
  }
  if (!hooks.trusted) section.append(h('p', { class: 'untrusted' }, 'This workspace is not trusted, so Baton writes no files here. Trust the workspace to answer.'));
  section.append(actions, h('div', { class: 'error', role: 'alert' }));
  refresh();
  return section;
}
