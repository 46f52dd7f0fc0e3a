import { promises as fs } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { containedPath } from '../../../io/contained-path';
import { readStateText } from '../../../io/read-text';
import { diagnostic, type Diagnostic } from '../../../model/diagnostic';
import { YamlLocator } from '../../../yaml/locate';
import { parseLenient } from '../../common/lenient';
import { checkInside } from './attachments';

const count = z.number().nonnegative();
const coverageDetail = z.looseObject({ total: count.nullish(), covered: count.nullish(), percent: z.number().nullish() });

/** test-results/report.json (spec 000, "Test Report Format"). Loose: unknown fields are kept. */
export const testReportSchema = z.looseObject({
  version: z.number().nullish(),
  framework: z.string().nullish(),
  started_at: z.string().nullish(),
  completed_at: z.string().nullish(),
  duration: z.number().nullish(),
  summary: z.looseObject({ total: count.nullish(), passed: count.nullish(), failed: count.nullish(), skipped: count.nullish() }).nullish(),
  suites: z.array(z.looseObject({
    name: z.string().nullish(),
    tests: z.array(z.looseObject({
      name: z.string().nullish(),
      status: z.string().nullish(),
      duration: z.number().nullish(),
      error: z.string().nullish(),
      screenshots: z.array(z.string()).nullish(),
      trace: z.string().nullish(),
    })).nullish(),
  })).nullish(),
  coverage: z.looseObject({ percentage: z.number().nullish(), lines: coverageDetail.nullish(), branches: coverageDetail.nullish() }).nullish(),
});
export type TestReportFields = z.infer<typeof testReportSchema>;

export interface TestCase {
  readonly name: string;
  readonly status: string;
  readonly duration: number | null;
  readonly error: string | null;
  readonly screenshots: readonly string[];
  readonly trace: string | null;
}

export interface TestSuite {
  readonly name: string;
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly tests: readonly TestCase[];
}

export interface Screenshot {
  readonly name: string;
  /** Absolute path when the file exists inside the task folder. */
  readonly file: string | null;
}

export interface TestReport {
  readonly file: string;
  readonly framework: string | null;
  readonly startedAt: string | null;
  readonly completedAt: string | null;
  readonly durationMs: number | null;
  readonly summary: { readonly total: number; readonly passed: number; readonly failed: number; readonly skipped: number };
  readonly suites: readonly TestSuite[];
  readonly coverage: { readonly percentage: number | null; readonly lines: number | null; readonly branches: number | null } | null;
  /** Every screenshot the report names, and any other file in test-results/screenshots/. */
  readonly screenshots: readonly Screenshot[];
  readonly htmlReport: string | null;
}

/** Reads test-results/report.json of a task; null when there is none. A broken file is a diagnostic. */
export async function readTestReport(taskDir: string): Promise<{ report: TestReport | null; diagnostics: Diagnostic[] }> {
  const dir = path.join(taskDir, 'test-results');
  const file = path.join(dir, 'report.json');
  const inside = await containedPath(taskDir, file, { what: 'the task folder' });
  if (!inside.ok) return { report: null, diagnostics: [diagnostic('orc', file, 'info', `test report not read: ${inside.reason}`)] };
  const read = await readStateText(file);
  if (!read.ok) return { report: null, diagnostics: read.missing ? [] : [diagnostic('orc', file, 'error', read.reason)] };
  let raw: unknown;
  try {
    raw = JSON.parse(read.text);
  } catch (err) {
    return { report: null, diagnostics: [diagnostic('orc', file, 'error', `invalid JSON: ${(err as Error).message}`, jsonErrorPosition(read.text, err))] };
  }
  const { data, issues } = parseLenient(testReportSchema, raw);
  const diagnostics = issues.length ? (() => { const loc = new YamlLocator(read.text);
    return issues.map((i) => diagnostic('orc', file, 'error', i.message, loc.locate(i.path))); })() : [];
  if (!data) return { report: null, diagnostics };
  return { report: await toReport(file, dir, taskDir, data), diagnostics };
}

async function toReport(file: string, dir: string, taskDir: string, f: TestReportFields): Promise<TestReport> {
  const suites = (f.suites ?? []).map((s, i) => {
    const tests = (s.tests ?? []).map((t, j) => ({ name: t.name ?? `test ${j + 1}`, status: t.status ?? 'pending',
      duration: t.duration ?? null, error: t.error ?? null, screenshots: t.screenshots ?? [], trace: t.trace ?? null }));
    return { name: s.name ?? `suite ${i + 1}`, tests, passed: tests.filter((t) => t.status === 'passed').length,
      failed: tests.filter((t) => t.status === 'failed').length, skipped: tests.filter((t) => t.status === 'skipped').length };
  });
  const all = suites.flatMap((s) => s.tests);
  const summary = {
    total: f.summary?.total ?? all.length,
    passed: f.summary?.passed ?? all.filter((t) => t.status === 'passed').length,
    failed: f.summary?.failed ?? all.filter((t) => t.status === 'failed').length,
    skipped: f.summary?.skipped ?? all.filter((t) => t.status === 'skipped').length,
  };
  const c = f.coverage;
  const names = new Set([...all.flatMap((t) => t.screenshots), ...await listFiles(path.join(dir, 'screenshots'))]);
  const screenshots: Screenshot[] = [];
  for (const name of [...names].sort()) {
    const inside = /[/\\]/.test(name) ? { ok: false as const } : await checkInside(taskDir, path.join(dir, 'screenshots', name));
    screenshots.push({ name, file: inside.ok ? inside.file : null });
  }
  const html = path.join(dir, 'index.html');
  return {
    file, framework: f.framework ?? null, startedAt: f.started_at ?? null, completedAt: f.completed_at ?? null,
    durationMs: f.duration ?? null, summary, suites,
    coverage: c ? { percentage: c.percentage ?? c.lines?.percent ?? null, lines: c.lines?.percent ?? null, branches: c.branches?.percent ?? null } : null,
    screenshots, htmlReport: (await checkInside(taskDir, html)).ok ? html : null,
  };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && !e.name.startsWith('.')).map((e) => e.name);
}

/** V8 says "… in JSON at position 123 (line 4 column 5)" or just the position. */
function jsonErrorPosition(text: string, err: unknown): { line: number; column: number } | null {
  const message = (err as Error).message;
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  const pos = /position (\d+)/.exec(message);
  if (!pos) return null;
  const before = text.slice(0, Number(pos[1])).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}
