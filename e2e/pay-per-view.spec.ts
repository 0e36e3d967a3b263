import fs from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, devices, expect, type Page, test } from "@playwright/test";
import { signInAsDemo, signInAsDemoCompany } from "./support/members";

/**
 * Pay per verified view (docs/product-rules.md#wallet-top-ups, #pay-per-view-campaigns,
 * #invalid-views-are-free), on 360 px phones: the owner of Abusua Community Pharmacy tops up GH₵ 20 by
 * manual MoMo, an admin verifies it, the owner starts a campaign on the pharmacy's ad, members watch it to
 * the end in real time, and the report and the balance show what was charged and what was free.
 *
 * No other journey uses this pharmacy or its ad, so the campaign left running changes none of them. Each
 * member's phone has a device fingerprint of its own: the fingerprint is what the server knows a device by,
 * and every Pixel-sized browser here would otherwise be one phone shared by every journey's members.
 */

const business = "abusua-pharmacy";
const businessName = "Abusua Community Pharmacy";
const adTitle = "Free BP check + 10% off vitamins";
const phoneSize = { width: 360, height: 780 };
const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/** A phone of its own: a fresh browser whose app sends this device fingerprint (lib/fingerprint.ts keeps it in the session). */
async function phoneWithFingerprint(browser: Browser, baseURL: string | undefined, fingerprint: string) {
  const context = await browser.newContext({ ...devices["Pixel 7"], viewport: phoneSize, baseURL });
  await context.addInitScript((value) => sessionStorage.setItem("device_fingerprint", value), fingerprint);
  return context;
}

/** Signs a demo member in on this phone (signing out whoever was), finds the ad on Discover and watches it to the end. */
async function watchTheAdToTheEnd(context: BrowserContext, email: string) {
  await context.clearCookies();
  const page = context.pages()[0] ?? (await context.newPage());
  await signInAsDemo(page, email);
  await page.goto("/");
  await page.getByLabel("Search ads and companies").fill("Free BP check");
  const card = page.getByTestId("ad-card").filter({ hasText: adTitle }).first();
  await card.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/mobile-watch\?ad=\d+/);
  // An 8 s image, watched in real time: the server's clock decides when it is done.
  const reward = page.getByRole("dialog", { name: "Reward unlocked" });
  await expect(reward).toBeVisible({ timeout: 45_000 });
  await expect(reward).toContainText("10%");
}

async function openMoneyTab(page: Page) {
  await page.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab", { name: "Money" }).click();
  await expect(page.getByRole("tabpanel", { name: "Money" })).toBeVisible();
}

/** Every tab of the dashboard in view and whole on the phone, the list not scrolling sideways. */
async function expectTabsWhole(page: Page) {
  const list = page.getByRole("tablist", { name: "Dashboard sections" });
  const tabs = list.getByRole("tab");
  await expect(tabs).toHaveCount(7);
  const whole = (element: Element) =>
    element.scrollWidth <= element.clientWidth && element.getBoundingClientRect().right <= 360.5;
  expect(await list.evaluate(whole), "the tab list scrolls sideways").toBe(true);
  for (const tab of await tabs.all()) {
    expect(await tab.evaluate(whole), `the ${await tab.textContent()} tab is cut off`).toBe(true);
  }
}

async function expectNothingSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    phoneSize.width,
  );
}

