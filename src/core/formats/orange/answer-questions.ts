import { bodySections, findSection } from './sections';

/**
 * Writes a person's answers into the `## Questions` section of a TASK.md body, where the agent reads them when it
 * resumes: each answered list question is ticked (`- [x]`) and gets a nested `- Answer: …` line; a general answer
 * (or the answer to questions written as prose) goes at the end of the section as `Answer: …`. Every other line of
 * the body stays as it was.
 */
export function answerQuestionsInBody(body: string, answers: readonly string[], general: string): string {
  const crlf = body.includes('\r\n');
  const lines = body.split('\n');
  const line = (text: string) => (crlf ? `${text}\r` : text);
  const section = findSection(bodySections(body), 'Questions');
  if (!section) {
    if (!general.trim()) return body;
    const nl = crlf ? '\r\n' : '\n';
    const sep = body === '' || body.endsWith('\n') ? '' : nl;
    return `${body}${sep}${nl}## Questions${nl}${nl}${block('Answer: ', general, '', false).split('\n').join(nl)}${nl}`;
  }
  // Last first, so the line numbers of the earlier ones stay right.
  const sectionEnd = lastContentLine(lines, section.start - 1, section.end);
  if (general.trim()) lines.splice(sectionEnd + 1, 0, line(''), ...block('Answer: ', general, '', crlf).split('\n'));
  for (let i = section.items.length - 1; i >= 0; i--) {
    const item = section.items[i]!;
    const text = answers[i]?.trim();
    if (!text) continue;
    const first = lines[item.line]!;
    const marker = /^(\s*)([-*+]|\d+[.)])(\s+)/.exec(first);
    const indent = ' '.repeat(marker ? marker[0].length : 2);
    lines[item.line] = first.replace(/^(\s*(?:[-*+]|\d+[.)])\s+)\[ \]/, '$1[x]');
    const last = lastContentLine(lines, item.line, item.end);
    lines.splice(last + 1, 0, ...block(`${indent}- Answer: `, text, `${indent}  `, crlf).split('\n'));
  }
  return lines.join('\n');
}

/** The last non-blank line in [from, to) (or `from` when all are blank). */
function lastContentLine(lines: readonly string[], from: number, to: number): number {
  for (let l = Math.min(to, lines.length) - 1; l > from; l--) if (lines[l]!.trim()) return l;
  return from;
}

/** `prefix + text`, continuation lines indented by `cont` (so a multi-line answer stays inside its list item). */
function block(prefix: string, text: string, cont: string, crlf: boolean): string {
  const parts = text.trim().split(/\r?\n/);
  return parts.map((p, i) => (i === 0 ? prefix + p : p.trim() ? cont + p : '') + (crlf ? '\r' : '')).join('\n');
}
