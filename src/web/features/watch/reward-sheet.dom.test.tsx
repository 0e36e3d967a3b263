// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ProgressResponse } from "../../../shared/contracts/watch";
import { renderInApp } from "../../test-dom";
import { RewardSheet } from "./reward-sheet";

afterEach(cleanup);

const earned: ProgressResponse = {
  sessionId: 3,
  adId: 4,
  durationSeconds: 10,
  minWatchPercent: 80,
  requiredSeconds: 8,
  watchedSeconds: 10,
  completed: true,
  xpPoints: 40,
  tier: "bronze",
  tierChanged: false,
  reward: {
    id: 12,
    adId: 4,
    rewardType: "cashback",
    discountPercent: null,
    code: null,
    xpAwarded: 10,
    badges: [],
    drawEntries: null,
    drawPrize: null,
    experienceContent: null,
    cashbackPesewas: 500,
    expiresAt: "2026-12-31T23:59:59.000Z",
  },
};

describe("the reward sheet after watching", () => {
  it("shows a cashback's amount and that it is used at the counter", () => {
    renderInApp(
      <RewardSheet
        outcome={{ kind: "reward", response: earned }}
        companyName="Auntie Muni's Waakye"
        onKeepExploring={() => {}}
      />,
    );
    const cashback = screen.getByTestId("reward-cashback");
    expect(cashback.textContent).toContain("GH₵ 5.00 cashback");
    expect(cashback.textContent).toContain("Use it at the counter to get it in your cashback.");
    expect(screen.getByText("Expires 31 Dec 2026")).toBeTruthy();
  });
});
