import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { accraDay, startOfAccraDay } from "../../../shared/accra-time";
import { adCampaigns, moneyAccounts } from "../../db/schema/money";

const dayMs = 86_400_000;
const hourMs = 3_600_000;

/**
 * The share of today's budget a campaign may have spent by this moment (docs/product-rules.md#pacing):
 * the hours begun so far out of 24, so a budget is spread through the Accra day instead of gone by 9 am.
 */
export function paceShareAt(now: Date): number {
  const hoursBegun = Math.floor((now.getTime() - startOfAccraDay(now).getTime()) / hourMs) + 1;
  return Math.min(1, (hoursBegun * hourMs) / dayMs);
}

/** The campaign's spend on the Accra day `today` (a spend from an earlier day counts as none). */
export function spentTodaySql(today: string): SQL<number> {
  return sql<number>`(case when ${adCampaigns.spentOn} = ${today}::date then ${adCampaigns.spentTodayPesewas} else 0 end)`;
}

/** A campaign that is still running on `today`: not ended, and its last day not past. */
export function liveCampaignSql(today: string): SQL {
  return sql`${adCampaigns.status} <> 'ended' and (${adCampaigns.endsOn} is null or ${adCampaigns.endsOn} >= ${today}::date)`;
}

/**
 * Whether a live campaign would be charged for one more view now and is within its pace, so members are
 * offered its ad: active, a view's price still fits today's cap, the pace (see `paceShareAt`, at least one
 * view at any hour), the total budget and the business's balance.
 */
export function campaignOfferedSql(now: Date): SQL<boolean> {
  const today = accraDay(now);
  const spentToday = spentTodaySql(today);
  const price = adCampaigns.pricePerViewPesewas;
  const budgetToday = sql`least(${adCampaigns.dailyCapPesewas}, ${adCampaigns.totalBudgetPesewas} - (${adCampaigns.spentPesewas} - ${spentToday}))`;
  return sql<boolean>`(${adCampaigns.status} = 'active'
    and ${adCampaigns.spentPesewas} + ${price} <= ${adCampaigns.totalBudgetPesewas}
    and ${spentToday} + ${price} <= ${adCampaigns.dailyCapPesewas}
    and ${spentToday} + ${price} <= greatest(${price}, floor(${budgetToday} * ${paceShareAt(now)}::float8))
    and coalesce((select ${moneyAccounts.balancePesewas} from ${moneyAccounts}
      where ${moneyAccounts.kind} = 'company_balance' and ${moneyAccounts.companyId} = ${adCampaigns.companyId}), 0) >= ${price})`;
}

/**
 * For Discover and "may this member start this ad": an ad without a live campaign is offered as its plan
 * allows; an ad with one only while its campaign can pay for the view (a campaign with nothing left today
 * takes its ad out of Discover until the next day or the next top-up).
 */
export function offeredByItsCampaignSql(adId: SQLWrapper, now: Date): SQL {
  return sql`coalesce((select ${campaignOfferedSql(now)} from ${adCampaigns}
    where ${adCampaigns.adId} = ${adId} and ${liveCampaignSql(accraDay(now))}), true)`;
}

/**
 * For Discover and "may this member start this ad": a cashback ad is offered only while its business's
 * balance still holds one more reward's cashback (docs/product-rules.md#cashback); other ads (no amount)
 * always.
 */
export function cashbackFundedSql(companyId: SQLWrapper, cashbackPesewas: SQLWrapper): SQL {
  return sql`(${cashbackPesewas} is null or coalesce((select ${moneyAccounts.balancePesewas} from ${moneyAccounts}
    where ${moneyAccounts.kind} = 'company_balance' and ${moneyAccounts.companyId} = ${companyId}), 0) >= ${cashbackPesewas})`;
}
