import fs from "node:fs/promises";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { signInAsDemoCompany } from "./support/members";

const appHeaders = { "x-requested-with": "anigye" };

/** The admin API, as the admin screen calls it, to move the demo business to another plan. */
async function setPlan(admin: APIRequestContext, companyId: number, plan: string) {
  const current = await admin.get(`/api/companies/${companyId}`);
  expect(current.ok()).toBe(true);
  const { plan: status } = (await current.json()) as { plan: { paidUntil: string | null } };
  const response = await admin.put(`/api/admin/companies/${companyId}/plan`, {
    data: { plan, paidUntil: status.paidUntil, reason: "Analytics journey: plan switch" },
    headers: appHeaders,
  });
  expect(response.ok()).toBe(true);
}

test("the demo owner reads their month in Analytics, and on Enterprise downloads it as CSV", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.slow();
  const companyId = await signInAsDemoCompany(page, "kofi-chop-bar");

  // From the dashboard to Analytics: the seeded month, with what the Pro plan shows.
  await page.getByRole("link", { name: "Analytics", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/analytics\\?company=${companyId}$`));
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  await expect(page.getByText("Kofi's Chop Bar · Pro plan")).toBeVisible();
  const chart = page.getByTestId("views-chart");
  await expect(chart).toContainText(/[\d,]+ views in 30 days\. Busiest day:/);
  await expect(chart.getByRole("table", { name: "Views per day" }).getByRole("row")).toHaveCount(31);
  for (const metric of ["views", "impressions", "clickThroughRate", "completionRate", "unlocks"]) {
    await expect(page.getByTestId(`total-${metric}`)).toBeVisible();
  }
  await expect(page.getByTestId("total-clickThroughRate")).toContainText(/\d+(\.\d)?%/);
  await expect(page.getByTestId("analytics-ad-row")).toHaveCount(3);
  await expect(page.getByTestId("analytics-ad-row").first()).toContainText("Waakye + wele combo 15% off");
  await expect(page.getByRole("link", { name: "Download CSV" })).toHaveCount(0);
  const upgrade = page.getByTestId("analytics-upgrade");
  await expect(upgrade).toContainText("Enterprise adds CSV export.");
  await expect(upgrade.getByRole("link", { name: "Compare plans" })).toHaveAttribute(
    "href",
    `/subscription-details/${companyId}`,
  );

  // A shorter period.
  await page.getByText("7 days", { exact: true }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByTestId("analytics-period")).toContainText("last 7 days");
  await expect(chart).toContainText(/views in 7 days/);

  // The page fits a 360 px phone: only the per-ad table scrolls sideways.
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // On Enterprise the same screen offers the CSV, and it really downloads.
  const admin = await playwright.request.newContext({ baseURL });
  const login = await admin.post("/api/auth/login", {
    data: { email: "admin@example.com", password: "anigye-demo" },
    headers: appHeaders,
  });
  expect(login.ok()).toBe(true);
  await setPlan(admin, companyId, "enterprise");
  try {
    await page.reload();
    await expect(page.getByTestId("analytics-upgrade")).toHaveCount(0);
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      /^anigye-kofi-chop-bar-analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await fs.readFile(await download.path(), "utf8");
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toMatch(
      /^"Date","Ad ID","Ad","Status","Views","Impressions","Click-through rate \(%\)"/,
    );
    // Seven days of three ads (other journeys may have added a day's events, never fewer rows).
    expect(lines.length - 1).toBeGreaterThanOrEqual(21);
    expect(csv).toContain("Waakye + wele combo 15% off");
  } finally {
    await setPlan(admin, companyId, "pro");
    await admin.dispose();
  }
});

test("a visitor who is not signed in as a business is sent to the business sign-in", async ({ page }) => {
  await page.goto("/analytics");
  await expect(page.getByRole("heading", { name: "Analytics is for business accounts" })).toBeVisible();
  await page.getByRole("link", { name: "Business sign in" }).click();
  await expect(page).toHaveURL(/\/company$/);
  await expect(page.getByRole("form", { name: "Company sign in" })).toBeVisible();
});
