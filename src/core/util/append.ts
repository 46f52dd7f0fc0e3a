/**
 * Appends `items` to `target` in place. `target.push(...items)` passes every item as an argument on the stack, and
 * a list of about 100,000 (one task's blockers, one file's problems) overflows it.
 */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
