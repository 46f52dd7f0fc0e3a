import '../common/page.css';
import './style.css';
import type { ToTaskDetail } from '../../src/shared/task-detail-protocol';
import { el } from './dom';
import { renderAttachments, renderComments, renderProblems, renderTranscripts } from './files';
import { editLanded, editSentence, renderDependencies, renderDescription, renderHeader } from './header';
import { renderReview, renderTests } from './results';
import { send } from './send';
import { renderTimeline, renderTokens } from './timeline';
import { renderCosts, renderRuns } from './costs';

/*
 * The orc task detail panel. The host sends the whole view on `ready` and again whenever one of the task's files
 * changes; the page re-renders from it (a few hundred nodes) keeping the scroll position.
 */
const root = document.getElementById('root')!;
// One live region outside the re-rendered root: an edit's confirmation is announced once, where it is also shown.
const announcer = el('p', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite', id: 'announcer' });
document.body.prepend(announcer);
let lastView: Extract<ToTaskDetail, { type: 'detail' }>['view'] | null = null;

window.addEventListener('message', (event: MessageEvent<ToTaskDetail>) => {
  const msg = event.data;
  if (msg.type === 'detail' || (msg.type === 'edited' && lastView)) {
    if (msg.type === 'edited') {
      editLanded(msg.edit);
      announcer.textContent = editSentence(msg.edit);
    }
    const v = msg.type === 'detail' ? msg.view : lastView!;
    lastView = v;
    const y = window.scrollY;
    root.replaceChildren(renderHeader(v), ...[renderDescription(v), renderDependencies(v), renderTimeline(v), renderTokens(v), renderCosts(v), renderRuns(v),
      renderTests(v), renderReview(v), renderTranscripts(v), renderAttachments(v), renderComments(v), renderProblems(v)].filter((n): n is HTMLElement => n !== null));
    document.title = `${v.id} ${v.title}`;
    window.scrollTo(0, y);
  } else if (msg.type === 'gone') {
    root.replaceChildren(el('p', { class: 'muted' }, lastView?.where
      // A task of another place leaves when that worktree or branch no longer has it, or no longer differs from the folder's.
      ? `${msg.id} is no longer shown ${lastView.where.kind === 'ref' ? 'on that branch' : 'in that worktree'}: it was removed there, the place is no longer read, or it is now the same as this folder's own ${msg.id}.`
      : `${msg.id} is gone: its task.yaml (or its row in orc's database) was deleted or can no longer be read.`));
  } else if (msg.type === 'notice') {
    root.prepend(el('p', { class: msg.level === 'error' ? 'error' : 'muted' }, msg.message));
  }
});

send({ type: 'ready' });
