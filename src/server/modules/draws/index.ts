/** The monthly prize draw: opened with a published seed hash; entries capped per member. */
export { addMonthlyDrawEntry, currentDrawStanding, maxEntriesPerDraw } from "./draws.service";
