// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WalletResponse } from "../../../shared/contracts/money";
import { answerRequests, renderInApp } from "../../test-dom";
import { BalanceCard } from "./balance-card";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const newest: WalletResponse = {
  balancePesewas: 1950,
  cashbackReservedPesewas: 0,
  entries: [
    {
      id: 9,
      at: "2026-11-29T10:05:00.000Z",
      kind: "view_charge",
      amountPesewas: -50,
      balanceAfterPesewas: 1950,
      campaignId: 3,
    },
    {
      id: 8,
      at: "2026-11-29T09:00:00.000Z",
      kind: "top_up",
      amountPesewas: 2000,
      balanceAfterPesewas: 2000,
      paymentId: 41,
    },
  ],
  nextBefore: 8,
};
const older: WalletResponse = {
  balancePesewas: 1950,
  cashbackReservedPesewas: 0,
  entries: [
    {
      id: 5,
      at: "2026-11-20T09:00:00.000Z",
      kind: "view_refund",
      amountPesewas: 50,
      balanceAfterPesewas: 0,
      campaignId: 3,
    },
  ],
};

const entryTexts = () =>
  screen.getAllByTestId("wallet-entry").map((entry) => ({
    kind: within(entry).getByTestId("wallet-entry-kind").textContent,
    ad: within(entry).queryByTestId("wallet-entry-ad")?.textContent,
    amount: within(entry).getByTestId("wallet-entry-amount").textContent,
  }));

describe("the balance card", () => {
  it("shows the balance and each movement, signed, newest first, then the older page on request", async () => {
    const sent = answerRequests(({ url }) => {
      if (url === "/api/companies/7/wallet") return { body: newest };
      if (url === "/api/companies/7/wallet?before=8") return { body: older };
      if (url === "/api/companies/7/campaigns") {
        return { body: { campaigns: [{ id: 3, adTitle: "Free BP check" }], minPricePerViewPesewas: 10 } };
      }
      return undefined;
    });
    renderInApp(<BalanceCard companyId={7} />);
    expect((await screen.findByTestId("wallet-balance")).textContent).toBe("GH₵ 19.50");
    await waitFor(() => expect(entryTexts()[0]?.ad).toBe("Free BP check"));
    expect(entryTexts()).toEqual([
      { kind: "View charge", ad: "Free BP check", amount: "−GH₵ 0.50" },
      { kind: "Top-up", ad: undefined, amount: "+GH₵ 20.00" },
    ]);
    expect(screen.getAllByTestId("wallet-entry")[1]!.textContent).toContain("Balance after GH₵ 20.00");
    expect(screen.getByRole("link", { name: "Receipt" }).getAttribute("href")).toBe("/payments/41");
    // An admin's card has no way to add money.
    expect(screen.queryByRole("button", { name: "Top up" })).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(entryTexts()).toHaveLength(3));
    expect(entryTexts()[2]).toEqual({ kind: "Refund", ad: "Free BP check", amount: "+GH₵ 0.50" });
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(sent.map((request) => request.url)).toContain("/api/companies/7/wallet?before=8");
  });
});
