import { expect, type Page } from "@playwright/test";
import { e2eBaseUrl } from "../../playwright.config";
import english from "../../src/shared/i18n/catalogs/screens/auth.en.json" with { type: "json" };
import twi from "../../src/shared/i18n/catalogs/screens/auth.tw.json" with { type: "json" };
import { linkIn, waitForOutboxMessage } from "./outbox";

/**
 * A brand-new member with no history, registered through the API and activated by the emailed link
 * (the browser ends up signed in), for journeys that must not depend on what other journeys earned.
 */
export async function signInAsNewMember(page: Page, name = "Efua Mensah") {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const email = `member-${id}@example.com`;
  const response = await page.request.post("/api/auth/register", {
    data: { displayName: name, username: `member-${id}`, email, password: "kelewele-at-night-7" },
    headers: { "x-requested-with": "anigye", origin: e2eBaseUrl },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto(linkIn(await waitForOutboxMessage(page.request, email, "email")));
  // In the language this device chose.
  const activated = (title: string) => page.getByRole("heading", { name: title });
  await expect(
    activated(english["auth.activated.title"]).or(activated(twi["auth.activated.title"])),
  ).toBeVisible();
  return { email };
}

/** Signs in through the login form with one of the seed's demo accounts (all share one password). */
export async function signInAsDemo(page: Page, email: string) {
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill("anigye-demo");
  await form.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" }),
  ).toBeVisible();
}

/** Signs in at the demo shop's counter (Kofi's Chop Bar) as its staff member Esi, on the counter's home. */
export async function signInAtDemoCounter(page: Page) {
  await page.goto("/merchant-login");
  const form = page.getByRole("form", { name: "Counter sign-in" });
  await form.getByLabel("Business username").fill("kofi-chop-bar");
  await form.getByLabel("Your name").fill("Esi");
  await form.getByLabel("PIN").fill("2580");
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Counter", exact: true })).toBeVisible({ timeout: 30_000 });
}

/**
 * Signs in through the business sign-in form as one of the seed's demo businesses (its owner; all share
 * one password) and returns the business's id, read from the dashboard it lands on.
 */
export async function signInAsDemoCompany(page: Page, username = "kofi-chop-bar") {
  await page.goto("/company");
  const form = page.getByRole("form", { name: "Company sign in" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password").fill("anigye-demo");
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/company-dashboard\/\d+/);
  return Number(new URL(page.url()).pathname.split("/").at(-1));
}

/** A demo member's session on this browser (the cookie), without using the app's screens. */
export async function signInAsDemoByApi(page: Page, email = "ama@example.com") {
  const signIn = await page.request.post("/api/auth/login", {
    headers: { "X-Requested-With": "anigye" },
    data: { email, password: "anigye-demo" },
  });
  expect(signIn.ok()).toBe(true);
}

/** Watches the seed's rice offer (8 s, a code per view) to the end and returns the code it unlocks. */
export async function earnRiceCode(page: Page): Promise<string> {
  await page.goto("/");
  await page.getByLabel("Search ads and companies").fill("5 kg bag of rice");
  await page.getByTestId("ad-card").first().getByRole("link").first().click();
  const reward = page.getByRole("dialog", { name: "Reward unlocked" });
  await expect(reward).toBeVisible({ timeout: 30_000 });
  const code = (await reward.getByTestId("reward-code").textContent())?.trim();
  expect(code).toMatch(/^[A-Z0-9-]{4,}$/);
  return code!;
}
