/**
 * Text that came from a file, made safe for a terminal: control characters (escape sequences would recolour or
 * move the cursor), line and paragraph separators and bidirectional overrides (which reorder what is shown) are
 * printed as visible escapes, `\n`, `\t`, `\u001b`, so nothing in a file can act on the terminal or hide text.
 */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\t') return '\\t';
    if (c === '\r') return '\\r';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
