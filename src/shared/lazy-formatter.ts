/**
 * An Intl formatter made on its first use and kept from then on. Making one loads its locale's data,
 * which costs a slow phone's start-up milliseconds on every page, though most pages never format with it.
 */
export function lazyFormatter<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
