/** One line of a benchmark's report. `target` is printed beside the value; `ok` says whether it was met. */
export interface BenchRow {
  readonly label: string;
  readonly value: string;
  readonly target?: string;
  readonly ok?: boolean;
}

/**
 * A benchmark: one file `bench/<name>.bench.ts` exporting `measurement`. `bench/run.ts` finds every such file,
 * runs them in order of name (or only those named on the command line) and prints their rows.
 */
export interface Measurement {
  readonly name: string;
  readonly description: string;
  run(log: (line: string) => void): Promise<BenchRow[]>;
}

/** Median and minimum of `runs` timed calls after `warmup` untimed ones, in milliseconds. */
export async function time(fn: () => Promise<unknown>, runs = 15, warmup = 3): Promise<{ median: number; min: number }> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)]!, min: samples[0]! };
}

export function ms(value: number): string {
  return `${value.toFixed(value < 10 ? 2 : 1)} ms`;
}
