/** Counter points: grants out of a company's monthly allocation, within a member's daily limit. */
export {
  openMonthlyAllocations,
  raiseAllocationThisMonth,
} from "./allocations.service";
export {
  allocationThisMonth,
  dailyPointsLimit,
  type GrantLimits,
  type GrantWrittenAlone,
  grantLimitsFrom,
  grantLimitsSql,
  grantPoints,
  pointsReceivedToday,
} from "./points.service";
export { pointsReceivedTodaySql } from "./points-today.sql";
