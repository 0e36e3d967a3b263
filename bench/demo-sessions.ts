import type { BrowserContext } from "@playwright/test";
import { demoAccounts } from "../src/server/db/seed/seed";

/** Signing in and reading the demo seed's data through the app's own API, as the app's pages do. */

const demoPassword = "anigye-demo";
const apiHeaders = { "X-Requested-With": "anigye" };

/** Signs the context in as the demo member (Ama), as the login form would leave her phone. */
export async function signInDemoMember(context: BrowserContext, baseUrl: string) {
  const signIn = await context.request.post(`${baseUrl}/api/auth/login`, {
    headers: apiHeaders,
    data: { email: demoAccounts.consumer.email, password: demoPassword },
  });
  if (!signIn.ok()) throw new Error(`member sign-in failed: ${signIn.status()} ${await signIn.text()}`);
  const user = (await signIn.json()).user;
  // The app remembers who is signed in (and the device's language) in local storage, beside the cookie.
  await inLocalStorage(context, baseUrl, {
    auth_session: "true",
    auth_user: JSON.stringify(user),
    anigye_language: "en",
  });
}

/** Signs the context in as the demo shop's counter staff (Esi at Kofi's), as `/merchant-login` does. */
export async function signInDemoCounter(context: BrowserContext, baseUrl: string) {
  const { username, staffName, pin } = demoAccounts.counterStaff;
  const signIn = await context.request.post(`${baseUrl}/api/merchant/login`, {
    headers: apiHeaders,
    data: { username, staffName, pin },
  });
  if (!signIn.ok()) throw new Error(`counter sign-in failed: ${signIn.status()} ${await signIn.text()}`);
  const { actor } = await signIn.json();
  await inLocalStorage(context, baseUrl, {
    "anigye.counterActor": JSON.stringify(actor),
    anigye_language: "en",
  });
}

/** Signs everyone out of the context: cookies and the app's local storage. */
export async function signOutEveryone(context: BrowserContext, baseUrl: string) {
  await context.clearCookies();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate(() => localStorage.clear());
  await page.close();
}

async function inLocalStorage(context: BrowserContext, baseUrl: string, items: Record<string, string>) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate((stored) => {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  }, items);
  await page.close();
}

/** The first ad of the signed-in member's Discover (what the first card opens). */
export async function firstDiscoverAd(context: BrowserContext, baseUrl: string) {
  const answer = await context.request.get(`${baseUrl}/api/ads/discovery`, { headers: apiHeaders });
  if (!answer.ok()) throw new Error(`Discover failed: ${answer.status()}`);
  const [first] = (await answer.json()) as { id: number; mediaType: string }[];
  if (!first) throw new Error("Discover has no ads: was the demo seeded?");
  return first;
}

/** The short code under the signed-in member's loyalty QR (valid for a minute), as staff would type it. */
export async function memberShortCode(context: BrowserContext, baseUrl: string): Promise<string> {
  const answer = await context.request.get(`${baseUrl}/api/loyalty/qr`, { headers: apiHeaders });
  if (!answer.ok()) throw new Error(`member QR failed: ${answer.status()}`);
  return (await answer.json()).shortCode;
}
