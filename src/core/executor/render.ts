import type { TokenTotals } from '../model/tokens';
import type { ExecutorEvent } from './contract';

/**
 * The readable plain-text rendering of a run, shared by `baton run`'s stdout and the editor's Pseudoterminal.
 * Each event becomes zero or more lines (no trailing newline). Text from Claude or a tool is untrusted: control
 * characters (terminal escape sequences included) are removed so it can never drive the terminal.
 */
export function renderEvent(e: ExecutorEvent): string[] {
  switch (e.type) {
    case 'notice':
      return [`!!! ${oneLine(e.text, 500)}`];
    case 'run-start':
      return [`=== ${e.taskId}: ${e.phases.length ? `phases ${e.phases.join(', ')}` : 'no phase left to run'}`,
        `    in ${clean(e.cwd)}${e.branch ? ` (branch ${clean(e.branch)})` : ''}`];
    case 'phase-start':
      return ['', `--- ${e.phase}, iteration ${e.iteration}${e.resumed ? ' (resumed)' : ''} - session ${e.sessionId}`];
    case 'assistant-text':
      return lines(e.text);
    case 'tool-use':
      return [`  > ${clean(e.name)}${e.target ? ` ${oneLine(e.target, 160)}` : ''}`];
    case 'tool-result':
      return [`    ${e.isError ? 'error' : 'ok'}${e.brief ? `: ${oneLine(e.brief, 160)}` : ''}`];
    case 'usage':
      return [`  [tokens: ${e.phase} ${formatTokens(e.phaseTokens)} | task ${formatTokens(e.taskTokens)} | cost $${e.costUsd.toFixed(4)}]`];
    case 'stderr':
      return lines(e.text).map((l) => `  [stderr] ${l}`);
    case 'iteration-end':
      return [`--- ${e.phase}, iteration ${e.iteration}: ${ITERATION_WORDS[e.outcome]}${e.message ? ` - ${oneLine(e.message, 300)}` : ''}`,
        ...(e.transcript ? [`    transcript: ${clean(e.transcript)}`] : [])];
    case 'checkpoint':
      return [`  checkpoint ${e.sha.slice(0, 10)}: ${oneLine(e.message, 160)}`];
    case 'gate':
      return [`  gate after ${e.phase} (${clean(e.gateType)}): ${clean(e.decision)}${e.rationale ? ` - ${oneLine(e.rationale, 300)}` : ''}`];
    case 'gate-waiting':
      return [`  gate after ${e.gate.phase} (human): waiting for approval`,
        `    approve: baton answer ${e.gate.taskId}:${e.gate.phase} --option approve   (or --option reject --rationale TEXT)`];
    case 'phase-end': {
      const exit = e.signal ? ` (signal ${e.signal})` : e.exitCode !== null && e.exitCode !== 0 ? ` (exit status ${e.exitCode})` : '';
      return [`=== ${e.phase}: ${e.status}${exit}${e.message ? ` - ${oneLine(e.message, 300)}` : ''}`];
    }
    case 'run-end':
      return ['', `=== run ${e.outcome.status}: ${oneLine(e.outcome.message, 500)}` +
        (e.outcome.phasesRun.length ? ` (phases run: ${e.outcome.phasesRun.join(', ')})` : '')];
  }
}

const ITERATION_WORDS = { complete: 'phase complete', continue: 'not complete yet, continuing', blocked: 'blocked', error: 'error' } as const;

export function formatTokens(t: TokenTotals): string {
  return `${t.total.toLocaleString('en-US')} (in ${t.input.toLocaleString('en-US')}, out ${t.output.toLocaleString('en-US')}, ` +
    `cache ${t.cacheCreation.toLocaleString('en-US')}+${t.cacheRead.toLocaleString('en-US')})`;
}

/** Removes C0/C1 control characters (ESC sequences included) except newline and tab. */
export function clean(text: string): string {
  return text.replace(/\r\n?/g, '\n')
    // Whole escape sequences first (CSI colours and cursor moves, OSC titles and links), so no "[31m" is left.
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b\[[0-9;?<=>]*[ -/]*[@-~]?|\u001b[@-Z\\-_]?/g, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
}

function lines(text: string): string[] {
  const out = clean(text).split('\n');
  while (out.length && out[out.length - 1] === '') out.pop();
  return out;
}

function oneLine(text: string, max: number): string {
  const flat = clean(text).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
