// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Campaign, CampaignReport } from "../../../shared/contracts/money";
import { answerRequests, renderInApp, type SentRequest } from "../../test-dom";
import { CampaignsSection } from "./campaigns-section";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const bpCheck: Campaign = {
  id: 3,
  adId: 12,
  adTitle: "Free BP check",
  status: "active",
  pricePerViewPesewas: 50,
  dailyCapPesewas: 1000,
  totalBudgetPesewas: 2000,
  endsOn: null,
  spentTodayPesewas: 100,
  spentPesewas: 300,
  offeredNow: true,
  createdAt: new Date().toISOString(),
};

const today = new Date().toISOString().slice(0, 10);
const report: CampaignReport = {
  campaignId: 3,
  from: today,
  to: today,
  days: [
    {
      date: today,
      completedViews: 3,
      chargedViews: 2,
      invalidViews: 1,
      refundedViews: 0,
      spendPesewas: 100,
      redemptions: 1,
    },
  ],
  costPerCompletedViewPesewas: 33,
  costPerRedemptionPesewas: 100,
};

const ads = [
  { id: 12, title: "Free BP check" },
  { id: 14, title: "Vitamins week" },
];

const writes = (sent: SentRequest[]) => sent.filter((request) => request.method !== "GET");

/** The server's side: the campaign as it stands (changed by a PATCH), the balance, and `answer` for the rest. */
function campaignsOf(companyId: number, answer: Parameters<typeof answerRequests>[0] = () => undefined) {
  let current = bpCheck;
  return answerRequests((request) => {
    if (request.method === "GET" && request.url === `/api/companies/${companyId}/campaigns`) {
      return { body: { campaigns: [current], minPricePerViewPesewas: 20 } };
    }
    if (request.method === "PATCH" && request.url === `/api/companies/${companyId}/campaigns/${current.id}`) {
      const change = request.body as Partial<Campaign>;
      current = { ...current, ...change, offeredNow: (change.status ?? current.status) === "active" };
      return { body: current };
    }
    if (request.method === "GET" && request.url === `/api/companies/${companyId}/wallet`) {
      return { body: { balancePesewas: 1700, entries: [] } };
    }
    return answer(request);
  });
}

describe("the Money tab's campaigns", () => {
  it("shows whether the ad is showing, the price and the spend against each cap, and pauses it", async () => {
    const sent = campaignsOf(7);
    renderInApp(<CampaignsSection companyId={7} canManage ads={ads} />);
    const item = await screen.findByTestId("campaign");
    expect(within(item).getByTestId("campaign-offer").textContent).toBe("Showing in Discover");
    expect(item.textContent).toContain("GH₵ 0.50");
    expect(item.textContent).toContain("GH₵ 1.00 of GH₵ 10.00");
    expect(item.textContent).toContain("GH₵ 3.00 of GH₵ 20.00");

    await userEvent.click(within(item).getByRole("button", { name: "Pause" }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]!.body).toEqual({ status: "paused" });
    expect(await within(item).findByText("Paused: not showing in Discover.")).toBeTruthy();
    expect(within(item).getByRole("button", { name: "Resume" })).toBeTruthy();
  });

  it("starts a campaign in pesewas on an ad without one, and shows the server's message under its field", async () => {
    const sent = campaignsOf(7, ({ method, url }) =>
      method === "POST" && url === "/api/companies/7/campaigns"
        ? {
            status: 400,
            body: {
              message: "The daily cap must pay for at least one view (GH₵ 0.50)",
              code: "VALIDATION",
              fields: { dailyCapPesewas: "The daily cap must pay for at least one view (GH₵ 0.50)" },
            },
          }
        : undefined,
    );
    renderInApp(<CampaignsSection companyId={7} canManage ads={ads} />);
    await screen.findByTestId("campaign");
    await userEvent.click(screen.getByRole("button", { name: "New campaign" }));
    const form = within(screen.getByRole("form", { name: "New campaign" }));
    const adChoice = form.getByLabelText(/^Ad/) as HTMLSelectElement;
    // The ad that already has a campaign isn't offered again.
    expect([...adChoice.options].map((option) => option.text)).toEqual([
      "Choose one of your ads",
      "Vitamins week",
    ]);
    expect(form.getByText(/At least GH₵ 0.20/)).toBeTruthy();

    await userEvent.selectOptions(adChoice, "Vitamins week");
    await userEvent.type(form.getByLabelText(/^Price per view/), "0.50");
    await userEvent.type(form.getByLabelText(/^Daily cap/), "0.4");
    await userEvent.type(form.getByLabelText(/^Total budget/), "20");
    await userEvent.click(form.getByRole("button", { name: "Start campaign" }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]!.body).toEqual({
      adId: 14,
      pricePerViewPesewas: 50,
      dailyCapPesewas: 40,
      totalBudgetPesewas: 2000,
    });
    const dailyCap = form.getByLabelText(/^Daily cap/);
    await waitFor(() => expect(dailyCap.getAttribute("aria-invalid")).toBe("true"));
    expect(form.getByText("The daily cap must pay for at least one view (GH₵ 0.50)")).toBeTruthy();
  });

  it("lets an admin read campaigns and their reports, with nothing to start, pause or change", async () => {
    const sent = campaignsOf(7, ({ url }) =>
      url.startsWith("/api/companies/7/campaigns/3/report?") ? { body: report } : undefined,
    );
    renderInApp(<CampaignsSection companyId={7} canManage={false} ads={ads} />);
    const item = await screen.findByTestId("campaign");
    expect(screen.queryByRole("button", { name: "New campaign" })).toBeNull();
    expect(within(item).queryByRole("button", { name: "Pause" })).toBeNull();
    expect(within(item).queryByRole("button", { name: "Change caps" })).toBeNull();

    await userEvent.click(within(item).getByRole("button", { name: "Report" }));
    const row = await within(item).findByTestId("campaign-report-day");
    const cells = [...row.querySelectorAll("td")].map((cell) => cell.textContent);
    expect(cells).toEqual(["3", "2", "1", "0", "GH₵ 1.00", "1"]);
    expect(within(item).getByTestId("cost-per-view").textContent).toBe("GH₵ 0.33");
    expect(within(item).getByTestId("cost-per-redemption").textContent).toBe("GH₵ 1.00");
    expect(within(item).getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe(
      `/api/companies/7/campaigns/3/report.csv?from=${today}&to=${today}`,
    );
    expect(writes(sent)).toEqual([]);
  });
});
