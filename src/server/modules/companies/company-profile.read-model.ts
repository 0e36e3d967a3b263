import { and, asc, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { CompanyProfile } from "../../../shared/contracts/companies";
import type { PlanId } from "../../../shared/plans";
import type { Executor } from "../../db/client";
import { ads } from "../../db/schema/ads";
import { type Company, companies } from "../../db/schema/companies";
import { subscriptions } from "../../db/schema/payments";
import { type AdCounts, toCompanyProfile } from "./company-profile.service";

/**
 * Company profiles with how many of their plan's ads they use: a read across companies and ads.
 */
const liveAds = sql<number>`count(*) filter (where ${ads.isActive})`.mapWith(Number);

/**
 * Ads that count against the plan's maximum (every ad not deleted, paused ones included) and those
 * showing now.
 */
async function countAds(db: Executor, companyId: number): Promise<AdCounts> {
  const [row] = await db
    .select({ used: count(), live: liveAds })
    .from(ads)
    .where(and(eq(ads.companyId, companyId), isNull(ads.deletedAt)));
  return { used: row?.used ?? 0, live: row?.live ?? 0 };
}

/** The next paid period queued behind the current one (a renewal or a downgrade), if any. */
async function nextPaidPlan(db: Executor, companyId: number, now: Date) {
  const [next] = await db
    .select({ plan: subscriptions.type, startsAt: subscriptions.startsAt })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.companyId, companyId),
        eq(subscriptions.status, "active"),
        gt(subscriptions.startsAt, now),
      ),
    )
    .orderBy(asc(subscriptions.startsAt))
    .limit(1);
  return next?.startsAt ? { plan: next.plan as PlanId, startsAt: next.startsAt.toISOString() } : null;
}

export async function loadCompanyProfile(db: Executor, company: Company, now: Date): Promise<CompanyProfile> {
  return toCompanyProfile(
    company,
    await countAds(db, company.id),
    now,
    await nextPaidPlan(db, company.id, now),
  );
}

/** Every company for the admin screen, newest first, with one query for the ad counts. */
export async function listCompanyProfiles(db: Executor, now: Date): Promise<CompanyProfile[]> {
  const rows = await db
    .select()
    .from(companies)
    .where(isNull(companies.deletedAt))
    .orderBy(sql`${companies.createdAt} desc`);
  const counts = await db
    .select({ companyId: ads.companyId, used: count(), live: liveAds })
    .from(ads)
    .where(isNull(ads.deletedAt))
    .groupBy(ads.companyId);
  const byCompany = new Map(counts.map((c) => [c.companyId, { used: c.used, live: c.live }]));
  return rows.map((company) =>
    toCompanyProfile(company, byCompany.get(company.id) ?? { used: 0, live: 0 }, now),
  );
}
