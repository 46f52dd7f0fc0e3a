import path from 'node:path';
import { writeFileAtomic } from '../io/atomic-write';

export type RiskLevel = 'Low' | 'Medium' | 'High' | 'Critical';
const LEVELS: readonly RiskLevel[] = ['Low', 'Medium', 'High', 'Critical'];
const ACTIONS: Record<RiskLevel, string> = { Low: 'auto-merge', Medium: 'review-then-merge', High: 'careful-review', Critical: 'senior-review' };

/** The spec's risk classification: 1-5 files / <100 lines Low, 6-15 / 100-500 Medium, 16-30 / 500-1000 High, more Critical. */
export function filesRisk(files: number): RiskLevel {
  return files <= 5 ? 'Low' : files <= 15 ? 'Medium' : files <= 30 ? 'High' : 'Critical';
}
export function linesRisk(lines: number): RiskLevel {
  return lines < 100 ? 'Low' : lines <= 500 ? 'Medium' : lines <= 1000 ? 'High' : 'Critical';
}
/** Resolved conflicts are a small risk in themselves; many of them are not. */
export function conflictsRisk(conflicts: number): RiskLevel {
  return conflicts <= 3 ? 'Low' : conflicts <= 10 ? 'Medium' : 'High';
}
export function overallRisk(levels: readonly RiskLevel[]): RiskLevel {
  return LEVELS[Math.max(0, ...levels.map((l) => LEVELS.indexOf(l)))]!;
}

export interface FinalizationFacts {
  readonly taskId: string;
  readonly target: string;
  readonly behind: number;
  readonly conflictsResolved: readonly string[];
  readonly conflictsLeft: readonly string[];
  readonly files: number;
  readonly lines: number;
  /** Rows of the test table: suite, passed (null: not run), notes. */
  readonly tests: readonly { suite: string; passed: boolean | null; notes: string }[];
}

/** finalization-report.md in the spec's shape; returns its path. */
export async function writeFinalizationReport(taskDir: string, f: FinalizationFacts): Promise<{ file: string; risk: RiskLevel; ready: boolean }> {
  const risks = { files: filesRisk(f.files), lines: linesRisk(f.lines), conflicts: conflictsRisk(f.conflictsResolved.length) };
  const risk = overallRisk([risks.files, risks.lines, risks.conflicts]);
  const ready = f.conflictsLeft.length === 0 && f.tests.every((t) => t.passed !== false);
  const mark = (p: boolean | null) => (p === null ? 'not run' : p ? '✓ PASS' : '✗ FAIL');
  const text = [
    `# Finalization Report: ${f.taskId}`, '',
    '## Sync Summary', '',
    '| Metric | Value |', '|--------|-------|',
    `| Target Branch | ${f.target} |`,
    `| Commits Behind (before sync) | ${f.behind} |`,
    `| Conflicts Resolved | ${f.conflictsResolved.length} |`,
    `| Files Changed (total) | ${f.files} |`,
    `| Lines Changed (total) | ${f.lines} |`, '',
    '## Conflict Resolution', '',
    ...(f.conflictsResolved.length || f.conflictsLeft.length
      ? ['| File | Conflict Type | Resolution | Verified |', '|------|---------------|------------|----------|',
        ...f.conflictsResolved.map((c) => `| ${c} | Content | Resolved by the finalize phase | ✓ |`),
        ...f.conflictsLeft.map((c) => `| ${c} | Content | Unresolved | ✗ |`)]
      : ['No conflicts.']), '',
    '## Test Results', '',
    '| Suite | Result | Notes |', '|-------|--------|-------|',
    ...(f.tests.length ? f.tests.map((t) => `| ${t.suite} | ${mark(t.passed)} | ${t.notes.replace(/\|/g, '\\|')} |`) : ['| Tests | not run | the phase has no test criterion |']), '',
    '## Risk Assessment', '',
    '| Factor | Value | Risk |', '|--------|-------|------|',
    `| Files Changed | ${f.files} | ${risks.files} |`,
    `| Lines Changed | ${f.lines} | ${risks.lines} |`,
    `| Conflicts Resolved | ${f.conflictsResolved.length} | ${risks.conflicts} |`,
    `| **Overall Risk** | | **${risk}** |`, '',
    '## Merge Decision', '',
    `**Ready for Merge**: ${ready ? 'YES' : 'NO'}`,
    `**Recommended Action**: ${ready ? ACTIONS[risk] : 'resolve-then-rerun-finalize'}`, '',
  ].join('\n');
  const file = path.join(taskDir, 'finalization-report.md');
  await writeFileAtomic(file, text);
  return { file, risk, ready };
}
