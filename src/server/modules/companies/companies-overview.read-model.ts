import { and, count, eq, isNull } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { companies } from "../../db/schema/companies";

/** Active businesses counted per plan, for the admin overview. */
export function countActiveCompaniesByPlan(db: Executor) {
  return db
    .select({ plan: companies.plan, n: count() })
    .from(companies)
    .where(and(eq(companies.status, "active"), eq(companies.isActive, true), isNull(companies.deletedAt)))
    .groupBy(companies.plan);
}
