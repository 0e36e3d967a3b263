// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerRequests, renderInApp, type SentRequest } from "../../test-dom";
import { esi } from "./esi-at-the-counter.fixture";
import { PointsForm } from "./points-form";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const grants = (sent: SentRequest[]) => sent.filter((request) => request.url === "/api/merchant/points");

function pointsForm(answer: Parameters<typeof answerRequests>[0]) {
  const sent = answerRequests(answer);
  renderInApp(<PointsForm actor={esi} />, { at: "/merchant" });
  return { sent, form: within(screen.getByRole("form", { name: "Grant points" })) };
}

describe("the counter's points form, on React in a DOM", () => {
  it("names the points a grant is missing and sends nothing", async () => {
    const { sent, form } = pointsForm(() => undefined);
    await userEvent.type(form.getByLabelText("Customer's code"), "K7M4-QXPA");
    await userEvent.type(form.getByLabelText("Points (1 to 100)"), "250");
    await userEvent.click(form.getByRole("button", { name: "Grant points" }));
    expect(await form.findByText("Points must be between 1 and 100")).toBeTruthy();
    expect(grants(sent)).toEqual([]);
  });

  it("grants the points typed to the customer's code, named for the staff member", async () => {
    const { sent, form } = pointsForm(({ url }) =>
      url === "/api/merchant/points"
        ? {
            body: {
              ok: true,
              message: "20 points for Ama",
              alreadyApplied: false,
              points: 20,
              member: { displayName: "Ama Owusu", tier: "Bronze" },
              memberPointsToday: 20,
              allocationRemaining: 980,
              drawEntryEarned: false,
            },
          }
        : undefined,
    );
    await userEvent.type(form.getByLabelText("Customer's code"), "K7M4-QXPA");
    await userEvent.type(form.getByLabelText("Points (1 to 100)"), "20");
    await userEvent.click(form.getByRole("button", { name: "Grant points" }));
    await waitFor(() => expect(grants(sent)).toHaveLength(1));
    expect(grants(sent)[0]?.body).toMatchObject({ qrData: "K7M4-QXPA", points: 20, merchantStaff: "Esi" });
    expect((await screen.findByTestId("scan-result")).textContent).toContain("Ama Owusu");
  });
});
