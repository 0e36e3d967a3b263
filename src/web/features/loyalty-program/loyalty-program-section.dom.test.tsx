// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LoyaltyProgram } from "../../../shared/contracts/counter";
import { answerRequests, renderInApp, type SentRequest } from "../../test-dom";
import { LoyaltyProgramSection } from "./loyalty-program-section";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const programUrl = "/api/companies/3/loyalty-program";
const cashbackLabel = /Cashback with the reward \(GH₵\)/;

const saved: LoyaltyProgram = {
  id: 1,
  companyId: 3,
  programName: "Chop Bar Card",
  description: null,
  requiredVisits: 5,
  rewardTitle: "A free plate",
  rewardDescription: null,
  rewardCashback: 5,
  minimumSpend: 0,
  currency: "GHS",
  validityDays: 180,
  maxActiveCards: 500,
  isActive: true,
  activeCards: 12,
};

const saves = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === "PUT" && request.url === programUrl);

/** The section with the server's program; a save answers with what was sent. */
async function openSection(program: LoyaltyProgram | null) {
  const sent = answerRequests(({ method, url, body }) => {
    if (url !== programUrl) return undefined;
    if (method === "PUT") return { body: { ...saved, ...(body as object) } };
    return { body: { program } };
  });
  renderInApp(<LoyaltyProgramSection companyId={3} />, { at: "/company-dashboard/3" });
  const form = within(await screen.findByRole("form", { name: "Loyalty program" }));
  return { sent, form };
}

describe("the loyalty program's cashback, on React in a DOM", () => {
  it("shows the saved cashback in its box and in the program's summary, with what it costs", async () => {
    const { form } = await openSection(saved);
    const box = form.getByLabelText(cashbackLabel) as HTMLInputElement;
    expect(box.value).toBe("5");
    const hint = document.getElementById(box.getAttribute("aria-describedby") ?? "")?.textContent;
    expect(hint).toContain("Set aside from your balance (Money tab) each time a card completes");
    expect(hint).toContain("Without enough balance, the reward comes without cashback");
    expect(screen.getByTestId("loyalty-program").textContent).toContain(
      "12 active cards. Each full card earns A free plate + GH₵ 5.00 cashback.",
    );
  });

  it("refuses cashback under GH₵ 0.50 in the server's words and sends nothing", async () => {
    const { sent, form } = await openSection(saved);
    const box = form.getByLabelText(cashbackLabel);
    await userEvent.clear(box);
    await userEvent.type(box, "0.20");
    await userEvent.click(form.getByRole("button", { name: "Save program" }));
    expect(
      await form.findByText("Cashback with the reward is GH₵ 0.50 to GH₵ 500 (0 for none)"),
    ).toBeTruthy();
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(saves(sent)).toEqual([]);
  });

  it("sends the cashback typed in GH₵, and none for an empty box", async () => {
    const { sent, form } = await openSection({ ...saved, rewardCashback: 0 });
    const box = form.getByLabelText(cashbackLabel) as HTMLInputElement;
    expect(box.value).toBe("");
    await userEvent.click(form.getByRole("button", { name: "Save program" }));
    await waitFor(() => expect(saves(sent)).toHaveLength(1));
    expect(saves(sent)[0]?.body).toMatchObject({ rewardTitle: "A free plate", rewardCashback: 0 });

    await userEvent.type(box, "2.50");
    await userEvent.click(form.getByRole("button", { name: "Save program" }));
    await waitFor(() => expect(saves(sent)).toHaveLength(2));
    expect(saves(sent)[1]?.body).toMatchObject({ rewardCashback: 2.5 });
  });
});
