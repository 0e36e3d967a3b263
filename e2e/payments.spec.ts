import fs from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { signInAsDemo, signInAsNewMember } from "./support/members";

/**
 * Money (docs/product-rules.md#payments): a business owner upgrades by manual MoMo and an admin verifies it;
 * a member buys Anigye+ through the provider path, against the local fake of Paystack the journeys start (it
 * approves MTN charges on the "phone" by itself after a moment and posts a signed webhook).
 */

async function signInAsBusiness(page: Page, username: string) {
  await page.goto("/company");
  const form = page.getByRole("form", { name: "Company sign in" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password").fill("anigye-demo");
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/company-dashboard\/\d+/);
  return Number(new URL(page.url()).pathname.split("/").at(-1));
}

test("an owner upgrades Kofi's Chop Bar to Enterprise by manual MoMo, an admin verifies it, and the CSV export opens", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const companyId = await signInAsBusiness(page, "kofi-chop-bar");

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
    await expect(queued.getByTestId("admin-payment-age")).toHaveText(/just now|\d+ min ago/);

    // A rejection needs a reason; the admin cancels it and verifies instead.
    await queued.getByRole("button", { name: "Reject…" }).click();
    const reject = queued.getByRole("form", { name: `Reject ${reference}` });
    await reject.getByRole("button", { name: "Reject payment" }).click();
    await expect(reject.getByText("Give the payer a reason for the rejection")).toBeVisible();
    await reject.getByRole("button", { name: "Cancel" }).click();

    await queued.getByRole("button", { name: "Verify payment" }).click();
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

test("a new member buys Anigye+ by approving on the phone, sees premium ads on Discover, and renews with Telecel's code", async ({
  page,
}) => {
  // One new member for the whole journey: registrations are rate-limited per address, and the other
  // journeys of the run need theirs.
  test.setTimeout(150_000);
  const premiumAd = "Win VIP seats to Friday comedy night";
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
  await expect(checkout.getByRole("heading", { name: "Payment received" })).toBeVisible({ timeout: 20_000 });
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
  await expect(checkout.getByRole("heading", { name: "Payment received" })).toBeVisible({ timeout: 20_000 });
  await page.goto("/subscription");
  await expect(rows.filter({ hasText: "Paid" })).toHaveCount(2);
  await expect(page.getByTestId("plus-expires")).not.toHaveText(firstEnd);
});
