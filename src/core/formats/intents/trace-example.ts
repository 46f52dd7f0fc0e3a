import { linesFromEnd } from '../../io/tail-lines';
import type { Obj } from './trace-fields';
import { TraceTextReader } from './trace-text';

/** How far back the newest readable entry is looked for: a trace ending in megabytes of junk is written as an empty one. */
const EXAMPLE_BYTES = 1024 * 1024;

/**
 * The newest entry of a trace that reads as a JSON object (junk and a write in progress after it are passed over),
 * read from the end, at most EXAMPLE_BYTES back; undefined for a missing or empty file, or none found that far.
 * A new line is written in this entry's shape, so the file keeps the one shape its own tools read.
 */
export async function newestTraceObject(file: string): Promise<Obj | undefined> {
  const reader = new TraceTextReader();
  const scan = {};
  try {
    for await (const line of linesFromEnd(file, scan, { maxBytes: EXAMPLE_BYTES, skipBlank: true })) {
      for (const item of reader.push(line)) if (item.kind === 'object') return item.value;
    }
    for (const item of reader.finish(true)) if (item.kind === 'object') return item.value;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  return undefined;
}
