// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerRequests, renderInApp, type SentRequest } from "../../test-dom";
import { CounterScanner } from "./counter-scanner";
import { esi } from "./esi-at-the-counter.fixture";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stamped = {
  ok: true,
  message: "Stamp added for Ama",
  action: "stamp",
  alreadyApplied: false,
  member: { displayName: "Ama Owusu", tier: "Bronze" },
  card: {
    currentStamps: 3,
    requiredStamps: 5,
    isCompleted: false,
    rewardUnlocked: false,
    rewardTitle: "Free fufu",
  },
  reward: null,
  pointsToday: null,
  scannedAt: "2026-03-01T10:00:00.000Z",
};

const sentTo = (sent: SentRequest[], url: string) => sent.filter((request) => request.url === url);

/** The scanner on a phone with no camera: the typed-code form opens by itself. */
async function scannerWithoutCamera() {
  renderInApp(<CounterScanner actor={esi} />, { at: "/merchant-scanner" });
  return within(await screen.findByRole("form", { name: "Typed code" }));
}

describe("the counter's typed code, on React in a DOM", () => {
  it("asks for an action before sending a code", async () => {
    const sent = answerRequests(() => undefined);
    const typed = await scannerWithoutCamera();
    await userEvent.type(typed.getByLabelText("Customer's code"), "K7M4-QXPA");
    await userEvent.click(typed.getByRole("button", { name: "Send code" }));
    expect(await typed.findByText("Choose Stamp, Redeem or Look up first")).toBeTruthy();
    expect(sentTo(sent, "/api/merchant/scans")).toEqual([]);
  });

  it("stamps the typed code with the amount typed, and shows the answer", async () => {
    const sent = answerRequests(({ url }) => (url === "/api/merchant/scans" ? { body: stamped } : undefined));
    const typed = await scannerWithoutCamera();
    await userEvent.type(screen.getByLabelText("Purchase amount (GH₵)"), "35");
    await userEvent.click(screen.getByRole("button", { name: "Stamp" }));
    await userEvent.type(typed.getByLabelText("Customer's code"), "K7M4-QXPA");
    await userEvent.click(typed.getByRole("button", { name: "Send code" }));
    await waitFor(() => expect(sentTo(sent, "/api/merchant/scans")).toHaveLength(1));
    expect(sentTo(sent, "/api/merchant/scans")[0]?.body).toMatchObject({
      qrData: "K7M4-QXPA",
      action: "stamp",
      purchaseAmount: 35,
    });
    const result = await screen.findByTestId("scan-result");
    expect(result.textContent).toContain("Stamp added for Ama");
    expect(result.textContent).toContain("Ama Owusu");
  });

  it("refuses an amount the request would refuse, without sending", async () => {
    const sent = answerRequests(() => undefined);
    const typed = await scannerWithoutCamera();
    await userEvent.type(screen.getByLabelText("Purchase amount (GH₵)"), "-5");
    // The field says so as soon as the request's rules are here (they come with the first amount typed).
    const amountField = screen.getByLabelText("Purchase amount (GH₵)");
    await waitFor(() => expect(amountField.getAttribute("aria-invalid")).toBe("true"));
    await userEvent.click(screen.getByRole("button", { name: "Stamp" }));
    await userEvent.type(typed.getByLabelText("Customer's code"), "K7M4-QXPA");
    await userEvent.click(typed.getByRole("button", { name: "Send code" }));
    expect((await screen.findByTestId("scan-result")).getAttribute("data-tone")).toBe("refused");
    expect(sentTo(sent, "/api/merchant/scans")).toEqual([]);
  });
});

describe("the counter's phone check-in, on React in a DOM", () => {
  it("texts the customer a code for a stamp, then confirms the code they read out", async () => {
    const sent = answerRequests(({ url }) => {
      if (url === "/api/merchant/phone-checkins")
        return {
          body: {
            id: 9,
            status: "code_sent",
            expiresAt: "2026-03-01T10:05:00.000Z",
            maskedPhone: "+233 24 *** **67",
            action: "stamp",
          },
        };
      if (url === "/api/merchant/phone-checkins/9/confirm")
        return {
          body: {
            ok: true,
            message: "Stamp added for Ama",
            held: false,
            action: "stamp",
            alreadyApplied: false,
            member: { displayName: "Ama Owusu", tier: "Bronze" },
            card: stamped.card,
            points: null,
            pointsToday: null,
            memberPointsToday: null,
          },
        };
      return undefined;
    });
    await scannerWithoutCamera();
    await userEvent.type(screen.getByLabelText("Purchase amount (GH₵)"), "20");
    await userEvent.click(screen.getByRole("button", { name: "No app? Use their phone number." }));
    const panel = within(await screen.findByRole("form", { name: "Check in by phone number" }));
    // A number that isn't a Ghana mobile number is refused before anything is sent.
    await userEvent.type(panel.getByLabelText("Customer's phone number"), "12345678");
    await userEvent.click(panel.getByRole("button", { name: "Text them the code" }));
    expect(await panel.findByText("Enter a valid Ghana phone number, e.g. 024 123 4567")).toBeTruthy();
    expect(sentTo(sent, "/api/merchant/phone-checkins")).toEqual([]);

    await userEvent.clear(panel.getByLabelText("Customer's phone number"));
    await userEvent.type(panel.getByLabelText("Customer's phone number"), "024 123 4567");
    await userEvent.click(panel.getByRole("button", { name: "Text them the code" }));
    await waitFor(() => expect(sentTo(sent, "/api/merchant/phone-checkins")).toHaveLength(1));
    expect(sentTo(sent, "/api/merchant/phone-checkins")[0]?.body).toMatchObject({
      phoneNumber: "+233241234567",
      action: "stamp",
      purchaseAmount: 20,
    });

    await userEvent.type(await screen.findByLabelText("Code from the customer's SMS"), "123456");
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(sentTo(sent, "/api/merchant/phone-checkins/9/confirm")).toHaveLength(1));
    expect(sentTo(sent, "/api/merchant/phone-checkins/9/confirm")[0]?.body).toEqual({ code: "123456" });
    expect((await screen.findByTestId("scan-result")).textContent).toContain("Ama Owusu");
  });
});
