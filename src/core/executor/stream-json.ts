/**
 * Claude's `--output-format stream-json`: one JSON object per line. stdout arrives in chunks that split lines
 * anywhere (even inside a multi-byte character), so bytes are buffered to the newline and decoded per line.
 */
export class LineSplitter {
  private pending: Buffer[] = [];

  /** The complete lines in this chunk (without their newline); a partial last line waits for the next chunk. */
  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let i = chunk.indexOf(0x0a); i >= 0; i = chunk.indexOf(0x0a, start)) {
      this.pending.push(chunk.subarray(start, i));
      lines.push(Buffer.concat(this.pending).toString('utf8').replace(/\r$/, ''));
      this.pending = [];
      start = i + 1;
    }
    if (start < chunk.length) this.pending.push(chunk.subarray(start));
    return lines;
  }

  /** What is left when the stream ends: a line cut off by a crash, or null. */
  flush(): string | null {
    if (!this.pending.length) return null;
    const rest = Buffer.concat(this.pending).toString('utf8');
    this.pending = [];
    return rest.length ? rest : null;
  }
}

export interface Usage {
  readonly input_tokens: number;
  readonly output_tokens: number;
  readonly cache_creation_input_tokens: number;
  readonly cache_read_input_tokens: number;
}

export type ContentBlock =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'tool_use'; readonly name: string; readonly input: Record<string, unknown> }
  | { readonly kind: 'tool_result'; readonly content: string; readonly isError: boolean };

/** The lines the executor acts on; everything else (hooks, status, rate limits, future types) is `other`. */
export type StreamMessage =
  | { readonly type: 'init'; readonly sessionId: string | null; readonly model: string | null }
  | { readonly type: 'assistant'; readonly messageId: string | null; readonly blocks: readonly ContentBlock[]; readonly usage: Usage | null }
  | { readonly type: 'user'; readonly blocks: readonly ContentBlock[] }
  | { readonly type: 'result'; readonly subtype: string; readonly isError: boolean; readonly result: string | null;
    readonly errors: readonly string[]; readonly numTurns: number | null; readonly costUsd: number | null;
    readonly usage: Usage | null; readonly sessionId: string | null; readonly durationMs: number | null }
  | { readonly type: 'other' }
  | { readonly type: 'invalid'; readonly line: string };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** One line of the stream. Unknown types and fields are ignored; a line that is not a JSON object is `invalid`. */
export function parseStreamLine(line: string): StreamMessage | null {
  if (!line.trim()) return null;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { type: 'invalid', line };
  }
  if (!isObj(value)) return { type: 'invalid', line };
  switch (value.type) {
    case 'system':
      return value.subtype === 'init' ? { type: 'init', sessionId: str(value.session_id), model: str(value.model) } : { type: 'other' };
    case 'assistant': {
      const message = isObj(value.message) ? value.message : {};
      return { type: 'assistant', messageId: str(message.id), blocks: blocksOf(message.content), usage: usageOf(message.usage) };
    }
    case 'user': {
      const message = isObj(value.message) ? value.message : {};
      return { type: 'user', blocks: blocksOf(message.content) };
    }
    case 'result':
      return {
        type: 'result', subtype: str(value.subtype) ?? 'unknown', isError: value.is_error === true, result: str(value.result),
        errors: Array.isArray(value.errors) ? value.errors.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))) : [],
        numTurns: num(value.num_turns), costUsd: num(value.total_cost_usd), usage: usageOf(value.usage),
        sessionId: str(value.session_id), durationMs: num(value.duration_ms),
      };
    default:
      return { type: 'other' };
  }
}

export function usageOf(v: unknown): Usage | null {
  if (!isObj(v)) return null;
  return {
    input_tokens: num(v.input_tokens) ?? 0,
    output_tokens: num(v.output_tokens) ?? 0,
    cache_creation_input_tokens: num(v.cache_creation_input_tokens) ?? 0,
    cache_read_input_tokens: num(v.cache_read_input_tokens) ?? 0,
  };
}

function blocksOf(content: unknown): ContentBlock[] {
  if (typeof content === 'string') return [{ kind: 'text', text: content }];
  if (!Array.isArray(content)) return [];
  const blocks: ContentBlock[] = [];
  for (const b of content) {
    if (!isObj(b)) continue;
    if (b.type === 'text' && typeof b.text === 'string') blocks.push({ kind: 'text', text: b.text });
    else if (b.type === 'tool_use') blocks.push({ kind: 'tool_use', name: str(b.name) ?? '?', input: isObj(b.input) ? b.input : {} });
    else if (b.type === 'tool_result') blocks.push({ kind: 'tool_result', content: resultText(b.content), isError: b.is_error === true });
  }
  return blocks;
}

/** A tool result's content is a string or a list of text/image blocks. */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((c) => (isObj(c) && typeof c.text === 'string' ? c.text : isObj(c) ? `[${String(c.type)}]` : '')).join('\n');
  }
  return '';
}

/** What a tool call is about, for one line of output: the file it touches or the command it runs. */
export function toolTarget(input: Record<string, unknown>): string | null {
  for (const key of ['file_path', 'notebook_path', 'path', 'command', 'pattern', 'url', 'query', 'description']) {
    const v = input[key];
    if (typeof v === 'string' && v) return v;
  }
  return null;
}
