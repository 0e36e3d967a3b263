import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AnalyticsPlanWarning } from "./analytics-report";

// /analytics agrees with the dashboard: a business that never paid is not told it lapsed
// (docs/product-rules.md#payments-never-paid).

const warningOf = (report: { isPlanCurrent: boolean; planPaidUntil: string | null }) =>
  renderToStaticMarkup(<AnalyticsPlanWarning report={report} />);

describe("the plan warning on /analytics", () => {
  it("tells a business that has never paid that its plan isn't paid yet, not that it lapsed", () => {
    const html = warningOf({ isPlanCurrent: false, planPaidUntil: null });
    expect(html).toContain("Your plan isn&#x27;t paid yet, so your ads are not showing.");
    expect(html).not.toContain("lapsed");
  });

  it("tells a business whose paid period ended that its plan lapsed", () => {
    const html = warningOf({ isPlanCurrent: false, planPaidUntil: "2026-11-01T00:00:00.000Z" });
    expect(html).toContain("Your plan has lapsed: your ads are not showing.");
  });

  it("says nothing while the plan is paid", () => {
    expect(warningOf({ isPlanCurrent: true, planPaidUntil: "2026-12-31T00:00:00.000Z" })).toBe("");
  });
});
