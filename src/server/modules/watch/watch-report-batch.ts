import type { Executor } from "../../db/client";
import { isTransientConflict } from "../../lib/db-errors";
import { createWriteBatcher, type WriteBatcher } from "../../lib/write-batcher";
import { requiredSecondsFor } from "./watch-rules";
import { type MovedView, moveViewsShortOfMinimum, type WatchReport } from "./watch-view.read-model";

/**
 * Reports in progress (every 2 s per viewer) are applied in batches: one statement moves every report that
 * arrived while the last batch was written (docs/product-rules.md#hot-writes-batching).
 */
const maxReportsPerBatch = 256;
/** Batches written at once: a few of the pool's connections, so counters and Discover keep theirs. */
const batchSlots = 4;
/** The seconds each view needs, learnt as its reports go by: a bound on memory, not on correctness. */
const maxRememberedViews = 100_000;

interface ReportBatch {
  batcher: WriteBatcher<WatchReport, MovedView | null>;
  requiredSeconds: Map<number, number>;
}

const batches = new WeakMap<Executor, ReportBatch>();

function batchFor(db: Executor): ReportBatch {
  let batch = batches.get(db);
  if (!batch) {
    batch = {
      batcher: createWriteBatcher({
        maxBatch: maxReportsPerBatch,
        slots: batchSlots,
        write: (reports) => moveViewsShortOfMinimum(db, reports),
      }),
      requiredSeconds: new Map(),
    };
    batches.set(db, batch);
  }
  return batch;
}

/** Notes the seconds a view needs: its reports short of them go in batches, the rest straight to the full path. */
export function rememberRequiredSeconds(db: Executor, viewId: number, requiredSeconds: number) {
  const known = batchFor(db).requiredSeconds;
  if (known.size >= maxRememberedViews) known.clear();
  known.set(viewId, requiredSeconds);
}

/**
 * Moves an ordinary report short of the minimum in the next batch. Null when the report is anything else
 * (completing, refused, another member's view…): the caller then takes the full path, which answers it.
 * A view this instance hasn't seen yet (opened on another instance, or before a restart) takes the full
 * path too, once: its completing report would otherwise cost a batch's statement for nothing.
 */
export async function moveInBatch(db: Executor, report: WatchReport): Promise<MovedView | null> {
  const batch = batchFor(db);
  const required = batch.requiredSeconds.get(report.viewId);
  if (required === undefined || report.watchedSeconds >= required) return null;
  try {
    const moved = await batch.batcher.submit(report);
    if (moved) rememberRequiredSeconds(db, moved.id, requiredSecondsFor(moved));
    return moved;
  } catch (error) {
    // Two batches meeting on one view (a resent report) can deadlock; the full path sorts it out.
    if (isTransientConflict(error)) return null;
    throw error;
  }
}
