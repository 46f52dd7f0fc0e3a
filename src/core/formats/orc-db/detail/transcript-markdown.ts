import type { DbTranscriptMessage } from './detail-queries';

/** A transcript opens with its first messages, each cut like the file era's transcript head (8 KB). */
export const TRANSCRIPT_MESSAGES = 200;
export const MESSAGE_CHARS = 8 * 1024;

/** A transcript's messages as Markdown: each message's content in a fence longer than any backtick run in it. */
export function transcriptMarkdown(taskId: string, database: string, name: string, messages: readonly DbTranscriptMessage[]): string {
  const lines = [`# ${taskId} · ${name}`, '', `From orc's database (${database}); the first ${TRANSCRIPT_MESSAGES} messages, each cut at ${MESSAGE_CHARS / 1024} KB.`, ''];
  for (const m of messages) {
    const when = m.atMs !== null ? new Date(m.atMs).toISOString() : '';
    const tokens = m.inputTokens || m.outputTokens ? ` · ${m.inputTokens} in / ${m.outputTokens} out` : '';
    lines.push(`## ${m.type}${m.role && m.role !== m.type ? ` (${m.role})` : ''} · ${when}${m.model ? ` · ${m.model}` : ''}${tokens}`, '');
    const fence = '`'.repeat(Math.max(3, ...[...m.content.matchAll(/`+/g)].map((x) => x[0].length + 1)));
    lines.push(fence, m.content, fence);
    if (m.length > m.content.length) lines.push('', `*… ${(m.length - m.content.length).toLocaleString('en-US')} more characters*`);
    lines.push('');
  }
  if (!messages.length) lines.push('*No messages.*');
  return lines.join('\n');
}
