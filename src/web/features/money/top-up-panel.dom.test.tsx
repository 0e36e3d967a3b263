// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PaymentResponse } from "../../../shared/contracts/payments";
import { answerRequests, renderInApp, type SentRequest } from "../../test-dom";
import { TopUpPanel } from "./top-up-panel";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const topUps = (sent: SentRequest[]) => sent.filter((request) => request.method === "POST");

describe("the owner's top-up", () => {
  it("sends the amount typed in GH₵ as pesewas with the network and number, then hands over to the payment's steps", async () => {
    const started: PaymentResponse = {
      id: 41,
      reference: "ANG-TOPUP01",
      status: "pending",
      amount: 2000,
      currency: "GHS",
    };
    const sent = answerRequests(({ method, url }) =>
      method === "POST" && url === "/api/companies/7/wallet/top-ups"
        ? { status: 201, body: started }
        : undefined,
    );
    renderInApp(
      <TopUpPanel
        companyId={7}
        payOptions={{
          data: {
            manualMomo: { merchantNumber: "024 000 0000", merchantName: "Anigye" },
            providerEnabled: true,
          },
          isError: false,
          refetch: () => undefined,
        }}
        renderProgress={(payment) => <p data-testid="progress">Payment {payment.reference}</p>}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Top up" }));
    await userEvent.click(screen.getByRole("radio", { name: "Send MoMo yourself" }));
    const form = within(screen.getByRole("form", { name: "Pay by MoMo transfer" }));
    await userEvent.click(form.getByRole("button", { name: "Show payment details" }));
    expect(await form.findByText("Enter the amount in GH₵")).toBeTruthy();
    expect(topUps(sent)).toEqual([]);

    await userEvent.type(form.getByLabelText(/^Amount in GH₵/), "20");
    await userEvent.selectOptions(form.getByLabelText(/^Mobile money network/), "Telecel Cash");
    await userEvent.type(form.getByLabelText("MoMo number you'll pay from"), "020 123 4567");
    await userEvent.click(form.getByRole("button", { name: "Show payment details" }));
    await waitFor(() => expect(topUps(sent)).toHaveLength(1));
    expect(topUps(sent)[0]!.body).toMatchObject({
      amountPesewas: 2000,
      method: "momo_manual",
      network: "telecel",
      paymentPhone: "+233201234567",
    });
    expect((await screen.findByTestId("progress")).textContent).toBe("Payment ANG-TOPUP01");
  });
});
