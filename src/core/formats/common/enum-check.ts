import { diagnostic, type Diagnostic } from '../../model/diagnostic';
import type { SystemId } from '../../model/system';
import type { YamlLocator, YamlPath } from '../../yaml/locate';

export interface EnumCheck {
  readonly path: YamlPath;
  readonly value: string | null | undefined;
  readonly known: readonly string[];
  readonly what: string;
}

/**
 * Values outside a known set are kept as written (enums keep growing upstream) and reported as warnings,
 * positioned at the value (through the file's one locator, which parses only when something is reported).
 */
export function unknownValueWarnings(system: SystemId, file: string, locator: YamlLocator, checks: readonly EnumCheck[]): Diagnostic[] {
  const bad = checks.filter((c) => c.value != null && !c.known.includes(c.value));
  return bad.map((c) => diagnostic(system, file, 'warning',
    `unknown ${c.what} "${c.value}" (known: ${c.known.join(', ')}); shown as written`, locator.locate(c.path)));
}
