import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { accraDay } from "../../../shared/accra-time";
import type { Campaign } from "../../../shared/contracts/money";
import type { Executor } from "../../db/client";
import { ads } from "../../db/schema/ads";
import { adCampaigns } from "../../db/schema/money";
import { campaignOfferedSql, liveCampaignSql, spentTodaySql } from "./campaign-pacing";

// A campaign is shown with its ad's title: a read across money's campaigns and the ads domain.

/** A business's own live (not deleted) ad, by id: what a campaign may run on. */
export async function ownLiveAd(db: Executor, companyId: number, adId: number) {
  const [ad] = await db
    .select({ id: ads.id, title: ads.title })
    .from(ads)
    .where(and(eq(ads.id, adId), eq(ads.companyId, companyId), isNull(ads.deletedAt)));
  return ad;
}

function campaignColumns(now: Date) {
  const today = accraDay(now);
  return {
    campaign: adCampaigns,
    adTitle: ads.title,
    live: sql<boolean>`(${liveCampaignSql(today)})`,
    spentToday: spentTodaySql(today).mapWith(Number),
    offeredNow: sql<boolean>`(${liveCampaignSql(today)} and ${campaignOfferedSql(now)})`,
  };
}

type CampaignRow = {
  campaign: typeof adCampaigns.$inferSelect;
  adTitle: string;
  live: boolean;
  spentToday: number;
  offeredNow: boolean;
};

function toCampaign(row: CampaignRow): Campaign {
  const { campaign } = row;
  return {
    id: campaign.id,
    adId: campaign.adId,
    adTitle: row.adTitle,
    status: row.live ? campaign.status : "ended",
    pricePerViewPesewas: campaign.pricePerViewPesewas,
    dailyCapPesewas: campaign.dailyCapPesewas,
    totalBudgetPesewas: Number(campaign.totalBudgetPesewas),
    endsOn: campaign.endsOn,
    spentTodayPesewas: row.spentToday,
    spentPesewas: Number(campaign.spentPesewas),
    offeredNow: row.offeredNow,
    createdAt: campaign.createdAt.toISOString(),
  };
}

/** A business's campaigns, newest first (at most 200: a business runs one per ad). */
export async function companyCampaigns(db: Executor, companyId: number, now: Date): Promise<Campaign[]> {
  const rows = await db
    .select(campaignColumns(now))
    .from(adCampaigns)
    .innerJoin(ads, eq(ads.id, adCampaigns.adId))
    .where(eq(adCampaigns.companyId, companyId))
    .orderBy(desc(adCampaigns.id))
    .limit(200);
  return rows.map(toCampaign);
}

/** One campaign of a business, or undefined when it has none with that id. */
export async function companyCampaign(
  db: Executor,
  companyId: number,
  campaignId: number,
  now: Date,
): Promise<Campaign | undefined> {
  const [row] = await db
    .select(campaignColumns(now))
    .from(adCampaigns)
    .innerJoin(ads, eq(ads.id, adCampaigns.adId))
    .where(and(eq(adCampaigns.id, campaignId), eq(adCampaigns.companyId, companyId)));
  return row ? toCampaign(row) : undefined;
}
