import { expect, type Page, test } from "@playwright/test";
import { fireInstallOffer } from "./support/install-offer";
import { waitForTheLiveLanding } from "./support/live-app";

async function offerInstall(page: Page) {
  await waitForTheLiveLanding(page);
  await fireInstallOffer(page);
}

test("'Later' hides the install prompt and the choice is remembered", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await offerInstall(page);
  const prompt = page.getByRole("region", { name: "Install app" });
  await expect(prompt).toBeVisible();
  await prompt.getByRole("button", { name: "Later" }).click();
  await expect(prompt).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await offerInstall(page);
  await expect(page.getByRole("region", { name: "Install app" })).toHaveCount(0);
  const dismissedAt = await page.evaluate(() => Number(localStorage.getItem("install_prompt_dismissed_at")));
  expect(Date.now() - dismissedAt).toBeLessThan(60_000);
});

test("the prompt returns once the 7 days have passed", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() =>
    localStorage.setItem("install_prompt_dismissed_at", String(Date.now() - 8 * 24 * 60 * 60 * 1000)),
  );
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await offerInstall(page);
  await expect(page.getByRole("region", { name: "Install app" })).toBeVisible();
});

test("the app installs: a manifest with icons and a service worker that serves the shell offline", async ({
  page,
  context,
}) => {
  // The page as sent doesn't name the manifest (its fetch would share a slow connection with the first
  // screen's pictures): the live app links it, and the browser reads it without errors.
  expect(await (await page.request.get("/")).text()).not.toContain('rel="manifest"');
  await page.goto("/");
  await waitForTheLiveLanding(page);
  const browser = await context.newCDPSession(page);
  await expect
    .poll(async () => (await browser.send("Page.getAppManifest")).url)
    .toMatch(/\/manifest\.webmanifest$/);
  expect((await browser.send("Page.getAppManifest")).errors).toEqual([]);
  const manifest = await (await page.request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({
    name: expect.stringContaining("Anigye"),
    display: "standalone",
    start_url: "/",
  });
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
    expect.arrayContaining(["192x192", "512x512"]),
  );
  const hasActiveWorker = () =>
    page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active));
  await expect.poll(hasActiveWorker, { timeout: 30_000 }).toBe(true);
  await page.goto("/how-it-works");
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await context.setOffline(true);
  await page.goto("/faq");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await context.setOffline(false);
});
