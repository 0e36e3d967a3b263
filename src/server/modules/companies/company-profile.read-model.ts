import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { CompanyProfile } from "../../../shared/contracts/companies";
import type { Executor } from "../../db/client";
import { ads } from "../../db/schema/ads";
import { type Company, companies } from "../../db/schema/companies";
import { toCompanyProfile } from "./company-profile.service";

/**
 * Company profiles with how many of their plan's ads they use: a read across companies and ads.
 */
/** Ads that count against the plan's maximum: every ad not deleted (paused ones included). */
export async function countLiveAds(db: Executor, companyId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(ads)
    .where(and(eq(ads.companyId, companyId), isNull(ads.deletedAt)));
  return row?.total ?? 0;
}

export async function loadCompanyProfile(db: Executor, company: Company, now: Date): Promise<CompanyProfile> {
  return toCompanyProfile(company, await countLiveAds(db, company.id), now);
}

/** Every company for the admin screen, newest first, with one query for the ad counts. */
export async function listCompanyProfiles(db: Executor, now: Date): Promise<CompanyProfile[]> {
  const rows = await db
    .select()
    .from(companies)
    .where(isNull(companies.deletedAt))
    .orderBy(sql`${companies.createdAt} desc`);
  const counts = await db
    .select({ companyId: ads.companyId, total: count() })
    .from(ads)
    .where(isNull(ads.deletedAt))
    .groupBy(ads.companyId);
  const used = new Map(counts.map((c) => [c.companyId, c.total]));
  return rows.map((company) => toCompanyProfile(company, used.get(company.id) ?? 0, now));
}
