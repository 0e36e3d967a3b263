import { describe, expect, it } from "vitest";
import type { Campaign } from "../../../shared/contracts/money";
import { campaignOffer } from "./campaign-offer";
import { campaignForm, capsForm, topUpForm } from "./money-forms";

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe("the Money tab's forms", () => {
  it("send a top-up in pesewas and keep the contract's bounds under the amount", () => {
    const request = { method: "momo_manual", paymentPhone: "024 123 4567", network: "mtn" };
    expect(topUpForm.parse({ ...request, amount: "20" })).toMatchObject({
      amountPesewas: 2000,
      method: "momo_manual",
      network: "mtn",
    });
    expect(messagesOf(topUpForm.safeParse({ ...request, amount: "4.99" }))).toEqual({
      amount: "A top-up is at least GH₵ 5.00",
    });
    expect(messagesOf(topUpForm.safeParse({ ...request, amount: "", network: "" }))).toEqual({
      amount: "Enter the amount in GH₵",
      network: "Choose your mobile money network",
    });
  });

  it("send a campaign in pesewas, with no last day when the box is empty", () => {
    const body = campaignForm.parse({
      adId: "12",
      pricePerView: "0.50",
      dailyCap: "10",
      totalBudget: "20",
      endsOn: "",
    });
    expect(body).toEqual({
      adId: 12,
      pricePerViewPesewas: 50,
      dailyCapPesewas: 1000,
      totalBudgetPesewas: 2000,
    });
  });

  it("put every one of a campaign's messages under the box the owner typed in, at once", () => {
    const result = campaignForm.safeParse({
      adId: "",
      pricePerView: "0",
      dailyCap: "ten",
      totalBudget: "",
      endsOn: "",
    });
    expect(messagesOf(result)).toEqual({
      adId: "Choose one of your ads",
      pricePerView: "The price per view must be more than zero",
      dailyCap: "Enter the daily cap in GH₵, like 20 or 0.50",
      totalBudget: "Enter the total budget in GH₵",
    });
  });

  it("send both caps of a running campaign", () => {
    expect(capsForm.parse({ dailyCap: "12.50", totalBudget: "40" })).toEqual({
      dailyCapPesewas: 1250,
      totalBudgetPesewas: 4000,
    });
  });
});

const running: Campaign = {
  id: 3,
  adId: 12,
  adTitle: "Free BP check",
  status: "active",
  pricePerViewPesewas: 50,
  dailyCapPesewas: 1000,
  totalBudgetPesewas: 2000,
  endsOn: null,
  spentTodayPesewas: 100,
  spentPesewas: 300,
  offeredNow: true,
  createdAt: "2026-11-20T09:00:00.000Z",
};

describe("whether a campaign's ad is showing, and why not", () => {
  it("says so while members find it", () => {
    expect(campaignOffer(running, 1000)).toEqual({ state: "showing", text: "Showing in Discover" });
  });

  it("names what holds it back, first what the owner can fix", () => {
    const held = { ...running, offeredNow: false };
    expect(campaignOffer({ ...held, spentPesewas: 1980 }, 1000).text).toContain("the total budget is spent");
    expect(campaignOffer({ ...held, spentTodayPesewas: 980 }, 1000).text).toContain("today's cap is reached");
    expect(campaignOffer(held, 40).text).toContain("the balance is too low");
    expect(campaignOffer(held, 1000).text).toContain("spending is spread through the day");
  });

  it("says a paused or ended campaign's ad isn't paid for", () => {
    expect(campaignOffer({ ...running, status: "paused" }, 1000)).toMatchObject({ state: "stopped" });
    expect(campaignOffer({ ...running, status: "ended" }, 1000).text).toContain("Ended");
  });
});
