// `npm run bench [-- NAME…]`: runs every bench/<name>.bench.ts (or the ones named) and prints each measurement
// beside its target. Inputs are generated once into the git-ignored .bench-cache/ and reused. The benchmark
// reports, it does not fail: a missed target is printed as MISSED and the exit status stays 0.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { BenchRow, Measurement } from './lib/measurement';

async function main(names: string[]): Promise<number> {
  const files = readdirSync(__dirname).filter((f) => f.endsWith('.bench.js')).sort();
  const loaded = await Promise.all(files.map(async (f) => ((await import(path.join(__dirname, f))) as { measurement: Measurement }).measurement));
  const measurements = loaded.filter((m) => !names.length || names.includes(m.name));
  if (!measurements.length) {
    console.error(`no benchmark named ${names.join(', ')}; there are: ${files.map((f) => f.replace('.bench.js', '')).join(', ')}`);
    return 2;
  }
  let missed = 0;
  for (const m of measurements) {
    console.log(`\n${m.name}: ${m.description}`);
    const rows: BenchRow[] = await m.run((line) => console.log(`  ${line}`));
    const width = Math.max(...rows.map((r) => r.label.length));
    for (const r of rows) {
      const verdict = r.ok === undefined ? '' : r.ok ? '  ok' : '  MISSED';
      if (r.ok === false) missed++;
      console.log(`  ${r.label.padEnd(width)}  ${r.value.padStart(10)}${r.target ? `   target ${r.target}` : ''}${verdict}`);
    }
  }
  console.log(missed ? `\n${missed} target(s) missed` : '\nall targets met');
  return 0;
}

void main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
