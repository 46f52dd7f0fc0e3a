import { applyEdits, modify, type FormattingOptions, type JSONPath } from 'jsonc-parser';

export interface JsonChange {
  readonly path: JSONPath;
  /** The new value; `undefined` removes the property. */
  readonly value: unknown;
}

/**
 * Changes values in JSON text and nothing else: every other byte — unknown fields, key order, spacing,
 * line endings — stays as it was. A property that does not exist yet is appended with the file's own
 * indentation.
 */
export function editJsonText(text: string, changes: readonly JsonChange[]): string {
  const formattingOptions = detectFormatting(text);
  let out = text;
  for (const change of changes) out = applyEdits(out, modify(out, change.path, change.value, { formattingOptions }));
  return out;
}

function detectFormatting(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  return indent.startsWith('\t')
    ? { insertSpaces: false, tabSize: 1, eol }
    : { insertSpaces: true, tabSize: indent.length, eol };
}
