// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MyCashback } from "../../../shared/contracts/cashback";
import { answerRequests, renderInApp, type SentRequest } from "../../test-dom";
import { CashbackCard } from "./cashback-card";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const mineUrl = "/api/cashback/mine";
const wallet: NonNullable<MyCashback["payoutAccount"]> = {
  phoneNumber: "+233241234567",
  network: "mtn",
  accountName: "Ama Mensah",
  holdUntil: null,
};

function cashback(changes: Partial<MyCashback> = {}): MyCashback {
  return {
    balancePesewas: 2000,
    pendingPesewas: 0,
    entries: [],
    payoutAccount: wallet,
    withdrawalMinPesewas: 500,
    withdrawalFeePesewas: 0,
    withdrawalsPerDay: 2,
    ...changes,
  };
}

type Entry = MyCashback["entries"][number];
const entry = (changes: Partial<Entry> & Pick<Entry, "id" | "kind" | "amountPesewas">): Entry => ({
  at: "2026-11-20T10:00:00.000Z",
  companyName: null,
  rewardId: null,
  expiresAt: null,
  withdrawalId: null,
  withdrawalStatus: null,
  ...changes,
});

const posts = (sent: SentRequest[], url: string) =>
  sent.filter((request) => request.method !== "GET" && request.url === url);
const reads = (sent: SentRequest[]) => sent.filter((request) => request.url === mineUrl);

const entryTexts = () =>
  screen.getAllByTestId("cashback-entry").map((row) => ({
    kind: row.dataset.kind,
    label: within(row).getByTestId("cashback-entry-label").textContent,
    amount: within(row).getByTestId("cashback-entry-amount").textContent,
  }));

