import type { DecisionView } from '../../src/shared/decisions-protocol';
import type { PlanFormView } from '../../src/shared/plan-protocol';
import type { FormHooks } from './crp-form';
import { confirmStep, foldToggle, link } from './form-parts';
import { h } from './dom';

/**
 * A Dure mission whose plan waits for a person: why (the Critic's verdict, summary and findings), the plan itself
 * (phases, tasks, what each task waits on), and one action, Approve the plan — in a second, explicit step, since the
 * approval cannot be taken back from here. Dure has no reject: the form says what to do instead. Text is text.
 */
export function renderPlanForm(view: DecisionView, form: PlanFormView, hooks: FormHooks): HTMLElement {
  const section = h('section', { class: 'decision plan', 'data-key': view.key, 'data-form': 'plan' });
  const toggle = foldToggle(hooks.collapsed, (c) => hooks.onToggle(c));
  const tasks = form.phases.reduce((n, p) => n + p.tasks.length, 0);
  section.append(h('header', {},
    !hooks.single && toggle,
    h('h2', {}, view.title),
    h('span', { class: 'pill' }, 'mission plan'),
    h('div', { class: 'subtitle' }, view.subtitle),
    h('div', { class: 'links' },
      !hooks.single && link('Open in editor', hooks.onOpenPanel, 'open-panel'),
      link(view.source, hooks.onOpenSource, 'open-source'))));
  const c = form.critique;
  const headline = `The Critic ${c?.verdict ? `said ${c.verdict}` : 'did not approve it'}: ${form.phases.length} phase${form.phases.length === 1 ? '' : 's'}, ${tasks} task${tasks === 1 ? '' : 's'} wait for your approval.`;
  section.append(h('p', { class: 'headline' }, headline));
  if (hooks.collapsed && !hooks.single) return section;

  if (c) {
    const counts = `${c.counts.critical} critical, ${c.counts.major} major, ${c.counts.minor} minor, ${c.counts.suggestion} suggestions`;
    section.append(h('div', { class: 'critique' },
      h('h3', {}, 'The Critic\'s review'),
      h('p', {}, counts),
      c.summary && h('p', { class: 'critique-summary' }, c.summary),
      c.rationale && h('p', { class: 'critique-rationale' }, c.rationale),
      c.items.length > 0 && h('ul', { class: 'critique-items' }, ...c.items.map((i) => h('li', {},
        h('strong', {}, `${i.severity ?? 'note'}: `), i.title,
        i.description && h('div', { class: 'item-description' }, i.description),
        i.suggestion && h('div', { class: 'item-suggestion' }, `Suggestion: ${i.suggestion}`))))));
  }
  section.append(h('div', { class: 'plan-phases' },
    h('h3', {}, form.draft ? `The plan (${form.draft})` : 'The plan'),
    ...form.phases.map((p) => h('div', { class: 'plan-phase' },
      h('h4', {}, p.title),
      p.description && h('p', { class: 'phase-description' }, p.description),
      h('ol', {}, ...p.tasks.map((t) => h('li', {},
        h('span', { class: 'task-title' }, t.title), ' ', h('code', {}, t.id),
        t.dependsOn.length > 0 && h('span', { class: 'task-deps' }, ` · after ${t.dependsOn.join(', ')}`))))))));

  const approve = h('vscode-button', { class: 'submit approve', appearance: 'primary' }, 'Approve the plan') as HTMLElement & { disabled: boolean };
  approve.disabled = !hooks.trusted;
  const actions = h('div', { class: 'actions' }, approve);
  approve.addEventListener('click', () => {
    if (approve.disabled) return;
    confirmStep(actions, `Approve the plan of "${form.missionTitle}"? The mission becomes ready, and Dure runs its ${tasks} tasks when you run dure mission run ${form.missionId}. This cannot be undone from here.`,
      'Yes, approve', () => hooks.onSubmit(), approve);
  });
  section.append(h('p', { class: 'plan-no-reject' }, 'Dure has no way to reject a plan: to change it, re-plan the mission in Dure (or delete it there).'));
  if (!hooks.trusted) section.append(h('p', { class: 'untrusted' }, 'This workspace is not trusted, so Baton writes no files here. Trust the workspace to answer.'));
  section.append(actions, h('div', { class: 'error', role: 'alert' }));
  return section;
}
