/**
 * Interleaves several async iterables, yielding each value as soon as any of them produces it.
 * Each iterable has at most one `next()` in flight, which bounds memory and gives back-pressure.
 *
 * @example
 * for await (const page of mergeAsync([segment(0), segment(1)])) handle(page);
 */
export async function* mergeAsync<T>(iterables: readonly AsyncIterable<T>[]): AsyncGenerator<T> {
  const iterators = iterables.map((iterable) => iterable[Symbol.asyncIterator]());
  const pending = new Map<number, Promise<{ index: number; result: IteratorResult<T> }>>();
  const pull = (index: number) => {
    pending.set(
      index,
      iterators[index].next().then((result) => ({ index, result })),
    );
  };
  for (let index = 0; index < iterators.length; index++) pull(index);
  try {
    while (pending.size > 0) {
      const { index, result } = await Promise.race(pending.values());
      if (result.done) {
        pending.delete(index);
      } else {
        pull(index);
        yield result.value;
      }
    }
  } finally {
    // Stop the others when the consumer stops early or one of them failed.
    await Promise.allSettled([...pending.keys()].map((index) => iterators[index].return?.()));
  }
}
