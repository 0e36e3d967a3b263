// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StaffPurchase } from "../../../shared/contracts/purchases";
import { answerRequests, renderInApp, type SentRequest } from "../../test-dom";
import { PurchasesQueue } from "./purchases-queue";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const amasReceipt: StaffPurchase = {
  id: 5,
  company: { id: 7, name: "Auntie Muni's Waakye" },
  purchaseAmountPesewas: 5_000,
  discountAmountPesewas: 1_000,
  finalAmountPesewas: 4_000,
  receiptNumber: "R-0042",
  receiptImageUrl: "/media/receipts/42.webp",
  purchaseDate: "2026-03-01T00:00:00.000Z",
  status: "pending",
  rejectionReason: null,
  createdAt: "2026-03-01T12:00:00.000Z",
  member: { id: 3, displayName: "Ama", anigyeId: "ANG-0003" },
  flagged: true,
  flagReason: "Same receipt number as purchase 4",
  rewardId: null,
  verifiedBy: null,
  verifiedAt: null,
};

const decisions = (sent: SentRequest[]) => sent.filter((request) => request.method === "POST");

function openQueue() {
  return answerRequests(({ method, url, body }) => {
    if (method === "GET" && url.startsWith("/api/staff/purchases")) {
      return { body: { purchases: [amasReceipt], nextBefore: null } };
    }
    if (method === "POST" && url === "/api/staff/purchases/5/decision") {
      return { body: { ...amasReceipt, status: (body as { status: string }).status } };
    }
    return undefined;
  });
}

describe("the purchases queue", () => {
  it("shows who sent the receipt, what it says and why to check it, and verifies it in one tap", async () => {
    const sent = openQueue();
    renderInApp(<PurchasesQueue />, { at: "/staff" });
    const row = await screen.findByTestId("purchase-row");
    expect(within(row).getByRole("img", { name: "Receipt sent by Ama" })).toBeTruthy();
    expect(row.textContent).toContain("ANG-0003");
    expect(row.textContent).toContain("(GH₵ 50.00 less GH₵ 10.00 off)");
    expect(row.textContent).toContain("Check carefully: Same receipt number as purchase 4");

    await userEvent.click(within(row).getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(decisions(sent)).toHaveLength(1));
    expect(decisions(sent)[0]!.body).toEqual({ status: "verified" });
  });

  it("asks for the reason the member will see before it rejects", async () => {
    const sent = openQueue();
    renderInApp(<PurchasesQueue />, { at: "/staff" });
    const row = await screen.findByTestId("purchase-row");
    await userEvent.click(within(row).getByRole("button", { name: "Reject…" }));
    const form = screen.getByRole("form", { name: "Reject the purchase by Ama" });
    await userEvent.click(within(form).getByRole("button", { name: "Reject" }));
    expect(await within(form).findByText("Give a reason for rejecting")).toBeTruthy();
    expect(decisions(sent)).toHaveLength(0);

    await userEvent.type(
      within(form).getByLabelText("Reason (the member sees it)"),
      "The total doesn't match",
    );
    await userEvent.click(within(form).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(decisions(sent)).toHaveLength(1));
    expect(decisions(sent)[0]!.body).toEqual({ status: "rejected", reason: "The total doesn't match" });
  });
});
