import DataLoader from "dataloader";

/**
 * Group commit for a hot write: what many requests submit while the database is busy is applied as one
 * statement, and each request gets its own answer back (docs/product-rules.md#hot-writes-batching).
 *
 * A batch starts when a write slot is free, so an idle server answers at once (the batch holds what
 * arrived in the same turn of the event loop) and a busy one gathers everything that arrived while its
 * slots were writing. `write` answers the inputs in their order, with an answer or an Error for each.
 */
export interface WriteBatcher<Input, Output> {
  submit(input: Input): Promise<Output>;
}

export function createWriteBatcher<Input, Output>(options: {
  /** At most this many inputs in one statement. */
  maxBatch: number;
  /** At most this many batches being written at once (each holds a pooled connection). */
  slots: number;
  write: (inputs: readonly Input[]) => Promise<ArrayLike<Output | Error>>;
}): WriteBatcher<Input, Output> {
  const slots = createSlots(options.slots);
  const loader = new DataLoader<Input, Output>(
    async (inputs) => {
      try {
        return await options.write(inputs);
      } finally {
        slots.release();
      }
    },
    {
      cache: false,
      maxBatchSize: options.maxBatch,
      batchScheduleFn: (dispatch) => void slots.acquire().then(dispatch),
    },
  );
  return { submit: (input) => loader.load(input) };
}

/** A counting semaphore whose grants arrive on a later turn, so a batch gathers that turn's arrivals. */
function createSlots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    acquire(): Promise<void> {
      if (free > 0) {
        free -= 1;
        return new Promise((resolve) => setImmediate(resolve));
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    },
  };
}
