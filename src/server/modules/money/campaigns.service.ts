import { and, eq, lt } from "drizzle-orm";
import { accraDay } from "../../../shared/accra-time";
import type { Campaign, CampaignChange, CampaignRequest } from "../../../shared/contracts/money";
import { formatCedis } from "../../../shared/money";
import type { Executor } from "../../db/client";
import { adCampaigns, moneyAccounts } from "../../db/schema/money";
import { AppError } from "../../lib/errors";
import { translateMessage } from "../../lib/i18n";
import { readNumberSettings } from "../settings";
import { companyCampaign, ownLiveAd } from "./campaigns.read-model";

/** A refused field, its message with the amount it names (said in the request's language). */
function invalid(field: string, message: string, amountPesewas?: number) {
  if (amountPesewas === undefined) return new AppError("VALIDATION", message, { [field]: message });
  const values = { amount: formatCedis(amountPesewas) };
  return new AppError(
    "VALIDATION",
    { message, values },
    { [field]: translateMessage(message, "en", values) },
  );
}

/** A day's cap and the total budget must each pay for at least one view. */
function assertCoversOneView(price: number, caps: { dailyCapPesewas?: number; totalBudgetPesewas?: number }) {
  if (caps.dailyCapPesewas !== undefined && caps.dailyCapPesewas < price) {
    throw invalid("dailyCapPesewas", "The daily cap must pay for at least one view ({amount})", price);
  }
  if (caps.totalBudgetPesewas !== undefined && caps.totalBudgetPesewas < price) {
    throw invalid("totalBudgetPesewas", "The total budget must pay for at least one view ({amount})", price);
  }
}

/** The least a new campaign may pay per view: the admin's `campaign_min_price_pesewas` setting. */
export async function campaignMinimumPrice(db: Executor): Promise<number> {
  return (await readNumberSettings(db, ["campaign_min_price_pesewas"])).campaign_min_price_pesewas;
}

/**
 * Starts a campaign on one of the business's own ads (docs/product-rules.md#pay-per-view-campaigns): the
 * price at least the admin's minimum, each cap enough for one view, one live campaign per ad. The
 * business's balance and revenue accounts are opened with it, balance first, so a view's charge can
 * always find both.
 */
export async function createCampaign(
  db: Executor,
  companyId: number,
  request: CampaignRequest,
  now: Date,
): Promise<Campaign> {
  const ad = await ownLiveAd(db, companyId, request.adId);
  if (!ad) throw invalid("adId", "Choose one of your ads");
  const minimum = await campaignMinimumPrice(db);
  if (request.pricePerViewPesewas < minimum) {
    throw invalid("pricePerViewPesewas", "The price per view is at least {amount}", minimum);
  }
  assertCoversOneView(request.pricePerViewPesewas, request);
  const today = accraDay(now);
  if (request.endsOn !== undefined && request.endsOn < today) {
    throw invalid("endsOn", "The last day can't be in the past");
  }
  const created = await db.transaction(async (tx) => {
    // A campaign whose last day has passed has ended; marking it so frees its ad for a new one.
    await tx
      .update(adCampaigns)
      .set({ status: "ended", updatedAt: now })
      .where(and(eq(adCampaigns.adId, ad.id), lt(adCampaigns.endsOn, today)));
    const [row] = await tx
      .insert(adCampaigns)
      .values({
        ...request,
        companyId,
        adId: ad.id,
        endsOn: request.endsOn ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: adCampaigns.id });
    if (!row) {
      throw new AppError("CONFLICT", "This ad already has a campaign. Change that campaign instead.");
    }
    await tx
      .insert(moneyAccounts)
      .values([
        { kind: "company_balance" as const, companyId, createdAt: now, updatedAt: now },
        { kind: "platform_revenue" as const, companyId, createdAt: now, updatedAt: now },
      ])
      .onConflictDoNothing();
    return row;
  });
  return (await companyCampaign(db, companyId, created.id, now))!;
}

/**
 * Pauses or resumes a campaign, or changes its caps. A cap must still pay for one view, and the total
 * budget can't go below what is already spent. A campaign that has ended stays ended.
 */
export async function changeCampaign(
  db: Executor,
  companyId: number,
  campaignId: number,
  change: CampaignChange,
  now: Date,
): Promise<Campaign> {
  const today = accraDay(now);
  await db.transaction(async (tx) => {
    const [campaign] = await tx
      .select()
      .from(adCampaigns)
      .where(and(eq(adCampaigns.id, campaignId), eq(adCampaigns.companyId, companyId)))
      .for("update");
    if (!campaign) throw new AppError("NOT_FOUND", "Campaign not found");
    if (campaign.status === "ended" || (campaign.endsOn !== null && campaign.endsOn < today)) {
      throw new AppError("CONFLICT", "This campaign has ended. Start a new one on the ad instead.");
    }
    assertCoversOneView(campaign.pricePerViewPesewas, change);
    const spent = Number(campaign.spentPesewas);
    if (change.totalBudgetPesewas !== undefined && change.totalBudgetPesewas < spent) {
      throw invalid(
        "totalBudgetPesewas",
        "The total budget can't be less than the {amount} already spent",
        spent,
      );
    }
    await tx
      .update(adCampaigns)
      .set({
        ...(change.status === undefined ? {} : { status: change.status }),
        ...(change.dailyCapPesewas === undefined ? {} : { dailyCapPesewas: change.dailyCapPesewas }),
        ...(change.totalBudgetPesewas === undefined ? {} : { totalBudgetPesewas: change.totalBudgetPesewas }),
        updatedAt: now,
      })
      .where(eq(adCampaigns.id, campaign.id));
  });
  return (await companyCampaign(db, companyId, campaignId, now))!;
}
