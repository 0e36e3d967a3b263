import type { DrawPublic } from "../../../shared/contracts/draws";
import { type DrawCheck, verifyDrawRecord } from "../../../shared/draw-verification";

export type BrowserDrawCheck = { state: "not-drawn" } | { state: "checked"; check: DrawCheck };

/**
 * Re-runs a drawn draw from what its public page shows, with the same published function the server
 * drew with: the visitor needs to trust neither the server's arithmetic nor its word on the winner.
 */
export function checkDrawInBrowser(draw: DrawPublic): BrowserDrawCheck {
  if (!draw.seed || !draw.drawnAt) return { state: "not-drawn" };
  return {
    state: "checked",
    check: verifyDrawRecord({
      algorithm: draw.algorithm,
      commitment: draw.commitment,
      seed: draw.seed,
      publicRandomness: draw.publicRandomness,
      entries: draw.entries,
      excluded: draw.excluded,
      entriesHash: draw.entriesHash,
      totalEntries: draw.totalEntries,
      winningTicket: draw.winningTicket,
      winner: draw.winner,
    }),
  };
}
