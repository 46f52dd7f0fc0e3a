import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import { describeTraceLine, SMALL_TRACE_BYTES, type TraceTail } from './trace-tail';

/**
 * A tail read's problems as diagnostics of the trace file (the index and `baton trace` say the same): at their
 * line when it is known, else "line N from the end" in the message. When only part of a big trace was read and
 * something was found, an info says how much was checked.
 */
export function traceDiagnostics(file: string, tail: TraceTail): Diagnostic[] {
  const out = tail.problems.map((p) => diagnostic('intents', file, p.severity,
    p.line === null ? `${describeTraceLine(p)}: ${p.message}` : p.message, p.line === null ? null : { line: p.line, column: 1 }));
  if (!tail.complete && tail.size > SMALL_TRACE_BYTES && out.length) {
    out.push(diagnostic('intents', file, 'info', `only the newest ${tail.entries.length} entries of this ${Math.round(tail.size / 1048576)} MB trace were checked`));
  }
  return out;
}
