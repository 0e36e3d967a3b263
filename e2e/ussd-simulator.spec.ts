import AxeBuilder from "@axe-core/playwright";
import { devices, expect, type Page, test } from "@playwright/test";
import { e2eBaseUrl } from "../playwright.config";
import { openTheTypedCode } from "./support/counter";
import { signInAtDemoCounter } from "./support/members";
import { waitForOutboxMessage } from "./support/outbox";

/**
 * The USSD simulator on a 360 px phone (docs/product-rules.md#ussd-simulator): Adwoa, the demo's member by
 * phone alone, dials from 0270000001, checks her stamps, takes her Kofi's reward's code, and Esi types that
 * code at Kofi's counter and redeems it.
 */

test.use({ viewport: { width: 360, height: 780 } });

const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/** Types a choice on the keypad and sends it; resolves once the screen shows `expected`. */
async function answer(page: Page, keys: string, expected: RegExp | string) {
  const phone = page.getByRole("form", { name: "Phone" });
  const keypad = phone.getByRole("group", { name: "Keypad" });
  for (const key of keys) await keypad.getByRole("button", { name: key, exact: true }).click();
  await expect(phone.getByLabel("Your answer")).toHaveValue(keys);
  await phone.getByRole("button", { name: "Send" }).click();
  await expect(phone.getByRole("status", { name: "Phone screen" })).toContainText(expected);
}

test("Adwoa dials the USSD menus, checks her stamps, takes a reward's code, and Esi redeems it at the counter", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.goto("/ussd");
  await expect(page.getByRole("heading", { name: "USSD simulator" })).toBeVisible();
  const phone = page.getByRole("form", { name: "Phone" });
  const screen = phone.getByRole("status", { name: "Phone screen" });
  await expect(screen).toContainText("Dial *713*4# and press Call.");

  // A phone's width: nothing spills sideways at 360 px, and the page passes axe's WCAG 2.2 AA rules.
  const box = await page.getByTestId("ussd-phone").boundingBox();
  expect(box!.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const audit = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  expect(audit.violations.map((violation) => violation.id)).toEqual([]);

  // Adwoa dials from her number: the menu greets her in English, her language.
  await phone.getByLabel("Phone number").fill("0270000001");
  await expect(phone.getByLabel("Your answer")).toHaveValue("*713*4#");
  await phone.getByRole("button", { name: "Call" }).click();
  await expect(screen).toContainText("hello Adwoa");
  await expect(screen).toContainText("1 My points and stamps");

  // 1: her points and stamps, Kofi's card 3 of 5; 0 goes back to the menu.
  await answer(page, "1", "Kofi's Chop Bar 3/5");
  await answer(page, "0", "2 My rewards");

  // 2: her rewards; choosing the Kofi's discount gives its code to read at the counter, and by SMS too.
  const sentAfter = Date.now();
  await answer(page, "2", "15% off, Kofi's Chop Bar");
  await answer(page, "1", /Code [A-Z2-9]{4}-[A-Z2-9]{4}/);
  await expect(screen).toContainText("Session ended");
  const code = /Code ([A-Z2-9]{4}-[A-Z2-9]{4})/.exec((await screen.textContent()) ?? "")![1]!;
  const sms = await waitForOutboxMessage(page.request, "+233270000001", "sms", { since: sentAfter });
  expect(sms.textBody).toContain(code);

  // Esi, at Kofi's counter with no camera, types the code Adwoa reads out.
  const context = await browser.newContext({ ...devices["Pixel 7"], baseURL: e2eBaseUrl });
  const counter = await context.newPage();
  await signInAtDemoCounter(counter);
  await counter.goto("/merchant-scanner");
  await counter.getByRole("button", { name: "Redeem", exact: true }).click();
  const form = await openTheTypedCode(counter);
  await form.getByLabel("Customer's code").fill(code);
  await form.getByRole("button", { name: "Send code" }).click();
  const redeemed = counter.getByTestId("scan-result");
  await expect(redeemed).toHaveAttribute("data-tone", "accepted", { timeout: 30_000 });
  await expect(redeemed).toContainText("Redeemed for Adwoa");
  await context.close();

  // Back on the phone: OK clears it, and her rewards are now empty.
  await phone.getByRole("button", { name: "OK" }).click();
  await phone.getByRole("button", { name: "Call" }).click();
  await expect(screen).toContainText("hello Adwoa");
  await answer(page, "2", "No rewards to use yet");
});

