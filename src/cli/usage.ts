// Each command's usage line(s), apart from the commands themselves: `baton --help` and a mistyped command print them
// without loading the code of any command (see launcher.ts).

export const scanUsage = 'baton scan [DIR…] [--json] [--home HOME] [--no-cache] [--worktrees] [--refs PATTERN]…';

export const checkUsage = 'baton check [DIR…] [--home HOME] [--no-cache] [--worktrees] [--refs PATTERN]…';

export const ownerUsage = 'baton owner FILE [--root DIR] [--json] [--worktrees] [--refs PATTERN]…';

export const traceUsage = 'baton trace [DIR] [--intent ID] [--limit N] [--json] [--worktrees] [--refs PATTERN]…';

export const answerUsage = 'baton answer CRP_ID --option ID [--option QUESTION_ID=OPTION_ID …] [--rationale TEXT] [--notes TEXT] '
  + '[--applies-to-future] [--run RUN] [--dir DIR]\n  baton answer TASK-ID:PHASE --option approve|reject [--rationale TEXT] [--dir DIR]   (an orc human gate)\n  baton answer MISSION-ID --option approve [--dir DIR]   (a Dure mission\'s plan)';

export const taskUsage = [
  'baton task new TITLE [--description TEXT] [--weight W] [--category C] [--priority P] [--queue Q] [--initiative INIT-ID] [--blocked-by IDS] [--related-to IDS] [--dir DIR]',
  'baton task set TASK-ID FIELD VALUE [--dir DIR]   (FIELD: priority, queue, category, weight, title, initiative, blocked_by, related_to)',
  'baton task resolve TASK-ID [--message TEXT] [--dir DIR]',
  'baton task show TASK-ID [--json] [--dir DIR] [--home HOME]',
  '(a folder whose orc keeps a database: new, set and resolve run orc new, orc edit and orc close; --home HOME moves ~ for finding it)',
].join('\n  ');

export const runUsage = 'baton run TASK-ID [--phase NAME] [--resume] [--dir DIR] [--home HOME] [--claude PATH] [--allow-repo-claude]';

export const mcpUsage = 'baton mcp [DIR…] [--home HOME] [--no-cache] [--orc-home DIR] [--ultrawork-sessions DIR] [--orange-root DIR] [--systems LIST] [--trace-tail N] [--worktrees] [--refs PATTERN]…'
  + '   (a Model Context Protocol server on stdio; ends when stdin closes)';

/** Every command, in the order `baton --help` lists them. */
export const COMMAND_USAGES: Readonly<Record<string, string>> = {
  scan: scanUsage, check: checkUsage, owner: ownerUsage, trace: traceUsage, answer: answerUsage, task: taskUsage, run: runUsage, mcp: mcpUsage,
};

export function usageText(): string {
  return ['usage:', ...Object.values(COMMAND_USAGES).map((u) => `  ${u}`)].join('\n');
}
