import type { DetailEdited, TaskDetailView, TaskRef, WhereView } from '../../src/shared/task-detail-protocol';
import { action, custom, el, pill, section, time } from './dom';
import { renderMarkdown, type MarkdownLinks } from '../common/markdown-dom';
import { renderRunControls } from './run-controls';
import { send } from './send';

export function renderHeader(v: TaskDetailView): HTMLElement {
  const flags = [
    v.blocked && pill(`blocked by ${v.blockedBy.filter((b) => b.status !== 'completed' && b.status !== 'finished').map((b) => b.id).join(', ')}`, 'blocked'),
    v.orphaned && pill(`orphaned${v.orphanReason ? `: ${v.orphanReason}` : ''}`, 'orphaned'),
    v.resolved && el('span', { class: 'pill pill-resolved' }, 'resolved', ...(v.resolvedAt ? [' ', time(v.resolvedAt)] : []),
      v.resolutionMessage ? ` — ${v.resolutionMessage}` : ''),
  ];
  // Weight, priority, category, queue and initiative are shown once: by their edit controls below.
  const facts: [string, Node | string | null][] = [
    ['Branch', v.branch ? el('code', {}, v.branch) : null],
    // Where orc runs it: the path as written (text, never a link), and which other worktree of the repository it is.
    ['Worktree', v.worktree ? el('span', {}, el('code', {}, v.worktree.path), v.worktree.other ? ` (other worktree ${v.worktree.other})` : '') : null],
    ['Phase', v.currentPhase],
  ];
  return el('header', { id: 'header' },
    v.where ? el('p', { class: `where where-${v.where.kind}`, id: 'where' }, v.where.text) : null,
    el('h1', {}, el('span', { class: 'task-id' }, v.id), ' ', v.title),
    el('div', { class: 'row' }, pill(v.status, v.status), ...flags),
    el('dl', { class: 'facts' }, ...facts.filter(([, value]) => value !== null).flatMap(([k, value]) => [el('dt', {}, k), el('dd', {}, value!)])),
    v.era === 'db'
      ? el('div', { class: 'row files muted', id: 'database' }, `In orc's database: ${v.database ?? ''}`)
      : el('div', { class: 'row files' },
        action('task.yaml', () => send({ type: 'openTaskFile', which: 'task' })),
        v.hasState && action('state.yaml', () => send({ type: 'openTaskFile', which: 'state' })),
        v.hasPlan && action('plan.yaml', () => send({ type: 'openTaskFile', which: 'plan' })),
        v.where?.kind === 'ref' && el('span', { class: 'muted' }, '(as committed there, opened from git)')),
    ...(v.where ? [renderReadOnly(v, v.where)] : [renderRunControls(v), renderEdits(v)]));
}

/**
 * A task of another worktree or ref: its fields as text (no control changes, runs or moves it), why, and where it
 * can be changed.
 */
function renderReadOnly(v: TaskDetailView, where: WhereView): HTMLElement {
  const facts: [string, string | null][] = [['Priority', v.priority], ['Queue', v.queue], ['Category', v.category], ['Weight', v.weight],
    ['Initiative', v.initiative ? `${v.initiative.id}${v.initiative.title ? ` ${v.initiative.title}` : ''}` : null]];
  return el('div', { id: 'read-only' },
    el('dl', { class: 'facts' }, ...facts.filter(([, value]) => value).flatMap(([k, value]) => [el('dt', {}, k), el('dd', {}, value!)])),
    el('p', { class: 'read-only-reason', id: 'read-only-reason' }, where.readOnly),
    where.kind === 'worktree' && el('p', {}, action('Open that worktree in a new window', () => send({ type: 'openPlace' }), { id: 'open-place' })));
}

const NO_INITIATIVE = '(none)';

