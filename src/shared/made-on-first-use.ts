/**
 * A value made the first time it is asked for, then kept. For number and date formatters at a module's
 * top level: a browser's first one loads its locale data (tens of ms on a slow phone), which would
 * otherwise land in the long task that starts the app.
 */
export function madeOnFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
