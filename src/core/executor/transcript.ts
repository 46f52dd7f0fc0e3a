import { promises as fs } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../io/atomic-write';
import { containedPath } from '../io/contained-path';
import type { FileChange } from './git-tree';
import { formatDuration, stamp } from './time-format';

export interface TranscriptInput {
  readonly taskDir: string;
  readonly taskId: string;
  readonly phase: string;
  /** 1-based position of the phase in plan.yaml. */
  readonly phaseIndex: number;
  readonly iteration: number;
  readonly startedAt: Date;
  readonly durationMs: number;
  readonly tokens: number;
  readonly status: string;
  readonly prompt: string;
  readonly response: string;
  /** `- Tests passing: yes` style lines. */
  readonly completion: readonly string[];
  readonly files: readonly FileChange[];
  /** Why the changes are not known (git failed), instead of the table. */
  readonly filesNote?: string | null;
}

/** `transcripts/02-implement-003.md`, the spec's name for iteration 3 of the second phase. */
export function transcriptName(phaseIndex: number, phase: string, iteration: number): string {
  const safe = phase.replace(/[^A-Za-z0-9._-]+/g, '-');
  return `${String(phaseIndex).padStart(2, '0')}-${safe}-${String(iteration).padStart(3, '0')}.md`;
}

/** Writes one iteration's transcript in the spec's format; returns its path. */
export async function writeTranscript(t: TranscriptInput): Promise<string> {
  const dir = path.join(t.taskDir, 'transcripts');
  // Checked again at each write: transcripts/ may have become a link out of the task folder since the run started.
  const inside = await containedPath(t.taskDir, dir, { what: 'the task folder' });
  if (!inside.ok) throw new Error(`transcript not written: ${inside.reason}`);
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, transcriptName(t.phaseIndex, t.phase, t.iteration));
  const rows = t.files.map((f) => `| ${cell(f.file)} | ${f.action} | ${lines(f)} |`);
  const text = [
    `# Transcript: ${t.taskId} / ${t.phase} / iteration ${t.iteration}`,
    '',
    `**Timestamp**: ${stamp(t.startedAt)}`,
    `**Duration**: ${formatDuration(t.durationMs).replace(/(\d)([hm])(\d)/g, '$1$2 $3')}`,
    `**Tokens**: ${t.tokens}`,
    `**Status**: ${t.status}`,
    '', '---', '',
    '## Prompt', '', t.prompt.trimEnd(),
    '', '---', '',
    '## Response', '', t.response.trimEnd() || '(no response)',
    '', '---', '',
    '## Completion', '', ...t.completion,
    '', '---', '',
    '## Files Changed', '',
    ...(t.filesNote ? [`(${t.filesNote})`] : rows.length ? ['| File | Action | Lines |', '|------|--------|-------|', ...rows] : ['(none)']),
    '',
  ].join('\n');
  await writeFileAtomic(file, text);
  return file;
}

function lines(f: FileChange): string {
  if (f.added === null || f.removed === null) return 'binary';
  if (f.action === 'created') return `+${f.added}`;
  if (f.action === 'deleted') return `-${f.removed}`;
  return `+${f.added}, -${f.removed}`;
}

function cell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
