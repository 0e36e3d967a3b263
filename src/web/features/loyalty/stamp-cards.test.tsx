import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { LoyaltyCard } from "../../../shared/contracts/counter";
import { PointsSummary, StampCardList } from "./stamp-cards";

const card = (overrides: Partial<LoyaltyCard> = {}): LoyaltyCard => ({
  id: 1,
  companyId: 7,
  companyName: "Auntie Muni's Waakye",
  companyLogo: null,
  programName: "Waakye lovers",
  rewardTitle: "A free plate",
  currentStamps: 3,
  requiredStamps: 5,
  isCompleted: false,
  rewardUnlocked: false,
  rewardClaimed: false,
  cashbackPesewas: null,
  expiresAt: "2026-06-30T23:59:59.000Z",
  lastStampAt: null,
  ...overrides,
});

const filledDots = (html: string) => html.match(/bg-amber-600/g)?.length ?? 0;

describe("StampCardList", () => {
  it("shows the stamps as dots, what is left, and the Accra expiry date", () => {
    const html = renderToStaticMarkup(<StampCardList cards={[card()]} />);
    expect(html).toContain('aria-label="3 of 5 stamps"');
    expect(filledDots(html)).toBe(3);
    expect(html).toContain("2 more for A free plate");
    expect(html).toContain("Valid until 30 Jun 2026");
    expect(html).not.toContain("Reward ready");
  });

  it("says the reward is ready to claim with this QR", () => {
    const html = renderToStaticMarkup(
      <StampCardList cards={[card({ currentStamps: 5, isCompleted: true, rewardUnlocked: true })]} />,
    );
    expect(html).toContain("Reward ready — show this QR to claim A free plate");
    expect(filledDots(html)).toBe(5);
  });

  it("shows the cashback set aside for a waiting reward, and none when there is none", () => {
    const ready = { currentStamps: 5, isCompleted: true, rewardUnlocked: true };
    const withCashback = renderToStaticMarkup(
      <StampCardList cards={[card({ ...ready, cashbackPesewas: 500 })]} />,
    );
    expect(withCashback).toContain("Reward ready — show this QR to claim A free plate");
    expect(withCashback).toContain("+ GH₵ 5.00 cashback");
    const without = renderToStaticMarkup(<StampCardList cards={[card(ready)]} />);
    expect(without).not.toContain("cashback");
  });

  it("explains how the first stamp comes when there is no card", () => {
    const html = renderToStaticMarkup(<StampCardList cards={[]} />);
    expect(html).toContain("No stamp cards yet");
    expect(html).toContain("staff scan the QR above");
  });
});

describe("PointsSummary", () => {
  it("shows the balance, today's points of the daily limit and what points are for", () => {
    const html = renderToStaticMarkup(
      <PointsSummary points={{ pointsBalance: 1250, pointsToday: 40, dailyPointLimit: 100 }} />,
    );
    expect(html).toContain("1,250");
    expect(html).toContain("Today: 40 of 100 points");
    expect(html).toContain('aria-valuenow="40"');
    expect(html).toContain("Every 100 points earn a prize-draw entry");
  });
});
