import { type SQL, sql } from "drizzle-orm";
import { accraDay } from "../../../shared/accra-time";
import type { Executor } from "../../db/client";
import { executeNamed } from "../../db/prepared";
import { adCampaigns, campaignViews, moneyAccounts, moneyTransfers } from "../../db/schema/money";
import { liveCampaignSql, spentTodaySql } from "./campaign-pacing";

export interface CompletedView {
  adId: number;
  watchId: number;
  userId: number;
  rewardId: number;
  /** True when the anti-cheat rules flag the view (its owner's SQL, read in the same statement). */
  flagged: SQL<boolean>;
  now: Date;
}

/** What a completed view cost its business: nothing when its ad has no live campaign (`none`). */
export type ViewCharge = "charged" | "invalid" | "unfunded" | "none";

/**
 * Charges a completed view to its ad's campaign, in the completing report's transaction and in one
 * statement (docs/product-rules.md#pay-per-view-campaigns): the campaign's row is locked, so views
 * completing at once take turns; a view is charged only while the price fits today's cap, the total
 * budget and the balance, and the anti-cheat rules don't flag it. A charge moves the price from the
 * business's balance to Anigye's revenue from it (one balanced transfer, keyed by the view) and adds it to
 * the campaign's spend; every completed view of a campaign is recorded with what became of it.
 */
export async function chargeCompletedView(tx: Executor, view: CompletedView): Promise<ViewCharge> {
  const today = accraDay(view.now);
  const at = sql`${view.now.toISOString()}::timestamptz`;
  // A named prepared statement: parsed and planned once per connection, as the other hot writes are.
  const result = await executeNamed<{ outcome: Exclude<ViewCharge, "none"> }>(
    tx,
    "charge_completed_view",
    sql`
    with campaign as (
      select ${adCampaigns.id} as id, ${adCampaigns.companyId} as company_id,
        ${adCampaigns.pricePerViewPesewas} as price,
        (${adCampaigns.status} = 'active'
          and ${spentTodaySql(today)} + ${adCampaigns.pricePerViewPesewas} <= ${adCampaigns.dailyCapPesewas}
          and ${adCampaigns.spentPesewas} + ${adCampaigns.pricePerViewPesewas} <= ${adCampaigns.totalBudgetPesewas}) as within_caps
      from ${adCampaigns}
      where ${adCampaigns.adId} = ${view.adId} and ${liveCampaignSql(today)}
      for update
    ),
    verdict as (select campaign.*, (${view.flagged}) as flagged from campaign),
    debit as (
      update ${moneyAccounts} set balance_pesewas = balance_pesewas - v.price, updated_at = ${at}
      from verdict v
      where ${moneyAccounts.kind} = 'company_balance' and ${moneyAccounts.companyId} = v.company_id
        and v.within_caps and not v.flagged and ${moneyAccounts.balancePesewas} >= v.price
        and exists (select 1 from ${moneyAccounts} revenue
          where revenue.kind = 'platform_revenue' and revenue.company_id = v.company_id)
      returning ${moneyAccounts.id} as account_id, ${moneyAccounts.balancePesewas} as balance_after,
        v.price, v.id as campaign_id, v.company_id
    ),
    credit as (
      update ${moneyAccounts} set balance_pesewas = balance_pesewas + d.price, updated_at = ${at}
      from debit d
      where ${moneyAccounts.kind} = 'platform_revenue' and ${moneyAccounts.companyId} = d.company_id
      returning ${moneyAccounts.id} as account_id, ${moneyAccounts.balancePesewas} as balance_after
    ),
    transfer as (
      insert into ${moneyTransfers} (debit_account_id, credit_account_id, amount_pesewas, kind, idempotency_key,
        debit_balance_after_pesewas, credit_balance_after_pesewas, campaign_id, created_at)
      select d.account_id, c.account_id, d.price, 'view_charge', ${`view_charge:watch:${view.watchId}`},
        d.balance_after, c.balance_after, d.campaign_id, ${at}
      from debit d cross join credit c
      returning id, amount_pesewas
    ),
    spent as (
      update ${adCampaigns} set spent_pesewas = spent_pesewas + d.price,
        spent_today_pesewas = ${spentTodaySql(today)} + d.price,
        spent_on = ${today}::date, updated_at = ${at}
      from debit d
      where ${adCampaigns.id} = d.campaign_id
    )
    insert into ${campaignViews} (campaign_id, watch_id, user_id, reward_id, outcome, viewed_on, charged_pesewas,
      charge_transfer_id, created_at)
    select v.id, ${view.watchId}, ${view.userId}, ${view.rewardId},
      (case when t.id is not null then 'charged' when v.flagged then 'invalid' else 'unfunded' end)::campaign_view_outcome,
      ${today}::date, coalesce(t.amount_pesewas, 0), t.id, ${at}
    from verdict v left join transfer t on true
    returning outcome`,
  );
  return result.rows[0]?.outcome ?? "none";
}
