/** Counter points: grants out of a company's monthly allocation, within a member's daily limit. */
export {
  type AllocationOwner,
  openMonthlyAllocations,
  raiseAllocationThisMonth,
} from "./allocations.service";
export {
  allocationThisMonth,
  dailyPointsLimit,
  type GrantOutcome,
  grantPoints,
  type PointGrant,
  pointsReceivedToday,
} from "./points.service";
export { pointsReceivedTodaySql } from "./points-today.sql";
