import { type APIRequestContext, expect as baseExpect, type Page, test } from "@playwright/test";
import { openTheTypedCode } from "./support/counter";
import { signInAtDemoCounter } from "./support/members";
import { linkIn, waitForOutboxMessage } from "./support/outbox";

// Two cores shared with other work: screens may take a while to answer.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * The counter by phone number, on a counter phone with no camera: staff type the customer's number, the
 * customer's SMS code (read here from the development outbox) is typed back, and the answer fills the
 * screen as a scan's does. A number no member has verified gets its stamp held, and one invite whose link
 * opens registration with the number filled in; verifying the number lands the stamp on the new card.
 */

interface OutboxMessage {
  textBody: string;
}

/** The newest SMS to `phone` whose text matches, waiting for it to arrive. */
async function smsMatching(request: APIRequestContext, phone: string, pattern: RegExp) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const response = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(phone)}&channel=sms`);
    const { messages } = (await response.json()) as { messages: OutboxMessage[] };
    const found = messages.find((message) => pattern.test(message.textBody));
    if (found) return found.textBody;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No SMS matching ${pattern} for ${phone}`);
}

/** How many SMS the outbox holds for `phone`. */
async function smsCount(request: APIRequestContext, phone: string) {
  const response = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(phone)}&channel=sms`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages.length;
}

async function signInAtCounter(page: Page) {
  await signInAtDemoCounter(page);
  await page.goto("/merchant-scanner");
}

/** Opens "No app? Use their phone number." and sends the code for `give`. */
async function sendCodeTo(page: Page, typedNumber: string, give: { stamp: string } | { points: string }) {
  await page.getByRole("button", { name: "No app? Use their phone number." }).click();
  const form = page.getByRole("form", { name: "Check in by phone number" });
  await form.getByLabel("Customer's phone number").fill(typedNumber);
  if ("points" in give) {
    await form.getByRole("button", { name: "Points", exact: true }).click();
    await form.getByLabel("Points (1 to 100)").fill(give.points);
  } else {
    await form.getByRole("button", { name: "Stamp", exact: true }).click();
    await form.getByLabel(/^Purchase amount/).fill(give.stamp);
  }
  await form.getByRole("button", { name: "Text them the code" }).click();
  return page.getByRole("form", { name: "Type the customer's code" });
}

const codeIn = (text: string) => text.match(/\b(\d{6})\b/)![1]!;
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

test("with the phone panel open the scanner shows one amount field and one action, at 360 px", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAtCounter(page);
  const amount = page.getByLabel(/^Purchase amount/);
  await amount.fill("25");
  // A counter phone with no camera offers the typed code (by itself once the camera fails, or by its
  // button), whose button sends the code typed.
  const typedForm = await openTheTypedCode(page);

  await page.getByRole("button", { name: "No app? Use their phone number." }).click();
  const panel = page.getByRole("form", { name: "Check in by phone number" });
  await expect(panel).toBeVisible();
  // One amount field (the one typed on the scanner, carried over) and one way to send: the text.
  await expect(amount).toHaveCount(1);
  await expect(panel.getByLabel(/^Purchase amount/)).toHaveValue("25");
  await expect(page.getByRole("button", { name: /send|text/i })).toHaveCount(1);
  await expect(panel.getByRole("button", { name: "Text them the code" })).toBeVisible();
  await expect(typedForm).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Type a code" })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Back to scanning: the scanner's own amount and typed code, and the way to the phone panel again.
  await panel.getByRole("button", { name: "Back to scanning" }).click();
  await expect(page.getByRole("form", { name: "Check in by phone number" })).toHaveCount(0);
  await expect(amount).toHaveCount(1);
  await expect(amount).toHaveValue("25");
  await expect(page.getByRole("button", { name: "No app? Use their phone number." })).toBeVisible();
});

test("a counter without a camera gives Ama points by phone: a wrong code says the tries left", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAtCounter(page);
  const codeForm = await sendCodeTo(page, "024 111 2233", { points: "10" });
  await expect(codeForm.getByText("Code sent to +233 24 *** **33")).toBeVisible();
  const sms = await smsMatching(page.request, "+233241112233", /Read it to the cashier for 10 points/);
  expect(sms).toMatch(/^Kofi's Chop Bar: your Anigye code is \d{6}, valid 5 minutes\./);

  await codeForm.getByLabel("Code from the customer's SMS").fill(wrong(codeIn(sms)));
  await codeForm.getByRole("button", { name: "Confirm" }).click();
  await expect(codeForm.getByText("Wrong code. 4 tries left.")).toBeVisible();

  await codeForm.getByLabel("Code from the customer's SMS").fill(codeIn(sms));
  await codeForm.getByRole("button", { name: "Confirm" }).click();
  const result = page.getByTestId("scan-result");
  await expect(result).toHaveAttribute("data-tone", "accepted");
  await expect(result.getByRole("heading", { name: "Points granted" })).toBeVisible();
  await expect(result.getByRole("alert")).toHaveText("10 points for Ama.");
  await expect(result.getByText("+10")).toBeVisible();
  // Nothing on the 360 px screen runs off its side.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The dashboard counts the check-in by phone and the SMS it cost.
  await page.goto("/merchant-dashboard");
  await expect(page.getByText("By phone").first()).toBeVisible();
});

test("a non-member's held stamp lands on their card after they register and verify the number", async ({
  page,
  browser,
}) => {
  test.slow();
  const local = `024${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  const phone = `+233${local.slice(1)}`;
  await signInAtCounter(page);
  const codeForm = await sendCodeTo(page, local, { stamp: "25" });
  const sms = await smsMatching(page.request, phone, /Read it to the cashier for a stamp/);
  await codeForm.getByLabel("Code from the customer's SMS").fill(codeIn(sms));
  await codeForm.getByRole("button", { name: "Confirm" }).click();
  const result = page.getByTestId("scan-result");
  await expect(result).toContainText("Held for 30 days");
  await expect(result).toContainText("A stamp is held for +233");

  // One invite, naming the shop, whose link opens registration with the number filled in.
  const invite = await smsMatching(page.request, phone, /is keeping a loyalty stamp for you/);
  expect(invite).toMatch(/^Kofi's Chop Bar is keeping a loyalty stamp for you on Anigye for 30 days/);
  const link = invite.match(/https?:\/\/\S+/)![0];
  expect(await smsCount(page.request, phone)).toBe(2);

  // Points the same day: held too, with no second invite.
  const nextCustomer = result.getByRole("button", { name: "Next customer" });
  if (await nextCustomer.isVisible()) await nextCustomer.click();
  await expect(result).toBeHidden();
  // The phone panel stays open for the next customer; back to the scanner, and in again as before.
  await page.getByRole("button", { name: "Back to scanning" }).click();
  const pointsForm = await sendCodeTo(page, local, { points: "25" });
  const pointsSms = await smsMatching(page.request, phone, /Read it to the cashier for 25 points/);
  await pointsForm.getByLabel("Code from the customer's SMS").fill(codeIn(pointsSms));
  await pointsForm.getByRole("button", { name: "Confirm" }).click();
  await expect(result).toContainText("25 points are held for +233");
  expect(await smsCount(page.request, phone)).toBe(3);

  // The counter dashboard, at 360 px, lists the held check-in (the number masked) and counts it as held.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/merchant-dashboard");
  const masked = `+233 ${local.slice(1, 3)} *** **${local.slice(-2)}`;
  const line = page
    .getByTestId("counter-log")
    .getByRole("listitem")
    .filter({ hasText: `Stamp · held for ${masked}` });
  await expect(line.getByText(`Stamp · held for ${masked} · 30 days`)).toBeVisible();
  await expect(line).toContainText("A stamp is held for");
  const dashboard = await (await page.request.get("/api/merchant/dashboard")).json();
  expect(dashboard.today.held).toBeGreaterThanOrEqual(1);
  const heldTile = page
    .getByTestId("counter-today")
    .locator("div")
    .filter({ has: page.getByText("Held", { exact: true }) });
  await expect(heldTile.locator("dd")).toHaveText(String(dashboard.today.held));
  // The texts this counter has used and has left this hour and today.
  const texts = page.getByTestId("counter-texts");
  await expect(texts.getByRole("region", { name: "You" })).toContainText(
    `${dashboard.texts.you.hour.left} left of 60`,
  );
  expect(dashboard.texts.you.hour.used).toBeGreaterThanOrEqual(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The invite's page says what is waiting, and for which (masked) number.
  const customer = await browser.newPage();
  await customer.setViewportSize({ width: 360, height: 740 });
  await customer.goto(link);
  await expect(customer.getByTestId("held-for-you")).toContainText(
    `Kofi's Chop Bar is holding 1 stamp and 25 points for ${masked}.`,
  );
  await expect(customer.getByTestId("held-for-you")).toContainText(
    /Join with this number by \d{1,2} \w{3} \d{4} to collect\./,
  );
  const form = customer.getByRole("form", { name: "Create account" });
  await expect(form.getByLabel(/^Phone Number/)).toHaveValue(
    `${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`,
  );
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const email = `held-${id}@example.com`;
  await form.getByLabel("Full Name").fill("Kwesi Arthur");
  await form.getByLabel("Username").fill(`held-${id}`);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel(/^Password/).fill("kenkey-and-shito-9");
  await form.getByRole("button", { name: "Create account" }).click();

  const registration = await smsMatching(customer.request, phone, /^Your Anigye code is/);
  const phoneForm = customer.getByRole("form", { name: "Phone verification" });
  await phoneForm.getByLabel("6-digit code").fill(codeIn(registration));
  await phoneForm.getByRole("button", { name: "Verify phone" }).click();
  await expect(customer.getByTestId("phone-verification").getByText("Phone verified")).toBeVisible();

  // The email link activates the account; the held stamp is already on Kofi's card.
  // The link goes out through the message queue: it arrives a moment after the registration.
  const mail = await waitForOutboxMessage(customer.request, email, "email");
  await customer.goto(linkIn(mail));
  await customer.goto("/loyalty-dashboard");
  const kofiCard = customer.getByTestId("stamp-card").filter({ hasText: "Kofi's Chop Bar" });
  await expect(kofiCard.getByRole("img", { name: "1 of 5 stamps" })).toBeVisible();
  // Both landings are told, the points as the stamp.
  await customer.goto("/notifications");
  await expect(customer.getByText("Stamp added")).toBeVisible();
  await expect(
    customer.getByText("25 points from Kofi's Chop Bar, held for your phone number, are now yours."),
  ).toBeVisible();
  await customer.close();
});
