import type { TaskDetailView } from '../../src/shared/task-detail-protocol';
import { custom, el } from './dom';
import { send } from './send';

/** Statuses after which "Run" has nothing left to do (orc's terminal states). */
const DONE = new Set(['completed', 'finished']);
/** Statuses a stopped run leaves behind, which a resume continues. */
const RESUMABLE = new Set(['paused', 'interrupted', 'failed', 'blocked']);

/**
 * The executor's controls: run the task or one phase, resume, cancel, hand over to Claude Code. The host runs the
 * same commands as the tree and checks trust again; here they are only shown disabled, with the reason.
 */
export function renderRunControls(v: TaskDetailView): HTMLElement {
  const running = v.status === 'running' && !v.orphaned;
  const hasSession = !!v.session?.id;
  // Run and Resume start Claude: while its CLI cannot run they are off, the reason on hover and as their description.
  const blocked = v.era !== 'db' && v.runBlocked ? v.runBlocked : null;
  const button = (id: string, label: string, run: () => void, primary = false, needsClaude = false) => {
    const b = custom('vscode-button', { id, appearance: primary ? 'primary' : 'secondary' }, label);
    if (!v.editable) b.setAttribute('disabled', '');
    else if (needsClaude && blocked) {
      b.setAttribute('disabled', '');
      b.setAttribute('title', `${label} is off: ${blocked}`);
      b.setAttribute('aria-describedby', 'run-blocked');
    } else b.addEventListener('click', run);
    return b;
  };
  return el('div', { class: 'edits', id: 'run-controls' },
    !running && !DONE.has(v.status) && v.hasPlan && button('run-task', 'Run task', () => send({ type: 'run' }), true, true),
    !running && v.hasPlan && button('run-phase', 'Run phase…', () => send({ type: 'runControl', action: 'pickPhase' }), false, true),
    !running && hasSession && (v.orphaned || RESUMABLE.has(v.status)) &&
      button('resume-run', 'Resume', () => send({ type: 'runControl', action: 'resume' }), v.orphaned, true),
    running && button('cancel-run', 'Cancel run', () => send({ type: 'runControl', action: 'cancel' })),
    running && button('show-terminal', 'Show terminal', () => send({ type: 'runControl', action: 'showTerminal' })),
    hasSession && button('open-in-claude', 'Open in Claude Code', () => send({ type: 'runControl', action: 'openInClaude' })),
    !v.editable && el('p', { class: 'muted' }, 'Running is off: this workspace is not trusted, and Baton starts no process in it.'),
    v.editable && blocked && el('p', { class: 'run-blocked', id: 'run-blocked' }, `Running is off: ${blocked}.`));
}