/** Types an answer that is more than keys (a name) and sends it; resolves once the screen shows `expected`. */
async function typeAnswer(page: Page, text: string, expected: RegExp | string) {
  const phone = page.getByRole("form", { name: "Phone" });
  await phone.getByLabel("Your answer").fill(text);
  await phone.getByRole("button", { name: "Send" }).click();
  await expect(phone.getByRole("status", { name: "Phone screen" })).toContainText(expected);
}

test("a stamp Kofi's held for a number with no account lands on its card when that number joins by USSD", async ({
  page,
  browser,
}) => {
  test.slow();
  const local = `024${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  const international = `+233${local.slice(1)}`;

  // Esi gives a stamp at Kofi's to a customer with no account: it is held for the number.
  const context = await browser.newContext({ ...devices["Pixel 7"], baseURL: e2eBaseUrl });
  const counter = await context.newPage();
  await signInAtDemoCounter(counter);
  await counter.goto("/merchant-scanner");
  await counter.getByRole("button", { name: "No app? Use their phone number." }).click();
  const checkIn = counter.getByRole("form", { name: "Check in by phone number" });
  await checkIn.getByLabel("Customer's phone number").fill(local);
  await checkIn.getByRole("button", { name: "Stamp", exact: true }).click();
  await checkIn.getByLabel(/^Purchase amount/).fill("25");
  await checkIn.getByRole("button", { name: "Text them the code" }).click();
  const codeSms = await waitForOutboxMessage(counter.request, international, "sms");
  const codeForm = counter.getByRole("form", { name: "Type the customer's code" });
  await codeForm.getByLabel("Code from the customer's SMS").fill(/\b(\d{6})\b/.exec(codeSms.textBody)![1]!);
  await codeForm.getByRole("button", { name: "Confirm" }).click();
  await expect(counter.getByTestId("scan-result")).toContainText("A stamp is held for +233");
  // The number is texted an invite to join, after its code (the queue sends it; it may take a moment).
  await waitForOutboxMessage(counter.request, international, "sms", {
    containing: "is keeping a loyalty stamp for you",
  });
  await context.close();

  // The customer dials from that number: no account yet, so the menu offers to join.
  await page.goto("/ussd");
  const phone = page.getByRole("form", { name: "Phone" });
  const screen = phone.getByRole("status", { name: "Phone screen" });
  await phone.getByLabel("Phone number").fill(local);
  await phone.getByRole("button", { name: "Call" }).click();
  // A first-time caller chooses a language, then is offered to join.
  await expect(screen).toContainText("choose language");
  await answer(page, "1", "this number has no account yet");
  const joinedAfter = Date.now();
  await answer(page, "5", "type your name");
  await typeAnswer(page, "Kwame Boateng", "Type their invite code, or 0 to skip");
  await answer(page, "0", "as Kwame Boateng?");
  await answer(page, "1", "Welcome to Anigye, Kwame!");
  await expect(screen).toContainText("Session ended");
  const welcome = await waitForOutboxMessage(page.request, international, "sms", {
    since: joinedAfter,
    containing: "Sign in with phone number",
  });
  expect(welcome.textBody).toContain("welcome, Kwame");

  // Dialling again, he is a member, and the held stamp is on Kofi's card.
  await phone.getByRole("button", { name: "OK" }).click();
  await phone.getByRole("button", { name: "Call" }).click();
  await expect(screen).toContainText("hello Kwame");
  await answer(page, "1", "Kofi's Chop Bar 1/5");
});
