import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { adCampaigns, campaignViews } from "../../db/schema/money";
import { transferMoney } from "./money.service";

/**
 * Refunds the charged views whose rewards an admin reversed (docs/product-rules.md#invalid-views), in the
 * decision's transaction: each view's price goes back from Anigye's revenue to the business's balance
 * (keyed by the view, so once however often it is reversed) and off its campaign's spend. Campaigns are
 * locked before accounts, in the order a charge locks them.
 */
export async function refundReversedViews(tx: Executor, rewardIds: number[], now: Date): Promise<number> {
  if (rewardIds.length === 0) return 0;
  const views = await tx
    .select({
      id: campaignViews.id,
      campaignId: campaignViews.campaignId,
      companyId: adCampaigns.companyId,
      chargedPesewas: campaignViews.chargedPesewas,
      viewedOn: campaignViews.viewedOn,
    })
    .from(campaignViews)
    .innerJoin(adCampaigns, eq(adCampaigns.id, campaignViews.campaignId))
    .where(
      and(
        inArray(campaignViews.rewardId, rewardIds),
        eq(campaignViews.outcome, "charged"),
        isNull(campaignViews.refundedAt),
      ),
    )
    .orderBy(asc(campaignViews.campaignId), asc(campaignViews.id));
  let refunded = 0;
  for (const view of views) {
    if (await refundView(tx, view, now)) refunded++;
  }
  return refunded;
}

type ChargedView = {
  id: number;
  campaignId: number;
  companyId: number;
  chargedPesewas: number;
  viewedOn: string;
};

async function refundView(tx: Executor, view: ChargedView, now: Date): Promise<boolean> {
  await tx
    .select({ id: adCampaigns.id })
    .from(adCampaigns)
    .where(eq(adCampaigns.id, view.campaignId))
    .for("update");
  // Another reversal may have refunded it since it was read: only the campaign's lock makes that sure.
  const [stillCharged] = await tx
    .select({ id: campaignViews.id })
    .from(campaignViews)
    .where(and(eq(campaignViews.id, view.id), isNull(campaignViews.refundedAt)));
  if (!stillCharged) return false;
  const refund = await transferMoney(tx, {
    from: { kind: "platform_revenue", companyId: view.companyId },
    to: { kind: "company_balance", companyId: view.companyId },
    amountPesewas: view.chargedPesewas,
    kind: "view_refund",
    idempotencyKey: `view_refund:view:${view.id}`,
    campaignId: view.campaignId,
    at: now,
  });
  if (refund.status === "insufficient") {
    throw new Error(`campaign view ${view.id}'s charge is not in its business's revenue account`);
  }
  if (refund.status === "already") return false;
  await tx.update(campaignViews).set({ refundedAt: now }).where(eq(campaignViews.id, view.id));
  await tx
    .update(adCampaigns)
    .set({
      spentPesewas: sql`${adCampaigns.spentPesewas} - ${view.chargedPesewas}`,
      // A refund on the day of its view gives that day's cap the price back too.
      spentTodayPesewas: sql`case when ${adCampaigns.spentOn} = ${view.viewedOn}::date
        then greatest(${adCampaigns.spentTodayPesewas} - ${view.chargedPesewas}, 0) else ${adCampaigns.spentTodayPesewas} end`,
      updatedAt: now,
    })
    .where(eq(adCampaigns.id, view.campaignId));
  return true;
}
