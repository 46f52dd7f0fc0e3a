import type { TaskDetailView } from '../../src/shared/task-detail-protocol';
import { action, bytes, el, num, pill, section, time, when } from './dom';
import { renderMarkdown } from '../common/markdown-dom';
import { markdownLinks } from './header';
import { send } from './send';
import { thumbTile } from './thumb-tile';

export function renderTranscripts(v: TaskDetailView): HTMLElement | null {
  if (!v.transcripts.length) return null;
  return section('transcripts', 'Transcripts', el('ul', { class: 'plain' }, ...v.transcripts.map((t) => el('li', {},
    action(t.phase && t.iteration !== null ? `${t.phase} #${t.iteration}` : t.name, () => send({ type: 'openTranscript', name: t.name }), { title: t.name, 'data-transcript': t.name }),
    ' ', t.status ? pill(t.status, t.status) : '',
    el('span', { class: 'muted' }, [t.timestamp && ` ${when(t.timestamp)}`, t.duration && ` · ${t.duration}`, t.tokens !== null && ` · ${num(t.tokens)} tokens`].filter(Boolean).join(''))))));
}

export function renderAttachments(v: TaskDetailView): HTMLElement | null {
  if (!v.attachments.length) return null;
  return section('attachments', 'Attachments', el('div', { class: 'thumbs' }, ...v.attachments.map((a) => thumbTile({
    picture: a.thumbnail, kind: a.contentType, name: a.filename, note: bytes(a.size),
    hover: `${a.filename} · ${a.contentType} · ${bytes(a.size)} · ${when(a.createdAt)}`,
    open: () => send({ type: 'openAttachment', filename: a.filename }), attrs: { 'data-attachment': a.filename },
  }))));
}

export function renderComments(v: TaskDetailView): HTMLElement | null {
  if (!v.comments.length) return null;
  const s = v.commentStats;
  const links = markdownLinks();
  return section('comments', `Comments (${s.total})`,
    el('p', { class: 'muted' }, `${s.human} human · ${s.agent} agent · ${s.system} system`),
    ...v.comments.map((c) => el('article', { class: `comment comment-${c.authorType.replace(/[^a-z]/gi, '')}` },
      el('div', { class: 'row' }, el('strong', {}, c.author), ' ', pill(c.authorType, `author-${c.authorType}`),
        c.phase ? el('span', { class: 'muted' }, ` ${c.phase}`) : '', el('span', { class: 'muted' }, ' · ', time(c.createdAt))),
      renderMarkdown(c.md.content, links, 'comment-body'))));
}

export function renderProblems(v: TaskDetailView): HTMLElement | null {
  if (!v.problems.length) return null;
  return section('problems', 'Problems in this task\'s files', el('ul', { class: 'plain' }, ...v.problems.map((p) =>
    el('li', {}, pill(p.severity, p.severity), ` ${p.file}${p.line ? `:${p.line}` : ''} — ${p.message}`))));
}