test("an owner tops up by MoMo, an admin verifies it, a campaign pays per completed view and the report shows charged and free views", async ({
  page,
  browser,
  baseURL,
}) => {
  // Three real-time views of an 8 s ad, a manual payment checked by an admin and several phones.
  test.setTimeout(300_000);
  const run = Date.now().toString(36);
  const phoneA = await phoneWithFingerprint(browser, baseURL, `e2e-pay-per-view-phone-a-${run}`);
  const phoneB = await phoneWithFingerprint(browser, baseURL, `e2e-pay-per-view-phone-b-${run}`);
  const adminContext = await browser.newContext({ ...devices["Pixel 7"], viewport: phoneSize, baseURL });
  try {
    // Before any campaign, Akosua watches the ad on phone A: an ordinary view, paid for by no one.
    await watchTheAdToTheEnd(phoneA, "akosua@example.com");

    // The owner's Money tab, next to the other six, on a 360 px phone: nothing hides sideways.
    await page.setViewportSize(phoneSize);
    const companyId = await signInAsDemoCompany(page, business);
    await openMoneyTab(page);
    await expectTabsWhole(page);
    await expectNothingSideways(page);
    const wallet = page.getByTestId("wallet");
    await expect(wallet.getByTestId("wallet-balance")).toHaveText("GH₵ 0.00");
    await expect(wallet.getByTestId("wallet-empty")).toBeVisible();

    // A top-up of GH₵ 20, paid as a plan is: manual MoMo, then the transaction ID from the SMS.
    await wallet.getByRole("button", { name: "Top up" }).click();
    await wallet.getByRole("radio", { name: "Send MoMo yourself" }).check();
    const start = wallet.getByRole("form", { name: "Pay by MoMo transfer" });
    await start.getByLabel("Amount in GH₵").fill("4");
    await start.getByLabel("Mobile money network").selectOption({ label: "MTN MoMo" });
    await start.getByLabel("MoMo number you'll pay from").fill("024 123 4567");
    await start.getByRole("button", { name: "Show payment details" }).click();
    await expect(start.getByText("A top-up is at least GH₵ 5.00")).toBeVisible();
    await start.getByLabel("Amount in GH₵").fill("20");
    await start.getByRole("button", { name: "Show payment details" }).click();
    await expect(wallet.getByRole("heading", { name: "Send the money by MoMo" })).toBeVisible();
    await expect(wallet.getByTestId("momo-amount")).toHaveText("GH₵ 20.00");
    const reference = (await wallet.getByTestId("payment-reference").textContent())?.trim() ?? "";
    expect(reference).toMatch(/^ANG-[A-Z0-9]{8}$/);
    const momoTransactionId = `88${Date.now().toString().slice(-8)}`;
    const proof = wallet.getByRole("form", { name: "MoMo transaction details" });
    await proof.getByLabel("MoMo transaction ID").fill(momoTransactionId);
    await proof.getByRole("button", { name: "I've paid: send for checking" }).click();
    await expect(wallet.getByRole("heading", { name: "Waiting for verification" })).toBeVisible();
    await expectNothingSideways(page);
    // Not on the balance until it is checked; after a reload it is still on screen, waiting.
    await page.reload();
    await openMoneyTab(page);
    await expect(wallet.getByTestId("wallet-balance")).toHaveText("GH₵ 0.00");
    const waiting = page.locator(`[data-testid="open-payment"][data-reference="${reference}"]`);
    await expect(waiting).toContainText(`Balance top-up · ${businessName}`);
    await expect(waiting.getByRole("heading", { name: "Waiting for verification" })).toBeVisible();

    // An admin, on another phone, finds it in the payments queue and verifies it.
    const admin = await adminContext.newPage();
    await signInAsDemo(admin, "admin@example.com");
    await admin.goto("/admin");
    const queued = admin
      .getByTestId("admin-payments")
      .getByTestId("admin-payment-row")
      .filter({ hasText: reference });
    await expect(queued).toContainText(`Balance top-up · ${businessName}`);
    await expect(queued.getByTestId("admin-payment-momo-reference")).toHaveText(momoTransactionId);
    await queued.getByRole("button", { name: "Verify payment…" }).click();
    await queued
      .getByRole("group", { name: `Verify GH₵ 20.00 from ${businessName}?` })
      .getByRole("button", { name: "Yes, verify GH₵ 20.00" })
      .click();
    await expect(admin.getByTestId("toast").filter({ hasText: "Payment verified" })).toBeVisible();
    await expect(queued).toHaveCount(0);

    // The owner sees the money on the balance, with the top-up and its receipt.
    await page.reload();
    await openMoneyTab(page);
    await expect(wallet.getByTestId("wallet-balance")).toHaveText("GH₵ 20.00");
    const topUp = wallet.getByTestId("wallet-entry").filter({ hasText: "Top-up" });
    await expect(topUp.getByTestId("wallet-entry-amount")).toHaveText("+GH₵ 20.00");
    await expect(topUp).toContainText("Balance after GH₵ 20.00");
    await expect(topUp.getByRole("link", { name: "Receipt" })).toBeVisible();
    await expect(page.getByTestId("open-payments")).toHaveCount(0);

    // A campaign on the pharmacy's ad; a price under the minimum is refused under its field, by the server.
    const campaigns = page.getByTestId("campaigns");
    await campaigns.getByRole("button", { name: "New campaign" }).click();
    const form = campaigns.getByRole("form", { name: "New campaign" });
    await form.getByRole("combobox", { name: /^Ad/ }).selectOption({ label: adTitle });
    await form.getByLabel("Price per view in GH₵").fill("0.05");
    await form.getByLabel("Daily cap in GH₵").fill("10");
    await form.getByLabel("Total budget in GH₵").fill("20");
    await form.getByRole("button", { name: "Start campaign" }).click();
    await expect(form.getByText("The price per view is at least GH₵ 0.10")).toBeVisible();
    await form.getByLabel("Price per view in GH₵").fill("0.50");
    await form.getByRole("button", { name: "Start campaign" }).click();
    const campaign = campaigns.getByTestId("campaign").filter({ hasText: adTitle });
    await expect(campaign.getByTestId("campaign-offer")).toHaveText("Showing in Discover");
    await expect(campaign).toContainText("GH₵ 0.50");
    await expect(campaign).toContainText("GH₵ 0.00 of GH₵ 10.00");
    await expect(campaign).toContainText("GH₵ 0.00 of GH₵ 20.00");
    await expectNothingSideways(page);

    // The admin reads the same tab, with no way to spend the business's money.
    await admin.goto(`/company-dashboard/${companyId}?tab=money`);
    await expect(admin.getByTestId("wallet-balance")).toHaveText("GH₵ 20.00");
    await expect(admin.getByTestId("campaign").filter({ hasText: adTitle })).toBeVisible();
    for (const name of ["Top up", "New campaign", "Pause", "Change caps"]) {
      await expect(admin.getByRole("button", { name, exact: true })).toHaveCount(0);
    }

    // Abena, on the phone Akosua already watched this ad on: the view still rewards her but is free.
    await watchTheAdToTheEnd(phoneA, "abena@example.com");
    // Kwabena, on a phone of his own: this completed view is charged.
    await watchTheAdToTheEnd(phoneB, "kwabena@example.com");

    // The balance went down by one view's price, and says why.
    await page.reload();
    await openMoneyTab(page);
    await expect(wallet.getByTestId("wallet-balance")).toHaveText("GH₵ 19.50");
    const charge = wallet.getByTestId("wallet-entry").first();
    await expect(charge.getByTestId("wallet-entry-kind")).toHaveText("View charge");
    await expect(charge.getByTestId("wallet-entry-ad")).toHaveText(adTitle);
    await expect(charge.getByTestId("wallet-entry-amount")).toHaveText("−GH₵ 0.50");
    await expect(charge).toContainText("Balance after GH₵ 19.50");
    await expect(wallet.getByTestId("wallet-entry")).toHaveCount(2);
    await expect(campaign).toContainText("GH₵ 0.50 of GH₵ 10.00");
    await expect(campaign).toContainText("GH₵ 0.50 of GH₵ 20.00");

    // The report: two completed views today, one charged, one free (invalid), what each view cost.
    await campaign.getByRole("button", { name: "Report" }).click();
    const report = campaign.getByTestId("campaign-report");
    await expect(report.getByTestId("campaign-chart")).toBeVisible();
    const today = report.getByTestId("campaign-report-day");
    await expect(today).toHaveCount(1);
    await expect(today.locator("td")).toHaveText(["2", "1", "1", "0", "GH₵ 0.50", "0"]);
    await expect(report.getByTestId("cost-per-view")).toHaveText("GH₵ 0.25");
    await expect(report.getByTestId("cost-per-redemption")).toHaveText("No rewards used at the counter yet");
    const date = await today.getAttribute("data-date");
    const downloading = page.waitForEvent("download");
    await report.getByRole("link", { name: "Download CSV" }).click();
    const csv = await fs.readFile(await (await downloading).path(), "utf8");
    expect(csv).toContain(
      "date,completed_views,charged_views,invalid_views,refunded_views,spend_ghs,redemptions",
    );
    expect(csv).toContain(`${date},2,1,1,0,0.50,0`);
    await expectNothingSideways(page);
    const axe = await new AxeBuilder({ page }).withTags(wcagTags).include('[role="tabpanel"]').analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    // Paused, the ad isn't paid for (nor shown); resumed, it is again.
    await campaign.getByRole("button", { name: "Pause" }).click();
    await expect(campaign.getByTestId("campaign-offer")).toHaveText("Paused: not showing in Discover.");
    await campaign.getByRole("button", { name: "Resume" }).click();
    await expect(campaign.getByTestId("campaign-offer")).not.toHaveText("Paused: not showing in Discover.");
    await expect(campaign).toHaveAttribute("data-status", "active");
  } finally {
    await Promise.all([phoneA.close(), phoneB.close(), adminContext.close()]);
  }
});