/** The edits orc's board offers, as toolkit controls. Disabled (with the reason) in an untrusted workspace. */
function renderEdits(v: TaskDetailView): HTMLElement {
  const dropdown = (field: 'priority' | 'queue' | 'category' | 'weight', values: readonly string[], current: string | null) => {
    const d = custom('vscode-dropdown', { id: `edit-${field}`, 'aria-label': field });
    if (current === null) d.appendChild(custom('vscode-option', { value: '', selected: '' }, '(unset)'));
    for (const value of values) d.appendChild(custom('vscode-option', { value, ...(value === current ? { selected: '' } : {}) }, value));
    if (current !== null && !values.includes(current)) d.appendChild(custom('vscode-option', { value: current, selected: '' }, `${current} (unknown)`));
    if (!v.editable) d.setAttribute('disabled', '');
    d.addEventListener('change', () => {
      const value = (d as unknown as { value: string }).value;
      if (value && value !== current) send({ type: 'setField', field, value });
    });
    return el('label', { class: 'edit' }, el('span', {}, field), d);
  };
  const initiative = custom('vscode-dropdown', { id: 'edit-initiative', 'aria-label': 'initiative' });
  // The toolkit's dropdown mishandles an option whose value is empty: "none" gets a value of its own.
  initiative.appendChild(custom('vscode-option', { value: NO_INITIATIVE, ...(v.initiative ? {} : { selected: '' }) }, 'none'));
  for (const i of v.choices.initiatives) initiative.appendChild(custom('vscode-option', { value: i.id, ...(v.initiative?.id === i.id ? { selected: '' } : {}) }, `${i.id} ${i.title}`));
  if (!v.editable) initiative.setAttribute('disabled', '');
  initiative.addEventListener('change', () => {
    const raw = (initiative as unknown as { value: string }).value;
    const value = raw === NO_INITIATIVE || !raw ? null : raw;
    if (value !== (v.initiative?.id ?? null)) send({ type: 'setInitiative', initiative: value });
  });
  const button = (label: string, run: () => void) => {
    const b = custom('vscode-button', { appearance: 'secondary' }, label);
    if (!v.editable) b.setAttribute('disabled', ''); else b.addEventListener('click', run);
    return b;
  };
  const openInitiative = v.initiative
    && action(`Open ${v.initiative.id}`, () => send({ type: 'openInitiative', id: v.initiative!.id }), { class: 'open-initiative' });
  return el('div', { class: 'edits', id: 'edits' },
    dropdown('priority', v.choices.priority, v.priority), dropdown('queue', v.choices.queue, v.queue),
    dropdown('category', v.choices.category, v.category), dropdown('weight', v.choices.weight, v.weight),
    el('label', { class: 'edit' }, el('span', {}, 'initiative'), initiative), openInitiative,
    button('Blocked by…', () => send({ type: 'editDependencies', field: 'blocked_by' })),
    button('Related to…', () => send({ type: 'editDependencies', field: 'related_to' })),
    v.status === 'failed' && button('Resolve…', () => send({ type: 'resolve' })),
    !v.editable && el('p', { class: 'muted' }, 'Editing is off: this workspace is not trusted.'),
    renderEditResult(v));
}

/** The last field edit of this panel that landed, kept across the re-renders its own write causes. */
let lastEdit: DetailEdited | null = null;

/** Records an edit that landed (the host's `edited` message); the page re-renders the header to show it. */
export function editLanded(edit: DetailEdited): void {
  lastEdit = edit;
}

/** The sentence that confirms an edit, as shown beside the controls and announced to screen readers. */
export function editSentence(edit: DetailEdited): string {
  const value = (v: string | null) => v ?? (edit.field === 'initiative' ? 'none' : 'unset');
  return `${edit.field[0]!.toUpperCase()}${edit.field.slice(1)} changed from ${value(edit.from)} to ${value(edit.to)}.`;
}

/** The confirmation in place, with Undo when the old value can be set again through the same edit. */
function renderEditResult(v: TaskDetailView): HTMLElement | null {
  const edit = lastEdit;
  if (!edit) return null;
  const undoable = v.editable && (edit.field === 'initiative' || edit.from !== null);
  const undo = () => {
    if (edit.field === 'initiative') send({ type: 'setInitiative', initiative: edit.from });
    else if (edit.from !== null) send({ type: 'setField', field: edit.field, value: edit.from });
  };
  return el('p', { class: 'edit-result', id: 'edit-result' }, editSentence(edit), ' ',
    undoable && action('Undo', undo, { class: 'undo', title: `Set ${edit.field} back to ${edit.from ?? 'none'}` }));
}

export function renderDescription(v: TaskDetailView): HTMLElement | null {
  if (!v.description?.trim()) return null;
  return section('description', 'Description', renderMarkdown(v.md.description ?? [], markdownLinks()));
}

/** What a link in the task's Markdown (description, comments, review findings) opens. */
export function markdownLinks(): MarkdownLinks {
  return {
    openUrl: (url) => send({ type: 'openExternal', url }),
    openPath: (path) => send({ type: 'openWorkspaceFile', path }),
    openTask: (id) => send({ type: 'openTask', id }),
  };
}

export function renderDependencies(v: TaskDetailView): HTMLElement | null {
  const rows: [string, readonly TaskRef[]][] = [['Blocked by', v.blockedBy], ['Blocks', v.blocks], ['Related to', v.relatedTo], ['Referenced by', v.referencedBy]];
  if (rows.every(([, refs]) => !refs.length)) return null;
  return section('dependencies', 'Dependencies', el('dl', { class: 'facts' }, ...rows.filter(([, refs]) => refs.length).flatMap(([label, refs]) => [
    el('dt', {}, label),
    el('dd', {}, ...refs.flatMap((r, i) => [i ? ', ' : '', r.exists
      ? el('span', {}, action(r.id, () => send({ type: 'openTask', id: r.id }), { title: r.title ?? '' }), ' ', pill(r.status ?? '?', r.status ?? 'unknown'))
      : el('span', { class: 'missing', title: 'no such task' }, `${r.id} (missing)`)])),
  ])));
}
