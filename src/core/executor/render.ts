import type { TokenTotals } from '../model/tokens';
import { printable, printableLines, printableRow } from '../util/printable';
import type { ExecutorEvent } from './contract';

/**
 * The readable plain-text rendering of a run, shared by `baton run`'s stdout and the editor's Pseudoterminal.
 * Each event becomes zero or more lines (no trailing newline). Text from Claude, a tool or the task's files is
 * untrusted: its control characters (escape sequences, `\r`, bidi overrides) are shown escaped by `printable`, the
 * CLI's own function, so it can never drive the terminal nor forge a line.
 */
export function renderEvent(e: ExecutorEvent): string[] {
  switch (e.type) {
    case 'notice':
      return [`!!! ${oneLine(e.text, 500)}`];
    case 'run-start':
      return [`=== ${printable(e.taskId)}: ${e.phases.length ? printableRow`phases ${e.phases.join(', ')}` : 'no phase left to run'}`,
        printableRow`    in ${e.cwd}` + (e.branch ? printableRow` (branch ${e.branch})` : '')];
    case 'phase-start':
      return ['', printableRow`--- ${e.phase}, iteration ${e.iteration}` + (e.resumed ? ' (resumed)' : '') + printableRow` - session ${e.sessionId}`];
    case 'assistant-text':
      return lines(e.text);
    case 'tool-use':
      return [`  > ${printable(e.name)}${e.target ? ` ${oneLine(e.target, 160)}` : ''}`];
    case 'tool-result':
      return [`    ${e.isError ? 'error' : 'ok'}${e.brief ? `: ${oneLine(e.brief, 160)}` : ''}`];
    case 'usage':
      return [`  [tokens: ${printable(e.phase)} ${formatTokens(e.phaseTokens)} | task ${formatTokens(e.taskTokens)} | cost $${e.costUsd.toFixed(4)}]`];
    case 'stderr':
      return lines(e.text).map((l) => `  [stderr] ${l}`);
    case 'iteration-end':
      return [printableRow`--- ${e.phase}, iteration ${e.iteration}: ` + ITERATION_WORDS[e.outcome] + (e.message ? ` - ${oneLine(e.message, 300)}` : ''),
        ...(e.transcript ? [printableRow`    transcript: ${e.transcript}`] : [])];
    case 'checkpoint':
      return [printableRow`  checkpoint ${e.sha.slice(0, 10)}: ` + oneLine(e.message, 160)];
    case 'gate':
      return [printableRow`  gate after ${e.phase} (${e.gateType}): ${e.decision}` + (e.rationale ? ` - ${oneLine(e.rationale, 300)}` : '')];
    case 'gate-waiting':
      return [printableRow`  gate after ${e.gate.phase} (human): waiting for approval`,
        printableRow`    approve: baton answer ${e.gate.taskId}:${e.gate.phase} --option approve   (or --option reject --rationale TEXT)`];
    case 'phase-end': {
      const exit = e.signal ? printableRow` (signal ${e.signal})` : e.exitCode !== null && e.exitCode !== 0 ? ` (exit status ${e.exitCode})` : '';
      return [printableRow`=== ${e.phase}: ${e.status}` + exit + (e.message ? ` - ${oneLine(e.message, 300)}` : '')];
    }
    case 'run-end':
      return ['', printableRow`=== run ${e.outcome.status}: ` + oneLine(e.outcome.message, 500) +
        (e.outcome.phasesRun.length ? printableRow` (phases run: ${e.outcome.phasesRun.join(', ')})` : '')];
  }
}

const ITERATION_WORDS = { complete: 'phase complete', continue: 'not complete yet, continuing', blocked: 'blocked', error: 'error' } as const;

export function formatTokens(t: TokenTotals): string {
  return `${t.total.toLocaleString('en-US')} (in ${t.input.toLocaleString('en-US')}, out ${t.output.toLocaleString('en-US')}, ` +
    `cache ${t.cacheCreation.toLocaleString('en-US')}+${t.cacheRead.toLocaleString('en-US')})`;
}

/** Claude's or a tool's text, a row per line it wrote; whatever else would act on the terminal shown escaped. */
function lines(text: string): string[] {
  const out = printableLines(text);
  while (out.length && out[out.length - 1] === '') out.pop();
  return out;
}

/** One row: line breaks and runs of white space become one space, cut to `max` before escaping (an escape is never cut in two). */
function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return printable(flat.length > max ? `${flat.slice(0, max - 1)}…` : flat);
}
