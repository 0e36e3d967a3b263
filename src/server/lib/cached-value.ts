/**
 * Keeps a value for `ttlMs` so a figure that every visitor polls (public counters) costs one query per
 * interval per instance instead of one per request. Concurrent callers share one pending load.
 */
export function cachedValue<T>(ttlMs: number, load: () => Promise<T>, now: () => number = Date.now) {
  let value: { data: T; loadedAt: number } | undefined;
  let pending: Promise<T> | undefined;
  return {
    async get(): Promise<T> {
      if (value && now() - value.loadedAt < ttlMs) return value.data;
      pending ??= load()
        .then((data) => {
          value = { data, loadedAt: now() };
          return data;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
    clear() {
      value = undefined;
    },
  };
}
