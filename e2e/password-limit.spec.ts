import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { e2eBaseUrl } from "../playwright.config";
import { signInAsNewMember } from "./support/members";
import { linkIn, waitForOutboxMessage } from "./support/outbox";

/**
 * Past an account's wrong passwords of the day (docs/product-rules.md#accounts-wrong-passwords-across-addresses),
 * a phone that never signed in to it is offered the sign-in link instead of a password check, on a 360 px
 * screen, and the offer's button gets the owner in. The journeys can't spread guesses over 100 addresses,
 * so the admin lowers the account's limit to 3 for the test and puts it back after.
 */
test.use({ viewport: { width: 360, height: 780 } });

const appHeaders = { "x-requested-with": "anigye", origin: e2eBaseUrl };
const setting = "password_failures_per_account";

async function setAccountLimit(admin: APIRequestContext, value: number) {
  const saved = await admin.put(`/api/admin/settings/${setting}`, { data: { value }, headers: appHeaders });
  expect(saved.status(), await saved.text()).toBe(200);
}

let admin: APIRequestContext;
test.beforeAll(async ({ playwright }) => {
  admin = await playwright.request.newContext({ baseURL: e2eBaseUrl });
  const login = await admin.post("/api/auth/login", {
    data: { email: "admin@example.com", password: "anigye-demo" },
    headers: appHeaders,
  });
  expect(login.ok()).toBe(true);
  await setAccountLimit(admin, 3);
});
test.afterAll(async () => {
  // Back to the product's value, so the other journeys on this server see the default.
  await setAccountLimit(admin, 100);
  await admin.dispose();
});

/** The page fits the phone: nothing wider than the screen. */
async function expectFitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test("a member's password is not checked on a new phone once the account had too many wrong ones; the offered link gets them in", async ({
  page,
  browser,
}) => {
  // The member registered on their own phone (another browser), which stays known to the account.
  const ownPhone = await browser.newContext({ baseURL: e2eBaseUrl });
  const { email } = await signInAsNewMember(await ownPhone.newPage(), "Adwoa Guarded");
  await ownPhone.close();

  await page.goto("/login");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  for (let attempt = 0; attempt < 3; attempt++) {
    await form.getByLabel("Password").fill(`wrong-guess-${attempt}`);
    await form.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByTestId("toast").last()).toContainText("Login failed");
  }
  // The right password, on this new phone: not checked, the link offered instead.
  await form.getByLabel("Password").fill("kelewele-at-night-7");
  await form.getByRole("button", { name: "Sign in", exact: true }).click();
  const refusal = page.getByTestId("login-refused");
  await expect(refusal).toContainText(
    "Too many wrong passwords were tried for this account, so we can't check a password on this device for now. Sign in with a link sent to your email instead.",
  );
  await expect(page).toHaveURL(/\/login$/);
  await expectFitsThePhone(page);

  const sentAt = Date.now();
  await form.getByRole("button", { name: "Email me a sign-in link", exact: true }).click();
  await expect(page.getByTestId("sign-in-link-sent")).toContainText("we've sent a sign-in link");
  const link = linkIn(await waitForOutboxMessage(page.request, email, "email", { since: sentAt }));
  expect(link).toContain("/login?signin=");
  await page.goto(link);
  await expect(page.getByTestId("toast")).toContainText("Welcome back!");
  await expect(page).toHaveURL(/\/rewards$/);
});

test("a business owner on a new phone is offered the sign-in link instead, and it opens the dashboard", async ({
  page,
}) => {
  const username = "tiny-steps-kids";
  await page.goto("/company");
  const form = page.getByRole("form", { name: "Company sign in" });
  await form.getByLabel("Username").fill(username);
  for (let attempt = 0; attempt < 3; attempt++) {
    await form.getByLabel("Password").fill(`wrong-guess-${attempt}`);
    await form.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(form.getByRole("alert")).toContainText("Invalid username or password");
  }
  await form.getByLabel("Password").fill("anigye-demo");
  await form.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(form.getByRole("alert")).toContainText(
    "we can't check a password on this device for now. Ask for a sign-in link instead.",
  );
  await expectFitsThePhone(page);

  const sentAt = Date.now();
  await form.getByRole("button", { name: "Send me a sign-in link", exact: true }).click();
  await expect(page.getByTestId("company-link-sent")).toContainText("we've sent a sign-in link");
  const link = linkIn(
    await waitForOutboxMessage(page.request, `${username}@example.com`, "email", { since: sentAt }),
  );
  await page.goto(link);
  await expect(page).toHaveURL(/\/company-dashboard\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tiny Steps Kids Store" })).toBeVisible();
});
