import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { PlanStatus } from "../../../shared/contracts/companies";
import { PlanBadge, PlanCard } from "./plan-card";

// A business registered on Starter and never paid is on Starter awaiting its first payment; one whose
// paid period ended has lapsed. Either way its ads don't show, and it is told which.

const starter = (change: Partial<PlanStatus> = {}): PlanStatus => ({
  plan: "starter",
  paidUntil: null,
  isCurrent: false,
  maxAds: 1,
  adsUsed: 0,
  adsLive: 0,
  nextPlan: null,
  allowsVideo: false,
  maxAdDurationSeconds: 10,
  pricePesewas: 10_000,
  features: [],
  ...change,
});

const render = (plan: PlanStatus) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <PlanBadge plan={plan} />
      <PlanCard companyId={3} plan={plan} />
    </MemoryRouter>,
  ).replaceAll("&#x27;", "'");

describe("a business's plan in its dashboard", () => {
  it("a new business that never paid reads as on Starter, not paid yet, not as lapsed", () => {
    const html = render(starter());

    expect(html).toMatch(/data-testid="plan-badge"[^>]*>Starter · not paid yet<\/span>/);
    expect(html).not.toContain("lapsed");
    expect(html).toContain(
      "Your plan isn't paid yet, so your ads are not showing. Pay for it under Plans (by mobile money) and they show from then on.",
    );
  });

  it("a business whose paid period ended has lapsed", () => {
    const html = render(starter({ paidUntil: "2026-10-01T00:00:00.000Z" }));

    expect(html).toMatch(/data-testid="plan-badge"[^>]*>Starter · lapsed<\/span>/);
    expect(html).toContain("Your plan has lapsed: your ads are not showing.");
  });

  it("a paid plan shows its name alone", () => {
    const html = render(
      starter({ plan: "business", paidUntil: "2026-12-20T00:00:00.000Z", isCurrent: true }),
    );

    expect(html).toMatch(/data-testid="plan-badge"[^>]*>Business<\/span>/);
    expect(html).not.toContain('role="alert"');
  });
});
