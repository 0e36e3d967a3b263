import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  adminCompaniesPageSize,
  type adminCompaniesQuery,
  type CompanyProfile,
} from "../../../shared/contracts/companies";
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

/** Escapes LIKE's wildcards so a search for "50%_off" finds that text, not a pattern. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * One page of the admin's businesses, newest first, filtered and paged in SQL, with the total that
 * match. Ads are counted for the page's companies only, so the answer costs the same at 100 or 100,000.
 */
export async function listCompanyProfiles(
  db: Executor,
  filter: z.output<typeof adminCompaniesQuery>,
  now: Date,
): Promise<{ companies: CompanyProfile[]; total: number }> {
  const pattern = filter.q ? containing(filter.q) : undefined;
  const where = and(
    isNull(companies.deletedAt),
    filter.status ? eq(companies.status, filter.status) : undefined,
    filter.plan ? eq(companies.plan, filter.plan) : undefined,
    pattern
      ? or(
          ilike(companies.name, pattern),
          ilike(companies.username, pattern),
          ilike(companies.contactEmail, pattern),
        )
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    // Newest first by id (creation order), which the primary key index hands over without a sort.
    db
      .select()
      .from(companies)
      .where(where)
      .orderBy(desc(companies.id))
      .limit(adminCompaniesPageSize)
      .offset((filter.page - 1) * adminCompaniesPageSize),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  const ids = rows.map((company) => company.id);
  const adCounts = ids.length
    ? await db
        .select({ companyId: ads.companyId, used: count(), live: liveAds })
        .from(ads)
        .where(and(inArray(ads.companyId, ids), isNull(ads.deletedAt)))
        .groupBy(ads.companyId)
    : [];
  const byCompany = new Map(adCounts.map((c) => [c.companyId, { used: c.used, live: c.live }]));
  return {
    companies: rows.map((company) =>
      toCompanyProfile(company, byCompany.get(company.id) ?? { used: 0, live: 0 }, now),
    ),
    total: counted?.total ?? 0,
  };
}
