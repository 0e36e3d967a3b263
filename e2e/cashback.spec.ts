import AxeBuilder from "@axe-core/playwright";
import { devices, expect, test } from "@playwright/test";
import { signInAsNewMember } from "./support/members";
import { waitForOutboxMessage } from "./support/outbox";

/**
 * Cashback to MoMo (docs/product-rules.md#cashback, #cashback-withdrawals), on a 360 px phone: a new
 * member watches Salamatu's GH₵ 10 cashback ad, shows the reward at the counter (Salamatu types her staff
 * code on the member's phone), sets her MoMo wallet with the code texted to it, withdraws, and sees it paid
 * once Paystack's signed webhook arrives (the journeys' Paystack pays a transfer by itself after a moment).
 *
 * A brand-new member each run, so what other journeys earn changes nothing here; Salamatu's seeded
 * balance (GH₵ 200) holds twenty such rewards.
 */

const adTitle = "GH₵ 10 back to your MoMo";
const salamatuStaffCode = "135790";
const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

test.use({ ...devices["Pixel 7"], viewport: { width: 360, height: 780 } });

test("a member earns cashback from an ad, sets her MoMo wallet, withdraws it and sees it paid", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => sessionStorage.setItem("device_fingerprint", "e2e-cashback-phone"));
  await signInAsNewMember(page, "Fuseina Alhassan");

  // The ad, watched to the end in real time: its reward is GH₵ 10 of cashback, used at the counter.
  await page.goto("/");
  await page.getByLabel("Search ads and companies").fill("GH₵ 10 back");
  const card = page.getByTestId("ad-card").filter({ hasText: adTitle }).first();
  await expect(card).toContainText("Cashback");
  await card.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/mobile-watch\?ad=\d+/);
  const unlocked = page.getByRole("dialog", { name: "Reward unlocked" });
  await expect(unlocked).toBeVisible({ timeout: 45_000 });
  await expect(unlocked).toContainText("GH₵ 10.00");

  // At the counter: Salamatu types her staff code on the member's phone.
  await page.goto("/rewards");
  const cashbackCard = page.getByTestId("cashback-card");
  await expect(cashbackCard.getByTestId("cashback-pending")).toContainText("GH₵ 10.00");
  const reward = page.getByTestId("my-reward").filter({ hasText: "GH₵ 10.00 cashback" }).first();
  await reward.getByRole("button", { name: "Redeem" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: /I used this code online/ })).toHaveCount(0);
  await dialog.getByRole("button", { name: /Staff will type their code/ }).click();
  await dialog.getByLabel("Staff code").fill(salamatuStaffCode);
  await dialog.getByRole("button", { name: "Confirm redemption" }).click();
  await expect(dialog.getByTestId("redeemed-cashback")).toContainText("GH₵ 10.00 is in your cashback.");
  await page.keyboard.press("Escape");
  await expect(cashbackCard.getByTestId("cashback-balance")).toContainText("GH₵ 10.00");

  // Her MoMo wallet: not a verified number of hers, so it is saved with the code texted to it.
  const momoNumber = `0249${String(Date.now()).slice(-6)}`;
  const international = `+233${momoNumber.slice(1)}`;
  await cashbackCard.getByRole("button", { name: "Add MoMo wallet" }).click();
  const walletForm = cashbackCard.getByRole("form", { name: "MoMo wallet for your cashback" });
  await walletForm.getByLabel("MoMo number").fill(momoNumber);
  await walletForm.getByLabel("Mobile money network").selectOption("mtn");
  const askedAt = Date.now();
  await walletForm.getByRole("button", { name: "Save wallet" }).click();
  const texted = await waitForOutboxMessage(page.request, international, "sms", { since: askedAt });
  const code = texted.textBody.match(/\b(\d{6})\b/)?.[1] ?? "";
  const codeForm = cashbackCard.getByRole("form", { name: "Confirm your MoMo number" });
  await codeForm.getByLabel("6-digit code").fill(code);
  await codeForm.getByRole("button", { name: "Confirm number" }).click();
  await expect(cashbackCard.getByTestId("payout-network")).toContainText("MTN");

  // The withdrawal: GH₵ 1 transfer fee off, GH₵ 9 to her wallet; paid when Paystack's webhook says so.
  const withdrawForm = cashbackCard.getByRole("form", { name: "Withdraw your cashback" });
  await expect(withdrawForm.getByTestId("withdraw-fee")).toContainText("GH₵ 9.00");
  await withdrawForm.getByRole("button", { name: "Withdraw" }).click();
  const status = cashbackCard.getByTestId("withdrawal-status");
  await expect(status).toBeVisible();
  await expect(cashbackCard.getByTestId("cashback-balance")).toContainText("GH₵ 0.00");
  const paid = cashbackCard.getByTestId("cashback-entry").filter({ hasText: "Paid to your MoMo" });
  await expect(paid).toBeVisible({ timeout: 30_000 });
  await expect(status).toHaveAttribute("data-status", "paid");

  const whole = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(whole, "My Rewards scrolls sideways at 360 px").toBe(true);
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="cashback-card"]')
    .withTags(wcagTags)
    .analyze();
  expect(axe.violations).toEqual([]);
});
