// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerRequests, renderInApp, type SentRequest } from "../../test-dom";
import { AdminWithdrawalsQueue } from "./admin-withdrawals-queue";
import type { AdminWithdrawal } from "./api";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const inReview: AdminWithdrawal = {
  id: 31,
  status: "review",
  amountPesewas: 5000,
  feePesewas: 100,
  sentPesewas: 4900,
  phoneNumber: "+233241234567",
  network: "mtn",
  holdUntil: null,
  createdAt: "2026-11-29T10:00:00.000Z",
  userId: 7,
  memberName: "Ama Mensah",
  reviewReason: "New device; 3 withdrawals this week",
  riskScore: 70,
};
const toPayByHand: AdminWithdrawal = {
  ...inReview,
  id: 32,
  status: "queued",
  memberName: "Kofi Boateng",
  phoneNumber: "+233201234567",
  network: "telecel",
  reviewReason: "Paid by hand",
  riskScore: 0,
};

const decisions = (sent: SentRequest[]) => sent.filter((request) => request.method === "POST");

function openQueue(paidByHand = true) {
  const sent = answerRequests(({ method, url, body }) => {
    if (url === "/api/admin/withdrawals?status=review")
      return { body: { withdrawals: [inReview], paidByHand } };
    if (url === "/api/admin/withdrawals?status=queued")
      return { body: { withdrawals: [toPayByHand], paidByHand } };
    if (method === "POST" && url === "/api/admin/withdrawals/31/decision") {
      const { decision } = body as { decision: string };
      return { body: { ...inReview, status: decision === "approve" ? "queued" : "rejected" } };
    }
    if (method === "POST" && url === "/api/admin/withdrawals/32/decision") {
      return { body: { ...toPayByHand, status: "paid" } };
    }
    return undefined;
  });
  renderInApp(<AdminWithdrawalsQueue />, { at: "/admin" });
  return sent;
}

describe("the admin's withdrawals", () => {
  it("shows no paying by hand where Paystack pays", async () => {
    openQueue(false);
    expect(await screen.findByRole("tab", { name: "In review" })).toBeTruthy();
    await screen.findByText(/Ama/);
    expect(screen.queryByRole("tab", { name: "To pay by hand" })).toBeNull();
  });

  it("lists one in review with its member, money, wallet, risk and reason, and approves it", async () => {
    const sent = openQueue();
    const row = within(await screen.findByTestId("admin-withdrawal"));
    expect(row.getByTestId("admin-withdrawal-member").textContent).toBe("Ama Mensah");
    expect(row.getByText("GH₵ 50.00")).toBeTruthy();
    expect(row.getByText("GH₵ 1.00")).toBeTruthy();
    expect(row.getByText("GH₵ 49.00")).toBeTruthy();
    expect(row.getByTestId("admin-withdrawal-wallet").textContent).toBe("+233 24 123 4567 · MTN MoMo");
    expect(row.getByTestId("admin-withdrawal-risk").textContent).toBe("70");
    expect(row.getByTestId("admin-withdrawal-reason").textContent).toBe(
      "New device; 3 withdrawals this week",
    );

    await userEvent.click(row.getByTestId("withdrawal-approve"));
    await waitFor(() => expect(decisions(sent)).toHaveLength(1));
    expect(decisions(sent)[0]).toMatchObject({
      url: "/api/admin/withdrawals/31/decision",
      body: { decision: "approve" },
    });
  });

  it("rejects one with an optional note", async () => {
    const sent = openQueue();
    const row = within(await screen.findByTestId("admin-withdrawal"));
    await userEvent.click(row.getByTestId("withdrawal-reject"));
    const form = within(screen.getByRole("form", { name: "Reject the withdrawal by Ama Mensah" }));
    await userEvent.type(form.getByLabelText(/^Note/), "Same wallet as a suspended member");
    await userEvent.click(form.getByTestId("withdrawal-reject-confirm"));
    await waitFor(() => expect(decisions(sent)).toHaveLength(1));
    expect(decisions(sent)[0]?.body).toEqual({
      decision: "reject",
      note: "Same wallet as a suspended member",
    });
  });

  it("approves one paid by hand only with the MoMo transaction ID", async () => {
    const sent = openQueue();
    await screen.findByTestId("admin-withdrawal");
    await userEvent.click(screen.getByRole("tab", { name: "To pay by hand" }));
    const row = within(await screen.findByText("Kofi Boateng").then((name) => name.closest("li")!));
    await userEvent.click(row.getByTestId("withdrawal-approve"));
    const form = within(screen.getByRole("form", { name: "Approve the withdrawal by Kofi Boateng" }));
    expect(form.getByText(/Send GH₵ 49.00 to \+233 20 123 4567 \(Telecel Cash\) first/)).toBeTruthy();

    await userEvent.click(form.getByTestId("withdrawal-paid-confirm"));
    expect(await form.findByText("Enter the MoMo transaction ID")).toBeTruthy();
    expect(decisions(sent)).toEqual([]);

    await userEvent.type(form.getByLabelText(/^MoMo transaction ID/), "TX-88231");
    await userEvent.click(form.getByTestId("withdrawal-paid-confirm"));
    await waitFor(() => expect(decisions(sent)).toHaveLength(1));
    expect(decisions(sent)[0]).toMatchObject({
      url: "/api/admin/withdrawals/32/decision",
      body: { decision: "approve", transactionId: "TX-88231" },
    });
  });
});
