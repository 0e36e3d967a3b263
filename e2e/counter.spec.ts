import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type Browser,
  type BrowserContext,
  chromium,
  devices,
  expect,
  type Page,
  test,
} from "@playwright/test";
import { e2eBaseUrl } from "../playwright.config";
import { chromiumArgs, chromiumPath } from "./support/chromium";
import { openTheTypedCode } from "./support/counter";
import { signInAsDemo, signInAsNewMember, signInAtDemoCounter } from "./support/members";
import { writeQrVideo } from "./support/qr-video";

/**
 * The shop counter with a real camera path: a second Chromium whose fake camera plays a video of the QR
 * the member's phone shows, so the scanner page reads it the way a phone camera would (the zxing
 * polyfill here, as Debian's Chromium has no native BarcodeDetector).
 */

const videoDir = fs.mkdtempSync(path.join(os.tmpdir(), "anigye-qr-video-"));
let videos = 0;

/** A counter phone whose camera sees `qrText`. */
async function counterPhoneSeeing(qrText: string): Promise<Browser> {
  const file = writeQrVideo(qrText, path.join(videoDir, `qr-${++videos}.y4m`));
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${file}`,
    ],
  });
}

async function counterContext(
  browser: Browser,
  storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>,
) {
  return browser.newContext({
    ...devices["Pixel 7"],
    baseURL: e2eBaseUrl,
    permissions: ["camera"],
    storageState,
  });
}

async function memberQrOn(page: Page): Promise<string> {
  const qr = page.getByTestId("member-qr");
  await expect(qr).toBeVisible();
  return (await qr.getAttribute("data-qr"))!;
}

test.afterAll(() => fs.rmSync(videoDir, { recursive: true, force: true }));

test("staff stamp Ama's card and redeem her reward with the phone camera; Ama sees both", async ({
  page,
}) => {
  test.slow();
  await signInAsDemo(page, "ama@example.com");
  await page.goto("/loyalty-dashboard");
  await expect(page.getByRole("heading", { name: "My loyalty card" })).toBeVisible();
  const kofiCard = page.getByTestId("stamp-card").filter({ hasText: "Kofi's Chop Bar" });
  await expect(kofiCard.getByRole("img", { name: "1 of 5 stamps" })).toBeVisible();

  // The counter phone's camera sees Ama's loyalty QR: Esi types the purchase, chooses Stamp, and it reads.
  const stampPhone = await counterPhoneSeeing(await memberQrOn(page));
  const stampContext = await counterContext(stampPhone);
  const counter = await stampContext.newPage();
  await signInAtDemoCounter(counter);
  await counter.goto("/merchant-scanner");
  await counter.getByLabel("Purchase amount (GH₵)").fill("35");
  await counter.getByRole("button", { name: "Stamp", exact: true }).click();
  const stamped = counter.getByTestId("scan-result");
  await expect(stamped).toHaveAttribute("data-tone", "accepted", { timeout: 30_000 });
  await expect(stamped).toContainText("Stamp 2 of 5 for Ama.");
  const signedInCounter = await stampContext.storageState();
  await stampPhone.close();

  // Ama's card page refreshes by itself.
  await expect(kofiCard.getByRole("img", { name: "2 of 5 stamps" })).toBeVisible({ timeout: 30_000 });

  // Ama shows her reward's QR; a counter phone that sees it redeems it.
  await page.goto("/rewards");
  const reward = page
    .getByRole("list", { name: "Rewards" })
    .getByRole("listitem")
    .filter({ hasText: "Fufu & goat light soup" });
  await reward.getByRole("button", { name: "Redeem" }).click();
  await page.getByRole("button", { name: "Show QR to staff" }).click();
  const rewardQr = page.getByTestId("reward-qr");
  await expect(rewardQr).toBeVisible();
  const redeemPhone = await counterPhoneSeeing((await rewardQr.getAttribute("data-qr"))!);
  const redeemContext = await counterContext(redeemPhone, signedInCounter);
  const redeemer = await redeemContext.newPage();
  await redeemer.goto("/merchant-scanner");
  await redeemer.getByRole("button", { name: "Redeem", exact: true }).click();
  const redeemed = redeemer.getByTestId("scan-result");
  await expect(redeemed).toHaveAttribute("data-tone", "accepted", { timeout: 30_000 });
  await expect(redeemed).toContainText("Redeemed for Ama");
  // Ama's dialog says so (its success screen closes by itself after a few seconds, so before the re-scan).
  await expect(page.getByText("Redeemed at Kofi's Chop Bar")).toBeVisible({ timeout: 30_000 });
  // The same QR shown again (the page reopened, so the camera sends it once more): when, and by whom.
  await redeemer.reload();
  await redeemer.getByRole("button", { name: "Redeem", exact: true }).click();
  await expect(redeemed).toHaveAttribute("data-tone", "refused", { timeout: 30_000 });
  await expect(redeemed).toContainText(/Already redeemed on \d{1,2} \w{3} \d{4}, .+ by Esi\./);
  await redeemPhone.close();

  await page.goto("/rewards");
  await expect(
    page
      .getByRole("list", { name: "Rewards" })
      .getByRole("listitem")
      .filter({ hasText: "Fufu & goat light soup" }),
  ).toContainText("Used on");
});

test("a counter without a camera redeems a reward by the code typed from under its QR, once", async ({
  page,
  browser,
}) => {
  test.slow();
  await signInAsNewMember(page, "Yaw Boateng");
  // Yaw earns a Kofi's discount by watching its ad (an image: about 8 s of real watching).
  await page.goto("/");
  await page.getByLabel("Search ads and companies").fill("Waakye + wele");
  await page.getByTestId("ad-card").first().getByRole("link").first().click();
  await expect(page.getByRole("dialog", { name: "Reward unlocked" })).toBeVisible({ timeout: 30_000 });

  await page.goto("/rewards");
  await page
    .getByRole("list", { name: "Rewards" })
    .getByRole("listitem")
    .filter({ hasText: "Waakye + wele" })
    .getByRole("button", { name: "Redeem" })
    .click();
  await page.getByRole("button", { name: "Show QR to staff" }).click();
  await expect(page.getByTestId("reward-qr")).toBeVisible();
  await expect(page.getByText("No camera at the counter? Staff type this code instead:")).toBeVisible();
  const typedCode = (await page.getByRole("group", { name: "Reward code" }).textContent())!.trim();
  expect(typedCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

  // A counter phone with no camera: Esi chooses Redeem and types the code, lower-case and without its dash.
  const context = await browser.newContext({ ...devices["Pixel 7"], baseURL: e2eBaseUrl });
  const counter = await context.newPage();
  await signInAtDemoCounter(counter);
  await counter.goto("/merchant-scanner");
  await counter.getByRole("button", { name: "Redeem", exact: true }).click();
  const form = await openTheTypedCode(counter);
  await form.getByLabel("Customer's code").fill(typedCode.replace("-", "").toLowerCase());
  await form.getByRole("button", { name: "Send code" }).click();
  const redeemed = counter.getByTestId("scan-result");
  await expect(redeemed).toHaveAttribute("data-tone", "accepted", { timeout: 30_000 });
  await expect(redeemed).toContainText("Redeemed for Yaw");
  await expect(page.getByText("Redeemed at Kofi's Chop Bar")).toBeVisible({ timeout: 30_000 });

  // The code worked once: typed again, it is refused.
  await expect(redeemed).toBeHidden({ timeout: 30_000 }); // the answer makes way for the next customer
  await openTheTypedCode(counter);
  await form.getByLabel("Customer's code").fill(typedCode);
  await form.getByRole("button", { name: "Send code" }).click();
  await expect(redeemed).toHaveAttribute("data-tone", "refused", { timeout: 30_000 });
  await expect(redeemed).toContainText(/Already redeemed on \d{1,2} \w{3} \d{4}, .+ by Esi\./);
  await context.close();
});

test("a counter typing too many wrong codes waits a few seconds, sees the wait count down, then a right code works", async ({
  page,
  browser,
}) => {
  test.slow();
  // A shop and a staff member of their own: the wrong codes count against them and this phone only.
  const business = "tiny-steps-kids";
  const staffName = `Adwoa ${Date.now().toString(36)}`;
  await signInAsNewMember(page, "Kwesi Appiah");
  const owner = await browser.newContext({ baseURL: e2eBaseUrl });
  const headers = { "x-requested-with": "anigye", origin: e2eBaseUrl };
  const signedIn = await owner.request.post("/api/companies/login", {
    headers,
    data: { username: business, password: "anigye-demo" },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const companyId = (await signedIn.json()).company.id as number;
  const added = await owner.request.post(`/api/companies/${companyId}/staff`, {
    headers,
    data: { name: staffName, pin: "4821" },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await owner.close();

  const context = await browser.newContext({
    ...devices["Pixel 7"],
    viewport: { width: 360, height: 780 },
    baseURL: e2eBaseUrl,
  });
  const counter = await context.newPage();
  await counter.goto("/merchant-login");
  const signIn = counter.getByRole("form", { name: "Counter sign-in" });
  await signIn.getByLabel("Business username").fill(business);
  await signIn.getByLabel("Your name").fill(staffName);
  await signIn.getByLabel("PIN").fill("4821");
  await signIn.getByRole("button", { name: "Sign in" }).click();
  await expect(counter.getByRole("heading", { name: "Counter", exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await counter.goto("/merchant-scanner");
  await counter.getByRole("button", { name: "Look up", exact: true }).click();
  const form = await openTheTypedCode(counter);
  const result = counter.getByTestId("scan-result");
  const typeAndSend = async (code: string) => {
    await form.getByLabel("Customer's code").fill(code);
    await form.getByRole("button", { name: "Send code" }).click();
    await expect(result).toHaveAttribute("data-tone", "refused", { timeout: 30_000 });
  };

  // Ten codes that don't exist are each checked and refused.
  for (let i = 0; i < 10; i++) {
    await typeAndSend(`ZZ${"ABCDEFGHJK"[i]}XQR`);
    await expect(result).toContainText("We don't recognise this code");
    await result.getByRole("button", { name: "Next customer" }).click();
  }
  // The next one waits (on a slow machine a later one): the answer says so and counts the seconds down.
  let slowed = false;
  for (let tries = 0; tries < 3 && !slowed; tries++) {
    await typeAndSend(`ZZ${"MNP"[tries]}XQR`);
    slowed = /Too many wrong codes/.test((await result.textContent()) ?? "");
    if (!slowed) await result.getByRole("button", { name: "Next customer" }).click();
  }
  expect(slowed).toBe(true);
  await expect(result).toContainText(
    /Too many wrong codes\. Try again in \d+ seconds?\. Scanning a QR still works\./,
  );
  await expect(result.getByRole("timer")).toContainText(/Typed codes wait \d+ more seconds?\./);
  const overflow = await counter.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await result.getByRole("button", { name: "Next customer" }).click();

  // The code form shows what is left of the wait, and sends again once it is over.
  const wait = form.getByRole("timer");
  const send = form.getByRole("button", { name: "Send code" });
  if (await wait.isVisible()) await expect(send).toBeDisabled();
  await expect(wait).toBeHidden({ timeout: 65_000 });
  await expect(send).toBeEnabled();
  const { shortCode } = (await (await page.request.get("/api/loyalty/qr")).json()) as { shortCode: string };
  await form.getByLabel("Customer's code").fill(shortCode);
  await send.click();
  await expect(result).toHaveAttribute("data-tone", "accepted", { timeout: 30_000 });
  await expect(result).toContainText("Kwesi");
  await context.close();
});

test("a scan made with the connection down waits on the phone and syncs once it returns", async ({
  page,
}) => {
  test.slow();
  await signInAsNewMember(page, "Kwabena Asare");
  await page.goto("/loyalty-dashboard");
  const qr = await memberQrOn(page);

  const phone = await counterPhoneSeeing(qr);
  const context = await counterContext(phone);
  const counter = await context.newPage();
  await signInAtDemoCounter(counter);
  await counter.goto("/merchant-scanner");
  await expect(counter.getByRole("heading", { name: "Scan" })).toBeVisible();
  await counter.getByLabel("Purchase amount (GH₵)").fill("25");
  // The connection drops once the scanner is up (its code reader loaded), as at a counter mid-shift.
  await expect(counter.locator("[data-camera-state='scanning']")).toBeVisible({ timeout: 30_000 });

  await context.setOffline(true);
  await counter.getByRole("button", { name: "Stamp", exact: true }).click();
  const result = counter.getByTestId("scan-result");
  await expect(result).toHaveAttribute("data-tone", "queued", { timeout: 30_000 });
  await expect(result).toContainText("Saved — waiting to sync");

  await context.setOffline(false);
  await counter.goto("/merchant");
  const log = counter.getByRole("list", { name: "Today's log" });
  await expect(log.getByText("Accepted · synced").first()).toBeVisible({ timeout: 30_000 });
  await expect(log).toContainText("Kwabena");
  await phone.close();

  await expect(
    page
      .getByTestId("stamp-card")
      .filter({ hasText: "Kofi's Chop Bar" })
      .getByRole("img", { name: "1 of 5 stamps" }),
  ).toBeVisible({ timeout: 30_000 });
});

test("the scanner opened signed out signs staff in and comes back to the scanner, naming Esi's branch", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/merchant-scanner");
  await expect(page).toHaveURL(/\/merchant-login\?next=%2Fmerchant-scanner$/);
  const form = page.getByRole("form", { name: "Counter sign-in" });
  await form.getByLabel("Business username").fill("kofi-chop-bar");
  await form.getByLabel("Your name").fill("Esi");
  await form.getByLabel("PIN").fill("2580");
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/merchant-scanner$/);
  await expect(page.getByRole("heading", { name: "Scan", exact: true })).toBeVisible();
  // Who works here and at which branch (Kofi's one branch, named after its city in the demo).
  await expect(page.getByTestId("counter-who")).toHaveText("Esi · Accra branch");

  // An address naming another site, or a page that isn't the counter's, leads to the counter's home.
  for (const next of ["https://evil.example/merchant-scanner", "//evil.example", "/admin"]) {
    await page.goto("/merchant");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/merchant-login$/);
    await page.goto(`/merchant-login?next=${encodeURIComponent(next)}`);
    await form.getByLabel("Your name").fill("Esi");
    await form.getByLabel("PIN").fill("2580");
    await form.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/merchant$/);
    await expect(page.getByRole("heading", { name: "Counter", exact: true })).toBeVisible();
  }
});
