/** Deeper than any real state file: a value nested further is hostile or broken, and would overflow the stack of JSON.stringify. */
export const MAX_NESTING = 200;

/**
 * Why a parsed value cannot be kept as a plain JSON record: it refers to itself (a recursive YAML alias such as
 * `&a [*a]`, which js-yaml builds as a cycle) or is nested deeper than MAX_NESTING. Walks the value iteratively,
 * so a hostile file cannot overflow the stack here either. Shared, non-cyclic values (ordinary aliases) are fine.
 */
export function jsonShapeProblem(value: unknown, maxNesting = MAX_NESTING): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const onPath = new Set<object>();
  const stack: { node: object; depth: number; leaving: boolean }[] = [{ node: value, depth: 1, leaving: false }];
  while (stack.length) {
    const { node, depth, leaving } = stack.pop()!;
    if (leaving) { onPath.delete(node); continue; }
    if (onPath.has(node)) return 'it refers to itself (a recursive alias)';
    if (depth > maxNesting) return `it is nested more than ${maxNesting} levels deep`;
    onPath.add(node);
    stack.push({ node, depth, leaving: true });
    for (const child of Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push({ node: child, depth: depth + 1, leaving: false });
    }
  }
  return undefined;
}
