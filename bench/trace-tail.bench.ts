import { readTraceTail } from '../src/core/formats/intents/trace-tail';
import { generatedFile } from './lib/cache';
import { ms, time, type Measurement } from './lib/measurement';

const MB = 1024 * 1024;
const ENTRIES = 200;
const TARGET_RATIO = 2;
const TARGET_MS = 20;
const TARGET_RSS_MB = 16;

let block: Buffer | undefined;

/** About 4 MB of trace lines in both shapes the readers know, with varying content (built once, then repeated). */
function traceBlock(): Buffer {
  return block ??= buildBlock();
}

function buildBlock(): Buffer {
  const lines: string[] = [];
  for (let i = 0, size = 0; size < 4 * MB; i++) {
    const intent = `INT-${String(i % 40).padStart(3, '0')}`;
    const line = i % 5 === 4
      ? JSON.stringify({ trace_id: `t-${i}`, timestamp: new Date(1767225600000 + i * 1000).toISOString(), agent_id: `agent-${i % 7}`,
        mutation_class: 'AST_REFACTOR', intent_id: intent, ranges: { file: `src/module${i % 300}/file${i % 17}.ts`,
          content_hash: `sha256:${(i * 2654435761 >>> 0).toString(16).padStart(64, '0')}`, start_line: i % 400, end_line: i % 400 + 12 } })
      : JSON.stringify({ timestamp: new Date(1767225600000 + i * 1000).toISOString(), agent_id: `agent-${i % 7}`, intent_id: intent,
        action_type: ['TOOL_EXECUTION', 'CONTEXT_LOAD', 'INTENT_SELECTION'][i % 3], payload: { tool_name: 'write_to_file',
          target_files: [`src/module${i % 300}/file${i % 17}.ts`] }, result: { status: 'SUCCESS', output_summary: `Applied ${i % 9 + 1} hunks` },
        metadata: { vcs_ref: (i * 40503 >>> 0).toString(16), session_id: `sess-${Math.floor(i / 500)}` } });
    lines.push(line);
    size += line.length + 1;
  }
  return Buffer.from(lines.join('\n') + '\n');
}

/**
 * Reading the newest 200 entries of agent_trace.jsonl must cost the same for a 1 MB and a 1 GB file: the reader
 * goes backwards from the end. Both are measured in the same run, alternating, on a warm page cache.
 */
export const measurement: Measurement = {
  name: 'trace-tail',
  description: `agent_trace.jsonl: read the newest ${ENTRIES} entries of a 1 MB and a 1 GB file`,
  async run(log) {
    const small = generatedFile('agent_trace-1MB.jsonl', MB, 'trace-v2', () => traceBlock().subarray(0, traceBlock().indexOf(10, MB) + 1), log);
    const large = generatedFile('agent_trace-1GB.jsonl', 1024 * MB, 'trace-v2', traceBlock, log);
    const read = (file: string) => async () => {
      const tail = await readTraceTail(file, { limit: ENTRIES });
      if (tail.entries.length !== ENTRIES) throw new Error(`read ${tail.entries.length} entries from ${file}`);
    };
    // Resident memory growth while tailing the 1 GB file: the reader must hold a window, never the file.
    (globalThis as { gc?: () => void }).gc?.();
    const rssBefore = process.memoryUsage().rss;
    for (let i = 0; i < 5; i++) await read(large)();
    const rssGrowth = (process.memoryUsage().rss - rssBefore) / MB;
    // Alternate the two so neither gets a warmer process.
    const a: number[] = [];
    const b: number[] = [];
    for (let round = 0; round < 5; round++) {
      a.push((await time(read(small), 9, 2)).median);
      b.push((await time(read(large), 9, 2)).median);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const [t1, t2] = [median(a), median(b)];
    const ratio = t2 / t1;
    return [
      { label: `1 MB trace, newest ${ENTRIES}`, value: ms(t1), target: `≤ ${TARGET_MS} ms`, ok: t1 <= TARGET_MS },
      { label: `1 GB trace, newest ${ENTRIES}`, value: ms(t2), target: `≤ ${TARGET_MS} ms`, ok: t2 <= TARGET_MS },
      { label: '1 GB / 1 MB', value: `${ratio.toFixed(2)}×`, target: `within ${TARGET_RATIO}×`, ok: ratio <= TARGET_RATIO },
      { label: 'resident memory growth, tailing 1 GB', value: `${rssGrowth.toFixed(1)} MB`, target: `≤ ${TARGET_RSS_MB} MB`, ok: rssGrowth <= TARGET_RSS_MB },
    ];
  },
};
