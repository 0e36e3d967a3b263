/** Businesses: accounts (setup, sign-in, 2-step code), profile, plan limits and counter staff. */

export type { Company, CompanyBranch } from "../../db/schema/companies";
export { adminCompaniesRoutes } from "./admin-companies.routes";
export { countActiveCompaniesByPlan } from "./companies-overview.read-model";
export { findCompany, lockCompany, requireCompanyAccess, signedInCompanyId } from "./company-access";
export { companyBranchesRoutes } from "./company-branches.routes";
export { type BranchListeners, findLiveBranch, listBranches } from "./company-branches.service";
export { companyDashboardRoutes } from "./company-dashboard.routes";
export {
  applyPointsAllocations,
  companiesForAllocation,
  companiesPaidUntilBetween,
  companiesPastPaidPeriod,
  lapsePlan,
  putPlanInEffect,
  setPaidThrough,
} from "./company-plan.service";
export { loadCompanyProfile } from "./company-profile.read-model";
export { hasCurrentPlan, setCompanyImage } from "./company-profile.service";
export { companySignInRoutes } from "./company-sign-in.routes";
export {
  type CounterActorRecord,
  counterActorOnDutySql,
  findCounterActor,
  findShopStaff,
  findStaffByCode,
  requireCounterActor,
  signInAtCounterAgain,
  signInStaff,
  staffActor,
  trustedStaffIdsOf,
  trustThisDevice,
} from "./counter-staff.service";
