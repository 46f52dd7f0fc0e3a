import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import type { SystemId } from '../../model/system';
import { YamlLocator, type YamlPath } from '../../yaml/locate';

export interface EnumCheck {
  readonly path: YamlPath;
  readonly value: string | null | undefined;
  readonly known: readonly string[];
  readonly what: string;
}

/**
 * Values outside a known set are kept as written (enums keep growing upstream) and reported as warnings,
 * positioned at the value. The YAML is only re-parsed for position when there is something to report.
 */
export function unknownValueWarnings(system: SystemId, file: string, text: string, checks: readonly EnumCheck[]): Diagnostic[] {
  const bad = checks.filter((c) => c.value != null && !c.known.includes(c.value));
  if (!bad.length) return [];
  const locator = new YamlLocator(text);
  return bad.map((c) => diagnostic(system, file, 'warning',
    `unknown ${c.what} "${c.value}" (known: ${c.known.join(', ')}); shown as written`, locator.locate(c.path)));
}
