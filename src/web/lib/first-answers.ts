import { useEffect, useState } from "react";

/** What a read (a TanStack query) tells about its answer. */
interface Read {
  data: unknown;
  isError: boolean;
  fetchStatus: "fetching" | "paused" | "idle";
}

/**
 * True once every read has an answer (its data, kept on the phone or fresh, or an error) or waits for a
 * connection, and at the latest after `maxWaitMs`; then true for good. A page shows the sections those
 * reads fill all at once: reads its shell asked for beside the code have usually answered by then, and a
 * placeholder that an answer later resizes moves everything below it. It never goes back to false when a
 * read is asked again (a failed read has no answer while it is retried): the sections would go, come back
 * with the next answer and ask again as they appear, in a loop.
 */
export function useAnsweredOrLate(reads: Read[], maxWaitMs: number): boolean {
  const answered = reads.every(
    (read) => read.data !== undefined || read.isError || read.fetchStatus === "paused",
  );
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) return;
    if (answered) {
      setSettled(true);
      return;
    }
    const timer = setTimeout(() => setSettled(true), maxWaitMs);
    return () => clearTimeout(timer);
  }, [answered, settled, maxWaitMs]);
  return settled || answered;
}
