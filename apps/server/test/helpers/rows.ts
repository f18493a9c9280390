/**
 * The first element of a query result or list, for tests: throws (failing the test with a clear
 * message) when there is none, so that the rest of the test works on a defined value.
 */
export function first<T>(items: readonly T[], what = 'row'): T {
  const [item] = items;
  if (item === undefined) throw new Error(`expected at least one ${what}, got none`);
  return item;
}

/** The last element, for tests: throws when there is none, as `first` does. */
export function last<T>(items: readonly T[], what = 'item'): T {
  return first(items.slice(-1), what);
}
