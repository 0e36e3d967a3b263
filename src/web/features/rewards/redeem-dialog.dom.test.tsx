// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerRequests, renderInApp, type SentRequest } from "../../test-dom";
import { RedeemDialog } from "./redeem-dialog";
import { waakyeReward } from "./waakye-reward.fixture";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const reward = waakyeReward();

const redemptions = (sent: SentRequest[]) => sent.filter((request) => request.url === "/api/redemptions");

async function staffStep() {
  renderInApp(<RedeemDialog reward={reward} offer="20% off" open onClose={() => {}} />, { at: "/rewards" });
  await userEvent.click(await screen.findByRole("button", { name: /Staff will type their code/ }));
  return screen.getByLabelText("Staff code");
}

describe("the redeem dialog, on React in a DOM", () => {
  it("asks for the staff code before sending anything", async () => {
    const sent = answerRequests(() => undefined);
    await staffStep();
    await userEvent.click(screen.getByRole("button", { name: "Confirm redemption" }));
    expect(await screen.findByText("Ask the staff member to type their 6-digit staff code")).toBeTruthy();
    expect(redemptions(sent)).toEqual([]);
  });

  it("sends the staff code for this reward and shows the redemption the server confirmed", async () => {
    const sent = answerRequests(({ url }) =>
      url === "/api/redemptions"
        ? {
            body: {
              success: true,
              message: "Redeemed",
              redemption: {
                id: 5,
                rewardId: 11,
                method: "staff",
                redemptionNumber: "R-0042",
                redeemedAt: "2026-03-02T12:00:00.000Z",
                staffName: "Esi",
              },
            },
          }
        : undefined,
    );
    // Letters typed into the field are dropped: only the digits are sent.
    await userEvent.type(await staffStep(), "12a3456");
    await userEvent.click(screen.getByRole("button", { name: "Confirm redemption" }));
    await waitFor(() => expect(redemptions(sent)).toHaveLength(1));
    expect(redemptions(sent)[0]?.body).toEqual({ rewardId: 11, method: "staff", staffCode: "123456" });
    expect(await screen.findByText("Redemption R-0042, confirmed by Esi")).toBeTruthy();
  });

  it("shows the server's word on a wrong code beside the field and empties it", async () => {
    answerRequests(({ url }) =>
      url === "/api/redemptions"
        ? {
            status: 400,
            body: {
              code: "VALIDATION",
              message: "Wrong staff code",
              fields: { staffCode: "Wrong staff code: 2 tries left" },
            },
          }
        : undefined,
    );
    const field = await staffStep();
    await userEvent.type(field, "654321");
    await userEvent.click(screen.getByRole("button", { name: "Confirm redemption" }));
    expect(await screen.findByText("Wrong staff code: 2 tries left")).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe("");
  });

  it("offers a cashback only the QR and the staff code: the business pays it when its staff confirm", async () => {
    const cashback = waakyeReward({
      rewardType: "cashback",
      discountPercent: null,
      cashbackPesewas: 500,
      code: "CASH-11",
    });
    answerRequests(({ url }) =>
      url === "/api/redemptions"
        ? {
            body: {
              success: true,
              message: "Redeemed",
              redemption: {
                id: 6,
                rewardId: 11,
                method: "staff",
                redemptionNumber: "R-0043",
                redeemedAt: "2026-03-02T12:00:00.000Z",
                staffName: "Esi",
              },
            },
          }
        : undefined,
    );
    renderInApp(<RedeemDialog reward={cashback} offer="GH₵ 5.00 cashback" open onClose={() => {}} />, {
      at: "/rewards",
    });
    expect(await screen.findByRole("button", { name: /Show QR to staff/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Staff will type their code/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /I used this code online/ })).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: /Staff will type their code/ }));
    await userEvent.type(screen.getByLabelText("Staff code"), "123456");
    await userEvent.click(screen.getByRole("button", { name: "Confirm redemption" }));
    expect((await screen.findByTestId("redeemed-cashback")).textContent).toBe(
      "GH₵ 5.00 is in your cashback.",
    );
  });
});
