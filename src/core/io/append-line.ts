import { promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * Appends one line to a log in a single write on a file opened for appending (O_APPEND), so concurrent writers
 * never interleave inside it. When the file does not end with a newline (another writer's line in progress, or a
 * file cut short) the line starts with one, so it is always a line of its own.
 */
export async function appendLine(file: string, line: string): Promise<void> {
  if (line.includes('\n')) throw new Error('a log line cannot contain a newline');
  await fs.mkdir(path.dirname(file), { recursive: true });
  const handle = await fs.open(file, 'a+');
  try {
    const { size } = await handle.stat();
    let lead = '';
    if (size > 0) {
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      if (last[0] !== 0x0a) lead = '\n';
    }
    await handle.write(`${lead}${line}\n`);
  } finally {
    await handle.close();
  }
}
