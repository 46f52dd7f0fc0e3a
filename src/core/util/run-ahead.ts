/**
 * `source`'s values in order, with the source already running: from this call until the first value is asked for, it
 * is pulled on by itself (each next value asked as soon as the one before is found) and its values are held; from
 * then on it is pulled only as asked, as if it had been iterated directly.
 *
 * Why: a scan waits for the index cache (its JSON parsed on the scan's own thread, in slices) before it can read
 * anything, but discovery does not need the cache. Run ahead meanwhile, discovery's folders are listed (by the
 * read-ahead worker, between the slices of that parse) instead of after it.
 *
 * An error of the source reaches the consumer at the value it stands in place of, as it would have. `stop()` ends the
 * running ahead of a source no one will ask after all.
 */
export function runAhead<T>(source: AsyncIterable<T> | Iterable<T>): AsyncGenerator<T> & { stop(): void } {
  const iterator = Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : (async function* all() { yield* source; })();
  const held: Promise<IteratorResult<T>>[] = [];
  let asked = false;
  const pull = async (): Promise<void> => {
    while (!asked) {
      const next = iterator.next();
      held.push(next);
      // Held for the consumer, which sees the rejection itself: not an unhandled one meanwhile.
      next.catch(() => undefined);
      let result: IteratorResult<T>;
      try {
        result = await next;
      } catch {
        return;
      }
      if (result.done) return;
    }
  };
  void pull();
  const consume = (async function* consume(): AsyncGenerator<T> {
    asked = true;
    for (;;) {
      // An async iterator answers its next() calls in the order they were made: the held ones come first.
      const result = await (held.shift() ?? iterator.next());
      if (result.done) return;
      yield result.value;
    }
  })();
  // Stops running ahead (for a consumer that will not ask after all): what is under way finishes, nothing more is asked.
  return Object.assign(consume, { stop: () => { asked = true; } });
}
