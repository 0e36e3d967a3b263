import type { Campaign } from "../../../shared/contracts/money";

export interface CampaignOffer {
  /** "showing": members find the ad now; "waiting": active but held back; "stopped": paused or ended. */
  state: "showing" | "waiting" | "stopped";
  text: string;
}

/**
 * Whether members find the campaign's ad now, and if not, why (docs/product-rules.md#pay-per-view-campaigns,
 * #pacing): the server says whether it is offered; the reason is read from the same numbers, the pace
 * through the day being what is left when no cap, budget or balance explains it.
 */
export function campaignOffer(campaign: Campaign, balancePesewas: number | undefined): CampaignOffer {
  if (campaign.status === "ended")
    return { state: "stopped", text: "Ended: its ad shows as your plan allows again." };
  if (campaign.status === "paused") return { state: "stopped", text: "Paused: not showing in Discover." };
  if (campaign.offeredNow) return { state: "showing", text: "Showing in Discover" };
  const price = campaign.pricePerViewPesewas;
  if (campaign.spentPesewas + price > campaign.totalBudgetPesewas) {
    return { state: "waiting", text: "Not showing: the total budget is spent. Raise it to go on." };
  }
  if (campaign.spentTodayPesewas + price > campaign.dailyCapPesewas) {
    return { state: "waiting", text: "Not showing until tomorrow: today's cap is reached." };
  }
  if (balancePesewas !== undefined && balancePesewas < price) {
    return { state: "waiting", text: "Not showing: the balance is too low for a view. Top up to go on." };
  }
  return {
    state: "waiting",
    text: "Not showing for now: spending is spread through the day, so it shows again later today.",
  };
}
