import { and, between, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { accraDay, addDays } from "../../../shared/accra-time";
import {
  type CampaignReport,
  campaignReportMaxDays,
  type campaignReportQuery,
} from "../../../shared/contracts/money";
import type { Executor } from "../../db/client";
import { adCampaigns, campaignViews } from "../../db/schema/money";
import { rewards } from "../../db/schema/rewards";
import { AppError } from "../../lib/errors";

// A campaign's report closes the loop: its views (money's campaign_views) and whether the rewards they
// issued were used at the counter (the rewards domain): a read across both.

type ReportQuery = ReturnType<typeof campaignReportQuery.parse>;
type ReportDay = CampaignReport["days"][number];

const dayMs = 86_400_000;

/**
 * The Accra days the report covers: the campaign's first day (or the last 92 days of an older one) to
 * today unless asked, at most 92.
 */
function reportRange(query: ReportQuery, firstDay: string, now: Date) {
  const to = query.to ?? accraDay(now);
  const earliest = accraDay(addDays(new Date(`${to}T12:00:00Z`), 1 - campaignReportMaxDays));
  const from = query.from ?? earlier(later(firstDay, earliest), to);
  if (from > to) throw new AppError("VALIDATION", "The first day must come before the last day");
  const days = Math.round((Date.parse(to) - Date.parse(from)) / dayMs) + 1;
  if (days > campaignReportMaxDays) {
    throw new AppError("VALIDATION", {
      message: "A report covers at most {days} days",
      values: { days: campaignReportMaxDays },
    });
  }
  return { from, to, days };
}

/**
 * A campaign's completed views day by day (charged, free, refunded), what they cost with refunds taken
 * off, and how many of their rewards were used at the counter; undefined when the business has no such
 * campaign.
 */
export async function campaignReport(
  db: Executor,
  companyId: number,
  campaignId: number,
  query: ReportQuery,
  now: Date,
): Promise<CampaignReport | undefined> {
  const [campaign] = await db
    .select({ id: adCampaigns.id, createdAt: adCampaigns.createdAt })
    .from(adCampaigns)
    .where(and(eq(adCampaigns.id, campaignId), eq(adCampaigns.companyId, companyId)));
  if (!campaign) return undefined;
  const range = reportRange(query, accraDay(campaign.createdAt), now);
  const counted = await countByDay(db, campaign.id, range.from, range.to);
  const byDate = new Map(counted.map((day) => [day.date, day]));
  const days: ReportDay[] = Array.from({ length: range.days }, (_, i) => {
    const date = accraDay(addDays(new Date(`${range.from}T12:00:00Z`), i));
    return byDate.get(date) ?? emptyDay(date);
  });
  const spend = days.reduce((total, day) => total + day.spendPesewas, 0);
  const completed = days.reduce((total, day) => total + day.completedViews, 0);
  const redemptions = days.reduce((total, day) => total + day.redemptions, 0);
  return {
    campaignId: campaign.id,
    from: range.from,
    to: range.to,
    days,
    costPerCompletedViewPesewas: completed === 0 ? null : Math.round(spend / completed),
    costPerRedemptionPesewas: redemptions === 0 ? null : Math.round(spend / redemptions),
  };
}

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

function emptyDay(date: string): ReportDay {
  return {
    date,
    completedViews: 0,
    chargedViews: 0,
    invalidViews: 0,
    refundedViews: 0,
    spendPesewas: 0,
    redemptions: 0,
  };
}

async function countByDay(db: Executor, campaignId: number, from: string, to: string): Promise<ReportDay[]> {
  const charged = eq(campaignViews.outcome, "charged");
  const rows = await db
    .select({
      date: campaignViews.viewedOn,
      completedViews: count(),
      chargedViews: sql<number>`count(*) filter (where ${charged})`.mapWith(Number),
      invalidViews: sql<number>`count(*) filter (where ${eq(campaignViews.outcome, "invalid")})`.mapWith(
        Number,
      ),
      refundedViews: sql<number>`count(*) filter (where ${isNotNull(campaignViews.refundedAt)})`.mapWith(
        Number,
      ),
      spendPesewas:
        sql<number>`coalesce(sum(${campaignViews.chargedPesewas}) filter (where ${and(charged, isNull(campaignViews.refundedAt))}), 0)`.mapWith(
          Number,
        ),
      redemptions: sql<number>`count(*) filter (where ${isNotNull(rewards.usedAt)})`.mapWith(Number),
    })
    .from(campaignViews)
    .leftJoin(rewards, eq(rewards.id, campaignViews.rewardId))
    .where(and(eq(campaignViews.campaignId, campaignId), between(campaignViews.viewedOn, from, to)))
    .groupBy(campaignViews.viewedOn);
  return rows;
}

/** The report as CSV, one line a day, amounts in GH₵. */
export function campaignReportCsv(report: CampaignReport): string {
  const header = "date,completed_views,charged_views,invalid_views,refunded_views,spend_ghs,redemptions";
  const lines = report.days.map((day) =>
    [
      day.date,
      day.completedViews,
      day.chargedViews,
      day.invalidViews,
      day.refundedViews,
      (day.spendPesewas / 100).toFixed(2),
      day.redemptions,
    ].join(","),
  );
  return `${[header, ...lines].join("\n")}\n`;
}
