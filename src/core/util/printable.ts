/*
 * Text that came from a file (or from Claude, or from a tool), made safe for a terminal. A control character can act
 * on the terminal instead of being shown: ESC starts sequences that clear the screen, retitle the window, write the
 * clipboard (OSC 52) or plant links (OSC 8); `\r` returns to column 0 and overwrites what was printed; a newline
 * inside a field forges another row. Bidirectional overrides and isolates reorder what is shown, so a name can read
 * as something it is not. Every one of them is printed as a visible escape instead, and nothing else changes.
 * This is the one place that decides it: the CLI's text output and the run renderer both call it.
 */

// C0 (newline and tab included), DEL, C1, the Arabic letter mark, LRM/RLM, line/paragraph separators, bidi embeddings,
// overrides and isolates (U+202A–202E, U+2066–2069).
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeOne(c: string): string {
  const code = c.charCodeAt(0);
  return NAMED[c] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
}

/** One field: every control character (a newline too) as a visible escape: ESC as `\x1b`, a newline as `\n`, U+202E as `\u202e`. */
export function printable(text: string): string {
  return text.replace(UNSAFE, escapeOne);
}

/**
 * Text whose newlines are its own rows (Claude's reply, a block the CLI joined): each line made printable, the line
 * breaks kept (`\r\n` counts as one). Used as the last guard on everything the CLI prints as text.
 */
export function printableLines(text: string): string[] {
  return text.split(/\r?\n/).map(printable);
}

/**
 * A tagged template for a row of output: every interpolated value is a field and goes through `printable`, the
 * literal text around them is the program's own. `printableRow\`  ${task.id} ${task.title}\`` cannot become two rows.
 */
export function printableRow(literals: TemplateStringsArray, ...fields: unknown[]): string {
  let row = literals[0]!;
  fields.forEach((field, i) => { row += printable(String(field)) + literals[i + 1]!; });
  return row;
}
