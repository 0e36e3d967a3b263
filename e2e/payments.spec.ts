import fs from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { e2eBaseUrl } from "../playwright.config";
import { boxOf, expectWithinWidth } from "./support/geometry";
import { signInAsDemo, signInAsDemoCompany, signInAsNewMember } from "./support/members";

/**
 * Money (docs/product-rules.md#payments): a business owner upgrades by manual MoMo and an admin verifies it;
 * a member buys Anigye+ through the provider path, against the local fake of Paystack the journeys start (it
 * approves MTN charges on the "phone" by itself after a moment and posts a signed webhook).
 */

test("an owner upgrades Kofi's Chop Bar to Enterprise by manual MoMo, an admin verifies it, and the CSV export opens", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await page.setViewportSize({ width: 360, height: 780 });
  const companyId = await signInAsDemoCompany(page, "kofi-chop-bar");

  // From the dashboard's plan card to the plans, each with its price and a way to pay.
  await page.getByRole("link", { name: "Compare plans" }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription-details/${companyId}$`));
  await expect(page.getByRole("heading", { name: "Plans for Kofi's Chop Bar" })).toBeVisible();
  await expect(page.getByText("coming soon", { exact: false })).toHaveCount(0);
  await expect(page.getByTestId("plan-rules")).toContainText("An upgrade takes effect as soon as it's paid");
  await expect(page.getByTestId("plan-rules")).toContainText("ads over its limit are paused, never deleted");
  const enterprise = page.getByTestId("plan-enterprise");
  await expect(enterprise).toContainText("GH₵ 800.00");
  await enterprise.getByRole("button", { name: /^(Choose|Renew) Enterprise$/ }).click();

  // Manual MoMo: the phone first, then our merchant number and the reference to put in the transfer.
  const pay = page.getByTestId("plan-payment");
  await expect(
    pay.getByRole("heading", { name: "Pay for Enterprise: GH₵ 800.00 for 30 days" }),
  ).toBeVisible();
  await pay.getByLabel("Send MoMo yourself").check();
  const start = pay.getByRole("form", { name: "Pay by MoMo transfer" });
  await start.getByRole("button", { name: "Show payment details" }).click();
  await expect(start.getByText("Payment phone is required")).toBeVisible();
  await start.getByLabel("MoMo number you'll pay from").fill("024 123 4567");
  // Which network pays is asked too (docs/product-rules.md#payments-manual-momo-network).
  await start.getByRole("button", { name: "Show payment details" }).click();
  await expect(start.getByText("Choose your mobile money network")).toBeVisible();
  await start.getByLabel("Mobile money network").selectOption({ label: "MTN MoMo" });
  await start.getByRole("button", { name: "Show payment details" }).click();

  await expect(pay.getByRole("heading", { name: "Send the money by MoMo" })).toBeVisible();
  await expect(pay.getByTestId("momo-merchant-number")).toHaveText("024 000 0000");
  await expect(pay.getByTestId("momo-merchant-name")).toHaveText("Anigye Demo Ltd");
  await expect(pay.getByTestId("momo-amount")).toHaveText("GH₵ 800.00");
  const reference = (await pay.getByTestId("payment-reference").textContent())?.trim() ?? "";
  expect(reference).toMatch(/^ANG-[A-Z0-9]{8}$/);

  const momoTransactionId = `77${Date.now().toString().slice(-8)}`;
  const proof = pay.getByRole("form", { name: "MoMo transaction details" });
  await expect(proof.getByLabel("Phone you paid from")).toHaveValue("024 123 4567");
  await expect(proof.getByLabel("Mobile money network")).toHaveValue("mtn");
  await proof.getByLabel("MoMo transaction ID").fill(momoTransactionId);
  await proof.getByRole("button", { name: "I've paid: send for checking" }).click();
  await expect(pay.getByRole("heading", { name: "Waiting for verification" })).toBeVisible();
  await expect(pay).toContainText(reference);

  // The payment is in the business's history, pending, with its receipt.
  const history = page.getByTestId("company-payments");
  const row = history.getByTestId("payment-row").filter({ hasText: reference });
  await expect(row).toContainText("Pending");
  await expect(row).toContainText("Enterprise plan · Kofi's Chop Bar");

  // An admin, on another phone, finds it in the queue and verifies it.
  const adminContext = await browser.newContext({ baseURL, viewport: { width: 412, height: 915 } });
  try {
    const admin = await adminContext.newPage();
    await signInAsDemo(admin, "admin@example.com");
    await admin.goto("/admin");
    const queue = admin.getByTestId("admin-payments");
    await expect(admin.getByRole("heading", { name: "Payments" })).toBeVisible();
    const queued = queue.getByTestId("admin-payment-row").filter({ hasText: reference });
    await expect(queued).toContainText("Kofi's Chop Bar");
    await expect(queued).toContainText("GH₵ 800.00");
    await expect(queued).toContainText("024 123 4567");
    await expect(queued.getByTestId("admin-payment-momo-reference")).toHaveText(momoTransactionId);
    await expect(queued.getByTestId("admin-payment-network")).toHaveText("MTN MoMo");
    await expect(queued.getByTestId("admin-payment-age")).toHaveText(/just now|\d+ min ago/);

    // A rejection needs a reason; the admin cancels it and verifies instead.
    await queued.getByRole("button", { name: "Reject…" }).click();
    const reject = queued.getByRole("form", { name: `Reject ${reference}` });
    await reject.getByRole("button", { name: "Reject payment" }).click();
    await expect(reject.getByText("Give the payer a reason for the rejection")).toBeVisible();
    await reject.getByRole("button", { name: "Cancel" }).click();

    // Verifying GH₵ 800 takes a second tap, after saying what should have reached the merchant account.
    await queued.getByRole("button", { name: "Verify payment…" }).click();
    const confirm = queued.getByRole("group", { name: "Verify GH₵ 800.00 from Kofi's Chop Bar?" });
    await expect(confirm).toContainText(`MTN MoMo transaction ${momoTransactionId} for GH₵ 800.00`);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await queued.getByRole("button", { name: "Verify payment…" }).click();
    await confirm.getByRole("button", { name: "Yes, verify GH₵ 800.00" }).click();
    await expect(admin.getByTestId("toast").filter({ hasText: "Payment verified" })).toBeVisible();
    await expect(queued).toHaveCount(0);
  } finally {
    await adminContext.close();
  }

  // The owner reloads: Enterprise is the plan now, and the receipt shows the paid period.
  await page.reload();
  await expect(page.getByTestId("current-plan")).toContainText("You're on the Enterprise plan");
  await expect(page.getByTestId("plan-enterprise")).toContainText("Current plan");
  const paidRow = page
    .getByTestId("company-payments")
    .getByTestId("payment-row")
    .filter({ hasText: reference });
  await expect(paidRow).toContainText("Paid");
  await paidRow.getByRole("link", { name: /Receipt/ }).click();
  await expect(page).toHaveURL(/\/payments\/\d+$/);
  const receipt = page.getByTestId("receipt");
  await expect(receipt.getByRole("heading", { name: "Receipt" })).toBeVisible();
  await expect(receipt.getByTestId("receipt-amount")).toHaveText("GH₵ 800.00");
  await expect(receipt.getByTestId("receipt-description")).toHaveText(
    "Enterprise plan · Kofi's Chop Bar · 30 days",
  );
  await expect(receipt.getByTestId("receipt-reference")).toHaveText(reference);
  await expect(receipt.getByTestId("receipt-momo-reference")).toHaveText(momoTransactionId);
  await expect(receipt.getByTestId("receipt-period")).toHaveText(
    /^\d{1,2} \w{3} \d{4} – \d{1,2} \w{3} \d{4}$/,
  );
  await expect(receipt.getByRole("button", { name: "Print" })).toBeVisible();

  // Enterprise's CSV export is there in Analytics, and downloads.
  await page.goto(`/analytics?company=${companyId}`);
  await expect(page.getByText("Kofi's Chop Bar · Enterprise plan")).toBeVisible();
  await expect(page.getByTestId("analytics-upgrade")).toHaveCount(0);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const csv = await fs.readFile(await (await downloading).path(), "utf8");
  expect(csv).toContain("Waakye + wele combo 15% off");
});

/** Starts a manual MoMo order through the API with the browser's session, as "Show payment details" does. */
async function startMomoOrder(page: Page, order: Record<string, unknown>) {
  const response = await page.request.post("/api/payments", {
    data: { method: "momo_manual", paymentPhone: "024 765 4321", provider: "vod", ...order },
    headers: { "x-requested-with": "anigye", origin: e2eBaseUrl },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; reference: string };
}

test("an unpaid MoMo order keeps saying how to pay after a reload, and is a receipt only once paid, at 360 px", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await page.setViewportSize({ width: 360, height: 780 });
  const companyId = await signInAsDemoCompany(page, "tiny-steps-kids");
  // "Show payment details" for Pro, then the owner closes the tab (or reloads) before paying.
  const order = await startMomoOrder(page, { purpose: "company_plan", companyId, plan: "pro" });

  await page.goto(`/subscription-details/${companyId}`);
  const waiting = page.getByTestId("open-payments");
  await expect(waiting.getByRole("heading", { name: "Waiting for your payment" })).toBeVisible();
  const open = waiting.locator(`[data-testid="open-payment"][data-reference="${order.reference}"]`);
  await expect(open).toContainText("Pro plan · Tiny Steps Kids Store · 30 days: GH₵ 400.00");
  await expect(open.getByTestId("momo-merchant-number")).toHaveText("024 000 0000");
  await expect(open.getByTestId("payment-reference")).toHaveText(order.reference);
  await expect(open.getByTestId("momo-amount")).toHaveText("GH₵ 400.00");
  expectWithinWidth("the waiting order", await boxOf(waiting), 360);
  // In the history it is not a receipt yet.
  const row = page
    .getByTestId("company-payments")
    .getByTestId("payment-row")
    .filter({ hasText: order.reference });
  await expect(row).toContainText("Pending");
  await expect(row.getByRole("link", { name: /Receipt/ })).toHaveCount(0);
  await row.getByRole("link", { name: `How to pay for ${order.reference}` }).click();

  // Its own page says the same, with the instructions, until it is paid.
  await expect(page).toHaveURL(new RegExp(`/payments/${order.id}$`));
  const page1 = page.getByTestId("receipt");
  await expect(page1.getByRole("heading", { level: 1 })).toHaveText("Waiting for your payment");
  await expect(page).toHaveTitle("Waiting for your payment · Anigye");
  await expect(page1.getByTestId("momo-merchant-number")).toHaveText("024 000 0000");
  await expect(page1.getByTestId("payment-reference")).toHaveText(order.reference);
  await expect(page1.getByTestId("momo-amount")).toHaveText("GH₵ 400.00");
  await expect(page1).not.toContainText("Paid by");

  // Back on the plans after another reload, the owner sends the transaction ID from there.
  await page.goto(`/subscription-details/${companyId}`);
  const proof = open.getByRole("form", { name: "MoMo transaction details" });
  await expect(proof.getByLabel("Mobile money network")).toHaveValue("vod");
  await proof.getByLabel("MoMo transaction ID").fill(`55${Date.now().toString().slice(-8)}`);
  await proof.getByRole("button", { name: "I've paid: send for checking" }).click();
  await expect(waiting.getByRole("heading", { name: "Payments being checked" })).toBeVisible();
  await expect(open.getByRole("heading", { name: "Waiting for verification" })).toBeVisible();
  await page.reload();
  await expect(open.getByRole("heading", { name: "Waiting for verification" })).toBeVisible();

  // Anigye+ keeps its open order the same way, on /anigye-plus and /subscription.
  const memberContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 } });
  try {
    const phone = await memberContext.newPage();
    await signInAsDemo(phone, "abena@example.com");
    const plus = await startMomoOrder(phone, { purpose: "plus" });
    await phone.goto("/anigye-plus");
    const plusWaiting = phone.getByTestId("open-payments");
    await expect(plusWaiting.getByRole("heading", { name: "Waiting for your payment" })).toBeVisible();
    await expect(plusWaiting.getByTestId("payment-reference")).toHaveText(plus.reference);
    await expect(plusWaiting.getByTestId("momo-amount")).toHaveText("GH₵ 20.00");
    await expect(plusWaiting.getByTestId("momo-merchant-number")).toHaveText("024 000 0000");
    await phone.goto("/subscription");
    await expect(plusWaiting.getByTestId("payment-reference")).toHaveText(plus.reference);
    const plusRow = phone.getByTestId("subscription-payments").getByTestId("payment-row");
    await expect(plusRow.getByRole("link", { name: `How to pay for ${plus.reference}` })).toBeVisible();
    expectWithinWidth("the waiting Anigye+ order", await boxOf(plusWaiting), 360);
  } finally {
    await memberContext.close();
  }
});

test("a new member buys Anigye+ by approving on the phone, sees premium ads on Discover, and renews with Telecel's code", async ({
  page,
}) => {
  // One new member for the whole journey: registrations are rate-limited per address, and the other
  // journeys of the run need theirs.
  test.slow();
  const premiumAd = "Friday comedy night: watch for a prize-draw entry";
  await signInAsNewMember(page, "Akosua Owusu");

  // Without Anigye+, the premium ad is not on Discover.
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Discover" })).toBeVisible();
  await page.getByLabel("Search ads and companies").fill("comedy night");
  await expect(page.getByTestId("discover-no-match")).toBeVisible();
  await expect(page.getByRole("link", { name: premiumAd })).toHaveCount(0);

  // The profile leads to the subscription, and from there to Anigye+.
  await page.goto("/profile");
  await page.getByTestId("profile-plus").getByRole("link", { name: "Subscription and receipts" }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId("subscription-status")).toContainText("You're not on Anigye+");
  await expect(page.getByTestId("subscription-payments")).toContainText("No Anigye+ payments yet.");
  await page.getByRole("link", { name: "Get Anigye+" }).click();
  await expect(page).toHaveURL(/\/anigye-plus$/);

  await expect(page.getByRole("heading", { name: "Anigye+", level: 1 })).toBeVisible();
  await expect(page.getByTestId("plus-price")).toHaveText("GH₵ 20.00");
  await expect(page.getByTestId("plus-benefits")).toContainText("Premium ads");

  // The provider path: the network and the number, then approve the prompt on the phone.
  const checkout = page.getByTestId("plus-checkout");
  await checkout.getByLabel("Approve on my phone").check();
  const form = checkout.getByRole("form", { name: "Pay on my phone" });
  await form.getByLabel("MoMo number").fill("024 123 4000");
  await form.getByRole("button", { name: "Pay GH₵ 20.00" }).click();
  await expect(form.getByText("Choose your mobile money network")).toBeVisible();
  await form.getByLabel("Mobile money network").selectOption({ label: "MTN MoMo" });

  // The network declines this number (the fake declines numbers ending in 000): nothing is granted.
  await form.getByRole("button", { name: "Pay GH₵ 20.00" }).click();
  await expect(checkout.getByRole("heading", { name: "The payment didn't go through" })).toBeVisible();
  await expect(page.getByTestId("plus-status")).toHaveCount(0);
  await checkout.getByRole("button", { name: "Try again" }).click();

  await form.getByLabel("Mobile money network").selectOption({ label: "MTN MoMo" });
  await form.getByLabel("MoMo number").fill("024 555 1234");
  await form.getByRole("button", { name: "Pay GH₵ 20.00" }).click();
  await expect(checkout.getByRole("heading", { name: "Approve the payment on your phone" })).toBeVisible();

  // The fake approves it by itself; the page follows without a reload.
  await expect(checkout.getByRole("heading", { name: "Payment received" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("plus-status")).toContainText("You're on Anigye+ until");

  // The receipt.
  await checkout.getByRole("link", { name: "View receipt" }).click();
  const receipt = page.getByTestId("receipt");
  await expect(receipt.getByTestId("receipt-amount")).toHaveText("GH₵ 20.00");
  await expect(receipt.getByTestId("receipt-description")).toHaveText("Anigye+ · 30 days");
  await expect(receipt).toContainText("MTN MoMo, approved on the phone");
  await expect(receipt.getByTestId("payment-status")).toHaveText("Paid");

  // The subscription page shows the member's status and the payment.
  await page.goto("/subscription");
  await expect(page.getByTestId("subscription-status")).toContainText("Active");
  await expect(page.getByTestId("plus-expires")).toHaveText(/\d{1,2} \w{3} \d{4}/);
  const rows = page.getByTestId("subscription-payments").getByTestId("payment-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Failed" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Paid" })).toHaveCount(1);
  const firstEnd = (await page.getByTestId("plus-expires").textContent()) ?? "";

  // Discover now has the premium ad.
  await page.goto("/");
  await page.getByLabel("Search ads and companies").fill("comedy night");
  await expect(page.getByRole("link", { name: premiumAd })).toBeVisible();

  // Renewing with Telecel Cash: the network sends a code; a wrong one is refused, the right one pays, and
  // the 30 days are added after the current end.
  await page.goto("/anigye-plus");
  await expect(checkout.getByRole("heading", { name: "Renew Anigye+" })).toBeVisible();
  await form.getByLabel("Mobile money network").selectOption({ label: "Telecel Cash" });
  await form.getByLabel("MoMo number").fill("020 555 1234");
  await form.getByRole("button", { name: "Pay GH₵ 20.00" }).click();
  await expect(checkout.getByRole("heading", { name: "Enter the code from the SMS" })).toBeVisible();
  const code = checkout.getByRole("form", { name: "Payment code" });
  await code.getByLabel("Code from the SMS").fill("111111");
  await code.getByRole("button", { name: "Confirm payment" }).click();
  await expect(code.getByText("Invalid OTP")).toBeVisible();
  await code.getByLabel("Code from the SMS").fill("123456");
  await code.getByRole("button", { name: "Confirm payment" }).click();
  await expect(checkout.getByRole("heading", { name: "Payment received" })).toBeVisible({ timeout: 30_000 });
  await page.goto("/subscription");
  await expect(rows.filter({ hasText: "Paid" })).toHaveCount(2);
  await expect(page.getByTestId("plus-expires")).not.toHaveText(firstEnd);
});
