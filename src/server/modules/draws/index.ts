/**
 * Provably fair draws: the monthly prize draw (entries from rewards, cards, points and tier) and
 * competitions; owns prize_draws, draw_entries, draw_entry_sources, competitions, competition_entries.
 */

export { closeDueEntries, runDueDraws } from "./draw-run.service";
export { sealPendingSeeds, setDrawSeedKey } from "./draw-seeds";
export { drawsRoutes } from "./draws.routes";
export {
  addMonthlyDrawEntry,
  currentDrawStanding,
  myDrawEntries,
} from "./draws.service";
