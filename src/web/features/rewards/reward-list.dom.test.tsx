// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerRequests, renderInApp } from "../../test-dom";
import { RewardList } from "./reward-list";
import { waakyeReward } from "./waakye-reward.fixture";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a cashback reward in My Rewards", () => {
  it("says its amount, how it is used and offers Redeem", () => {
    answerRequests(() => undefined);
    const cashback = waakyeReward({
      rewardType: "cashback",
      discountPercent: null,
      cashbackPesewas: 500,
      code: null,
    });
    renderInApp(<RewardList rewards={[cashback]} />, { at: "/rewards" });
    const card = within(screen.getByTestId("my-reward"));
    expect(card.getByText("GH₵ 5.00 cashback")).toBeTruthy();
    expect(card.getByText(/Show this reward at the counter: once staff confirm it/)).toBeTruthy();
    expect(card.getByRole("button", { name: "Redeem" })).toBeTruthy();
  });
});
