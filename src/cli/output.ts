import { printableLines } from '../core/util/printable';

/**
 * Where a command's output goes. Readable text and messages pass a last guard (`printableLines`): whatever a command
 * forgot to escape still cannot reach the terminal raw. JSON is written as it is: its own escaping already makes it
 * safe, and CLI.md's JSON stays byte for byte what it was.
 */
export interface CliOutput {
  /** Readable text on stdout: one line, or lines the command joined with `\n`. */
  line(text: string): void;
  /** `--json` output on stdout, exactly as given (text, or its UTF-8 bytes). */
  json(text: string | Uint8Array): void;
  /** A message on stderr (a refusal, a warning, what ran), guarded as `line` is. */
  error(text: string): void;
}

let closed = false;
const onClose: (() => void)[] = [];

function write(stream: NodeJS.WriteStream, text: string | Uint8Array): void {
  if (!closed) stream.write(text);
}

export const cliOutput: CliOutput = {
  line: (text) => write(process.stdout, `${printableLines(text).join('\n')}\n`),
  json: (text) => {
    if (typeof text === 'string') return write(process.stdout, `${text}\n`);
    write(process.stdout, text);
    write(process.stdout, '\n');
  },
  error: (text) => write(process.stderr, `${printableLines(text).join('\n')}\n`),
};

/** The reader went away (`baton check | head`): the errors that say so. */
const READER_GONE = new Set(['EPIPE', 'ENOBUFS']);

/**
 * `git log | head` behaviour: when the reader of stdout or stderr closes, the command ends quietly with status 0
 * instead of dying on an unhandled EPIPE with a stack trace. Output is dropped from then on; a command with work that
 * must wind down first (`baton run` stops Claude) registers it with `whenReaderGone` and the process exits after it.
 */
export function endQuietlyWhenReaderGoes(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (!READER_GONE.has(err.code ?? '')) throw err;
      if (closed) return;
      closed = true;
      process.exitCode = 0;
      if (!onClose.length) process.exit(0);
      for (const stop of onClose.splice(0)) stop();
    });
  }
}

/** Runs `stop` instead of exiting at once when the reader goes; the returned function unregisters it. */
export function whenReaderGone(stop: () => void): () => void {
  onClose.push(stop);
  return () => { const i = onClose.indexOf(stop); if (i >= 0) onClose.splice(i, 1); };
}

/** True once the reader has gone: the exit status is 0 whatever the command concluded. */
export function readerGone(): boolean {
  return closed;
}
