/**
 * `--worktrees` and `--refs PATTERN` (repeatable), as parseArgs options: the same on scan, check, owner and trace.
 * A file of its own: the CLI's second-run bundle (fast-answer.ts) parses `scan`'s and `check`'s options without the places' code.
 */
export const placeOptions = {
  worktrees: { type: 'boolean' },
  refs: { type: 'string', multiple: true },
} as const;