describe("the cashback card", () => {
  it("shows the balance, what waits in unused rewards and each entry with its own words", async () => {
    const withEntries = cashback({
      balancePesewas: 1250,
      pendingPesewas: 500,
      entries: [
        entry({
          id: "pending:reward:12",
          kind: "pending",
          amountPesewas: 500,
          companyName: "Auntie Muni's Waakye",
          rewardId: 12,
          expiresAt: "2026-12-31T23:59:59.000Z",
        }),
        entry({
          id: "withdrawal:3",
          kind: "withdrawing",
          amountPesewas: -1000,
          withdrawalId: 3,
          withdrawalStatus: "review",
        }),
        entry({
          id: "withdrawal:2",
          kind: "withdrawing",
          amountPesewas: -700,
          withdrawalId: 2,
          withdrawalStatus: "queued",
        }),
        entry({
          id: "withdrawal:1",
          kind: "paid_out",
          amountPesewas: -600,
          withdrawalId: 1,
          withdrawalStatus: "paid",
        }),
        entry({
          id: "withdrawal:0",
          kind: "returned",
          amountPesewas: 800,
          withdrawalId: 0,
          withdrawalStatus: "failed",
        }),
        entry({
          id: "earned:41",
          kind: "earned",
          amountPesewas: 500,
          companyName: "Kente House",
          rewardId: 9,
        }),
      ],
    });
    answerRequests(({ url }) => (url === mineUrl ? { body: withEntries } : undefined));
    renderInApp(<CashbackCard />, { at: "/rewards" });

    expect((await screen.findByTestId("cashback-balance")).textContent).toBe("GH₵ 12.50");
    expect(screen.getByTestId("cashback-pending").textContent).toBe(
      "+ GH₵ 5.00 in rewards you haven't used yet",
    );
    expect(entryTexts()).toEqual([
      { kind: "pending", label: "Waiting to be used", amount: "GH₵ 5.00" },
      { kind: "withdrawing", label: "In review", amount: "−GH₵ 10.00" },
      { kind: "withdrawing", label: "On its way", amount: "−GH₵ 7.00" },
      { kind: "paid_out", label: "Paid to your MoMo", amount: "−GH₵ 6.00" },
      { kind: "returned", label: "Returned to your balance", amount: "+GH₵ 8.00" },
      { kind: "earned", label: "Earned", amount: "+GH₵ 5.00" },
    ]);
    const [pending] = screen.getAllByTestId("cashback-entry");
    expect(pending!.textContent).toContain("Auntie Muni's Waakye");
    expect(pending!.textContent).toContain("use by 31 Dec 2026");

    const account = await screen.findByTestId("payout-account");
    expect(within(account).getByTestId("payout-number").textContent).toBe("+233 24 123 4567");
    expect(within(account).getByTestId("payout-network").textContent).toBe("MTN MoMo · Ama Mensah");
    expect(within(account).getByRole("button", { name: "Change" })).toBeTruthy();
  });

  it("only says how to earn cashback to a member who has none", async () => {
    answerRequests(({ url }) =>
      url === mineUrl ? { body: cashback({ balancePesewas: 0, payoutAccount: null }) } : undefined,
    );
    renderInApp(<CashbackCard />, { at: "/rewards" });
    expect((await screen.findByTestId("cashback-empty")).textContent).toContain("Watch a cashback ad");
    expect(screen.queryByTestId("withdraw-button")).toBeNull();
  });

  it("keeps Withdraw disabled, saying why, without a payout wallet or below the minimum", async () => {
    answerRequests(({ url }) => (url === mineUrl ? { body: cashback({ payoutAccount: null }) } : undefined));
    renderInApp(<CashbackCard />, { at: "/rewards" });
    const button = await screen.findByTestId("withdraw-button");
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("withdraw-blocked").textContent).toBe("Add your MoMo wallet to withdraw.");
    expect(screen.getByRole("button", { name: "Add MoMo wallet" })).toBeTruthy();
    cleanup();

    answerRequests(({ url }) => (url === mineUrl ? { body: cashback({ balancePesewas: 400 }) } : undefined));
    renderInApp(<CashbackCard />, { at: "/rewards" });
    expect(((await screen.findByTestId("withdraw-button")) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("withdraw-blocked").textContent).toBe(
      "You can withdraw once you have GH₵ 5.00.",
    );
  });

  it("asks for the code texted to a new number after a 202, then saves the wallet with it", async () => {
    const saved = { ...wallet, phoneNumber: "+233201234567", network: "telecel" as const, accountName: null };
    let current = cashback({ payoutAccount: null });
    const sent = answerRequests(({ method, url, body }) => {
      if (url === mineUrl) return { body: current };
      if (method === "PUT" && url === "/api/cashback/payout-account") {
        const { verificationCode } = body as { verificationCode?: string };
        if (!verificationCode) return { status: 202, body: { codeSent: true, phoneNumber: "+233201234567" } };
        if (verificationCode !== "123456") {
          return {
            status: 400,
            body: {
              code: "VALIDATION",
              message: "Wrong code",
              fields: { verificationCode: "That code is wrong" },
            },
          };
        }
        current = cashback({ payoutAccount: saved });
        return { body: saved };
      }
      return undefined;
    });
    renderInApp(<CashbackCard />, { at: "/rewards" });
    await userEvent.click(await screen.findByRole("button", { name: "Add MoMo wallet" }));
    const details = within(screen.getByRole("form", { name: "MoMo wallet for your cashback" }));
    const number = details.getByLabelText(/^MoMo number/);
    await userEvent.clear(number);
    await userEvent.type(number, "020 123 4567");
    await userEvent.selectOptions(details.getByLabelText(/^Mobile money network/), "Telecel Cash");
    await userEvent.click(details.getByRole("button", { name: "Save wallet" }));

    const codeForm = await screen.findByTestId("payout-code-form");
    expect(codeForm.textContent).toContain("We texted a 6-digit code to +233 20 123 4567");
    const puts = () => posts(sent, "/api/cashback/payout-account");
    expect(puts().map((request) => request.body)).toEqual([
      { phoneNumber: "+233201234567", network: "telecel" },
    ]);

    const code = within(codeForm).getByLabelText("6-digit code");
    await userEvent.type(code, "654321");
    await userEvent.click(within(codeForm).getByRole("button", { name: "Confirm number" }));
    expect(await within(codeForm).findByText("That code is wrong")).toBeTruthy();

    await userEvent.type(code, "123456");
    await userEvent.click(within(codeForm).getByRole("button", { name: "Confirm number" }));
    await waitFor(() => expect(screen.getByTestId("payout-number").textContent).toBe("+233 20 123 4567"));
    expect(puts().at(-1)?.body).toEqual({
      phoneNumber: "+233201234567",
      network: "telecel",
      verificationCode: "123456",
    });
    expect(screen.queryByTestId("payout-code-form")).toBeNull();
  });

  it("withdraws the whole balance by default and, after no answer, retries with the same idempotency key", async () => {
    let current = cashback({ withdrawalFeePesewas: 100 });
    let answerWithdrawal = false;
    const made = {
      id: 5,
      status: "queued",
      amountPesewas: 2000,
      feePesewas: 100,
      sentPesewas: 1900,
      phoneNumber: "+233241234567",
      network: "mtn",
      holdUntil: null,
      createdAt: "2026-11-29T10:00:00.000Z",
    };
    const sent = answerRequests(({ method, url }) => {
      if (url === mineUrl) return { body: current };
      if (method === "POST" && url === "/api/cashback/withdrawals") {
        if (!answerWithdrawal) return { status: 503, body: { message: "Service unavailable" } };
        current = cashback({
          balancePesewas: 0,
          withdrawalFeePesewas: 100,
          entries: [
            entry({
              id: "withdrawal:5",
              kind: "withdrawing",
              amountPesewas: -2000,
              withdrawalId: 5,
              withdrawalStatus: "queued",
            }),
          ],
        });
        return { status: 201, body: made };
      }
      return undefined;
    });
    renderInApp(<CashbackCard />, { at: "/rewards" });
    const form = within(await screen.findByRole("form", { name: "Withdraw your cashback" }));
    expect((form.getByLabelText(/^Amount in GH₵/) as HTMLInputElement).value).toBe("20");
    expect(form.getByTestId("withdraw-fee").textContent).toBe(
      "A GH₵ 1.00 transfer fee comes off: GH₵ 19.00 reaches your wallet.",
    );
    expect(form.getByText("At least GH₵ 5.00. You can withdraw 2 times a day.")).toBeTruthy();

    await userEvent.click(form.getByTestId("withdraw-button"));
    expect((await screen.findByTestId("withdraw-alert")).textContent).toContain("it won't be paid twice");

    answerWithdrawal = true;
    // A double tap on the retry still makes one request.
    await userEvent.dblClick(form.getByTestId("withdraw-button"));
    const status = await screen.findByTestId("withdrawal-status");
    expect(status.textContent).toBe("GH₵ 19.00 is on its way to +233 24 123 4567.");

    const withdrawals = posts(sent, "/api/cashback/withdrawals");
    expect(withdrawals).toHaveLength(2);
    const [first, retry] = withdrawals.map(
      (request) => request.body as { amountPesewas: number; idempotencyKey: string },
    );
    expect(first).toEqual({ amountPesewas: 2000, idempotencyKey: expect.stringMatching(/^[\w-]{8,100}$/) });
    expect(retry).toEqual(first);
    // Read again after it: the balance is spent, so the form gives way.
    await waitFor(() => expect(screen.getByTestId("cashback-balance").textContent).toBe("GH₵ 0.00"));
    expect(screen.getByTestId("withdraw-blocked")).toBeTruthy();
  });

  it("reads the cashback again every 10 s while a withdrawal is on its way, until it is paid", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onItsWay = entry({
      id: "withdrawal:5",
      kind: "withdrawing",
      amountPesewas: -2000,
      withdrawalId: 5,
      withdrawalStatus: "sending",
    });
    let current = cashback({ balancePesewas: 0, entries: [onItsWay] });
    const sent = answerRequests(({ url }) => (url === mineUrl ? { body: current } : undefined));
    renderInApp(<CashbackCard />, { at: "/rewards" });
    expect((await screen.findByTestId("cashback-entry-label")).textContent).toBe("On its way");
    expect(reads(sent)).toHaveLength(1);

    current = cashback({
      balancePesewas: 0,
      entries: [{ ...onItsWay, kind: "paid_out", withdrawalStatus: "paid" }],
    });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() =>
      expect(screen.getByTestId("cashback-entry-label").textContent).toBe("Paid to your MoMo"),
    );
    expect(reads(sent)).toHaveLength(2);

    // Nothing is moving any more: no more reads.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(reads(sent)).toHaveLength(2);
  });
});
