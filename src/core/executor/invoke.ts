import { runClaude, type ClaudeExit } from './claude-process';
import type { RunContext } from './run-context';
import { toolTarget } from './stream-json';

export interface Invocation {
  readonly phase: string;
  readonly session: { readonly id: string; readonly resume: boolean };
  readonly prompt: string;
  readonly timeoutMs: number;
}

/** The flags of one headless call; the prompt always goes on stdin (flags like --add-dir would swallow it). */
export function claudeArgs(rc: RunContext, session: Invocation['session']): string[] {
  const permission = rc.config.permissionMode;
  return [
    '-p', '--output-format', 'stream-json', '--verbose',
    ...(rc.config.model ? ['--model', rc.config.model] : []),
    ...(session.resume ? ['--resume', session.id] : ['--session-id', session.id]),
    ...(permission ? ['--permission-mode', permission] : []),
    // In a worktree, the task's folder (spec.md, review.md, test results) is outside Claude's cwd.
    ...(rc.workspace.worktree ? ['--add-dir', rc.task.taskDir] : []),
  ];
}

/** Runs Claude once and turns its stream into events; token usage flows into the ledger as it arrives. */
export function invokeClaude(rc: RunContext, inv: Invocation): Promise<ClaudeExit> {
  const { phase } = inv;
  return runClaude({
    command: rc.config.claudePath,
    args: claudeArgs(rc, inv.session),
    cwd: rc.workspace.cwd,
    prompt: inv.prompt,
    env: { ...process.env, ...rc.env },
    timeoutMs: inv.timeoutMs,
    graceMs: rc.graceMs,
    signal: rc.signal,
    onStderr: (text) => rc.emit({ type: 'stderr', phase, text }),
    onMessage: (m) => {
      if (m.type === 'assistant') {
        for (const b of m.blocks) {
          if (b.kind === 'text' && b.text.trim()) rc.emit({ type: 'assistant-text', phase, text: b.text });
          else if (b.kind === 'tool_use') rc.emit({ type: 'tool-use', phase, name: b.name, target: toolTarget(b.input) });
        }
        if (m.usage) {
          rc.ledger.streamed(m.messageId, m.usage);
          rc.emit({ type: 'usage', phase, phaseTokens: rc.ledger.phaseTotals(phase), taskTokens: rc.ledger.taskTotals(), costUsd: rc.ledger.costUsd });
        }
      } else if (m.type === 'user') {
        for (const b of m.blocks) if (b.kind === 'tool_result') rc.emit({ type: 'tool-result', phase, brief: brief(b.content), isError: b.isError });
      }
    },
  });
}

function brief(text: string): string {
  const first = text.split('\n').find((l) => l.trim()) ?? '';
  const more = text.split('\n').filter((l) => l.trim()).length - 1;
  return `${first.trim().slice(0, 120)}${more > 0 ? ` (+${more} lines)` : ''}`;
}
