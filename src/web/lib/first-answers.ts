import { useEffect, useState } from "react";

/** What a read (a TanStack query) tells about its answer. */
interface Read {
  data: unknown;
  isError: boolean;
  fetchStatus: "fetching" | "paused" | "idle";
}

/**
 * True once every read has an answer (its data, kept on the phone or fresh, or an error) or waits for a
 * connection, and at the latest after `maxWaitMs`. A page shows the sections those reads fill all at
 * once: reads its shell asked for beside the code have usually answered by then, and a placeholder that
 * an answer later resizes moves everything below it.
 */
export function useAnsweredOrLate(reads: Read[], maxWaitMs: number): boolean {
  const answered = reads.every(
    (read) => read.data !== undefined || read.isError || read.fetchStatus === "paused",
  );
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (answered) return;
    const timer = setTimeout(() => setLate(true), maxWaitMs);
    return () => clearTimeout(timer);
  }, [answered, maxWaitMs]);
  return answered || late;
}
