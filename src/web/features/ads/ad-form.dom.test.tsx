// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CompanyAd } from "../../../shared/contracts/ads";
import type { PlanStatus } from "../../../shared/contracts/companies";
import { planLimits } from "../../../shared/plans";
import { answerRequests, renderInApp, type SentRequest } from "../../test-dom";
import { AdForm } from "./ad-form";
import { kenteAd } from "./kente-ad.fixture";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const starterLimits = planLimits("starter");
const starter: PlanStatus = {
  plan: "starter",
  paidUntil: "2099-12-31T23:59:59.000Z",
  isCurrent: true,
  maxAds: starterLimits.maxAds,
  adsUsed: 1,
  adsLive: 1,
  nextPlan: null,
  allowsVideo: starterLimits.allowsVideo,
  maxAdDurationSeconds: starterLimits.maxAdDurationSeconds,
  pricePesewas: starterLimits.monthlyPricePesewas,
  features: [],
};

const adsUrl = "/api/companies/5/ads";
const saves = (sent: SentRequest[]) => sent.filter((request) => request.url.startsWith(adsUrl));

function openForm(
  ad: CompanyAd | null,
  answer: (request: SentRequest) => { status?: number; body?: unknown } | undefined,
) {
  const sent = answerRequests((request) =>
    request.url === "/api/companies/5/branches" ? { body: { branches: [] } } : answer(request),
  );
  const onDone = vi.fn();
  renderInApp(<AdForm companyId={5} plan={starter} ad={ad} onDone={onDone} />, {
    at: "/company-dashboard/5",
  });
  return { sent, onDone, form: within(screen.getByRole("form", { name: "Ad details" })) };
}

describe("the ad form, on React in a DOM", () => {
  it("says what a new ad is missing and saves nothing", async () => {
    const { sent, form } = openForm(null, () => undefined);
    await userEvent.click(form.getByRole("button", { name: "Save ad" }));
    expect(await form.findByText("Title is required")).toBeTruthy();
    expect(form.getByLabelText("Title").getAttribute("aria-invalid")).toBe("true");
    expect(saves(sent)).toEqual([]);
  });

  it("saves the edited ad with only the chosen reward type's fields", async () => {
    const { sent, onDone, form } = openForm(kenteAd, ({ method, url }) =>
      method === "PUT" && url === `${adsUrl}/7`
        ? { body: { ...kenteAd, title: "Kente for Easter" } }
        : undefined,
    );
    const title = form.getByLabelText("Title");
    await userEvent.clear(title);
    await userEvent.type(title, "Kente for Easter");
    await userEvent.selectOptions(form.getByLabelText("Reward type"), "badge");
    await userEvent.type(await form.findByLabelText("Badge name"), "Sunday Best");
    await userEvent.click(form.getByRole("button", { name: "Save ad" }));
    await waitFor(() => expect(saves(sent)).toHaveLength(1));
    const [save] = saves(sent);
    expect(save).toMatchObject({
      method: "PUT",
      url: `${adsUrl}/7`,
      body: { title: "Kente for Easter", rewardType: "badge", badgeName: "Sunday Best", mediaId: 9 },
    });
    expect(save?.body).not.toHaveProperty("discountPercent");
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });

  it("shows the plan's limit with a way to compare plans when the server refuses", async () => {
    const { onDone, form } = openForm(kenteAd, ({ method }) =>
      method === "PUT"
        ? { status: 403, body: { code: "PLAN_LIMIT", message: "Your Starter plan allows 1 live ad." } }
        : undefined,
    );
    await userEvent.click(form.getByRole("button", { name: "Save ad" }));
    const alert = await screen.findByTestId("plan-limit-alert");
    expect(alert.textContent).toContain("Your Starter plan allows 1 live ad.");
    expect(within(alert).getByRole("link", { name: "Compare plans" }).getAttribute("href")).toBe(
      "/subscription-details/5",
    );
    expect(onDone).not.toHaveBeenCalled();
  });

  it("asks for a cashback ad's amount in GH₵, in the contract's words, and sends it in pesewas", async () => {
    const { sent, form } = openForm(kenteAd, ({ method, url }) =>
      method === "PUT" && url === `${adsUrl}/7`
        ? { body: { ...kenteAd, rewardType: "cashback" } }
        : undefined,
    );
    await userEvent.selectOptions(form.getByLabelText("Reward type"), "Cashback to MoMo");
    const cashback = await form.findByLabelText("Cashback per reward (GH₵)");
    expect(form.getByText(/sets this aside from your balance \(Money tab\)/).textContent).toContain(
      "the ad isn't shown while your balance can't cover one reward",
    );
    const save = form.getByRole("button", { name: "Save ad" });

    await userEvent.click(save);
    expect(await form.findByText("Give the cashback amount")).toBeTruthy();
    expect(cashback.getAttribute("aria-invalid")).toBe("true");

    await userEvent.type(cashback, "five");
    await userEvent.click(save);
    expect(await form.findByText("Enter the cashback in GH₵, like 5 or 0.50")).toBeTruthy();

    await userEvent.clear(cashback);
    await userEvent.type(cashback, "0.20");
    await userEvent.click(save);
    expect(await form.findByText("Cashback is at least GH₵ 0.50")).toBeTruthy();
    expect(saves(sent)).toEqual([]);

    await userEvent.clear(cashback);
    await userEvent.type(cashback, "5");
    await userEvent.click(save);
    await waitFor(() => expect(saves(sent)).toHaveLength(1));
    expect(saves(sent)[0]?.body).toMatchObject({ rewardType: "cashback", cashbackPesewas: 500 });
    expect(saves(sent)[0]?.body).not.toHaveProperty("discountPercent");
  });

  it("shows the server's word on the cashback under the GH₵ box", async () => {
    const { form } = openForm({ ...kenteAd, rewardType: "cashback", cashbackPesewas: 500 }, ({ method }) =>
      method === "PUT"
        ? {
            status: 400,
            body: {
              code: "VALIDATION",
              message: "Check the cashback",
              fields: { cashbackPesewas: "Cashback is at most GH₵ 500.00" },
            },
          }
        : undefined,
    );
    expect((form.getByLabelText("Cashback per reward (GH₵)") as HTMLInputElement).value).toBe("5");
    await userEvent.click(form.getByRole("button", { name: "Save ad" }));
    expect(await form.findByText("Cashback is at most GH₵ 500.00")).toBeTruthy();
    expect(form.getByLabelText("Cashback per reward (GH₵)").getAttribute("aria-invalid")).toBe("true");
  });
});
