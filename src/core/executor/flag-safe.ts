/**
 * Values read from a repository's files that end up on Claude's command line. A value that starts with `-` would
 * be read as a flag (a state.yaml session id of `--dangerously-skip-permissions` would switch every check off), so
 * each is checked against the shape it must have before it is passed; anything else is refused with a message.
 */

/** Claude's session ids are UUIDs; orc may record other opaque ids, but never one that starts with `-`. */
export const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
/** `claude-sonnet-4-5`, `opus[1m]`, a Bedrock ARN (`arn:aws:bedrock:…/…`), a Vertex name (`…@20250929`). */
export const MODEL_NAME = /^[A-Za-z0-9][A-Za-z0-9._:/@[\]-]{0,255}$/;
/** Claude Code's permission modes (`--permission-mode`). */
export const PERMISSION_MODES = ['acceptEdits', 'auto', 'bypassPermissions', 'default', 'dontAsk', 'plan'] as const;
/**
 * Modes that let Claude act without the person's approval beyond editing files: a repository may not choose them
 * for the person (acceptEdits, the default, default, plan and dontAsk only narrow or keep what edits may do).
 */
export const WIDENING_PERMISSION_MODES: ReadonlySet<string> = new Set(['bypassPermissions', 'auto']);

/** null when `value` has the shape; otherwise the refusal, naming where the value came from. */
export function checkFlagValue(what: string, value: string, shape: RegExp, source: string): string | null {
  if (shape.test(value)) return null;
  const shown = JSON.stringify(value.length > 80 ? `${value.slice(0, 79)}…` : value);
  return value.startsWith('-')
    ? `${source}'s ${what} ${shown} starts with "-": Claude would read it as a flag, so it is refused`
    : `${source}'s ${what} ${shown} is not a valid ${what} (expected ${shape.source}), so it is refused`;
}

/** null for a mode Claude knows; otherwise the refusal. */
export function checkPermissionMode(value: string, source: string): string | null {
  if ((PERMISSION_MODES as readonly string[]).includes(value)) return null;
  return `${source}'s claude.permission_mode ${JSON.stringify(value)} is not one of Claude's modes (${PERMISSION_MODES.join(', ')}), so it is refused`;
}
