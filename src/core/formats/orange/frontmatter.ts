/**
 * TASK.md as its three parts: the opening `---` line, the YAML between the fences, and everything from the
 * closing fence on. An edit changes only the YAML part; `before + yaml + after` is the file again, byte for byte.
 */
export interface SplitTaskFile {
  readonly before: string;
  readonly yaml: string;
  /** The closing fence line and the Markdown body after it. */
  readonly after: string;
  /** The body alone (after the closing fence line). */
  readonly body: string;
  /** 1-based line of the YAML's first line in the file. */
  readonly yamlLine: number;
  /** 1-based line of the body's first line in the file. */
  readonly bodyLine: number;
}

const OPEN = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSE = /^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/m;

/** Splits a TASK.md; undefined when it does not start with a `---` frontmatter block closed by `---`. */
export function splitTaskFile(text: string): SplitTaskFile | undefined {
  const open = OPEN.exec(text);
  if (!open) return undefined;
  const start = open[0].length;
  const rest = text.slice(start);
  // The closing fence may also come straight after the opening one (an empty frontmatter).
  const close = CLOSE.exec(rest);
  if (!close) return undefined;
  const yaml = rest.slice(0, close.index);
  const after = rest.slice(close.index);
  const body = after.slice(close[0].length);
  const yamlLine = 2;
  return { before: text.slice(0, start), yaml, after, body, yamlLine, bodyLine: yamlLine + countLines(yaml) + 1 };
}

function countLines(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}
