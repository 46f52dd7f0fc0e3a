// `npm run bench [-- NAME…]`: runs every bench/<name>.bench.ts (or the ones named) and prints each measurement
// beside its target. Inputs are generated once into the git-ignored .bench-cache/ and reused. The benchmark
// reports, it does not fail: a missed target is printed as MISSED and the exit status stays 0.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { BenchRow, Measurement } from './lib/measurement';

interface JsonReport { name: string; description: string; rows: { label: string; value: string; target?: string; met?: boolean }[] }

/** `--json`: progress goes to stderr and stdout carries one JSON document with every figure, target and met flag. */
async function main(args: string[]): Promise<number> {
  const json = args.includes('--json');
  const names = args.filter((a) => a !== '--json');
  const out = json ? (line: string) => console.error(line) : (line: string) => console.log(line);
  const report: JsonReport[] = [];
  const files = readdirSync(__dirname).filter((f) => f.endsWith('.bench.js')).sort();
  const loaded = await Promise.all(files.map(async (f) => ((await import(path.join(__dirname, f))) as { measurement: Measurement }).measurement));
  const measurements = loaded.filter((m) => !names.length || names.includes(m.name));
  if (!measurements.length) {
    console.error(`no benchmark named ${names.join(', ')}; there are: ${files.map((f) => f.replace('.bench.js', '')).join(', ')}`);
    return 2;
  }
  let missed = 0;
  for (const m of measurements) {
    out(`\n${m.name}: ${m.description}`);
    const rows: BenchRow[] = await m.run((line) => out(`  ${line}`));
    report.push({ name: m.name, description: m.description, rows: rows.map((r) => ({ label: r.label, value: r.value, target: r.target, met: r.ok })) });
    const width = Math.max(...rows.map((r) => r.label.length));
    for (const r of rows) {
      const verdict = r.ok === undefined ? '' : r.ok ? '  ok' : '  MISSED';
      if (r.ok === false) missed++;
      out(`  ${r.label.padEnd(width)}  ${r.value.padStart(10)}${r.target ? `   target ${r.target}` : ''}${verdict}`);
    }
  }
  out(missed ? `\n${missed} target(s) missed` : '\nall targets met');
  if (json) console.log(JSON.stringify({ date: new Date().toISOString(), node: process.version, measurements: report, missed }, null, 2));
  return 0;
}

void main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
