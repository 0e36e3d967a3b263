import { expect, test } from "@playwright/test";

test("the signed-out home shows live counters and the businesses' logos", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Watch. Discover. Reward." })).toBeVisible();
  await expect(page.getByText("Joy of Discovery")).toBeVisible();

  // The demo seed has one active consumer (Ama) and twelve active businesses.
  await expect(page.getByTestId("stat-users")).toHaveText("1");
  await expect(page.getByTestId("stat-companies")).toHaveText("12");

  const logos = page.getByTestId("carousel-logos").getByRole("img", { name: "Kofi's Chop Bar" });
  await expect(logos).toBeVisible();
  await expect
    .poll(() => logos.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  await expect(page.getByRole("heading", { name: "How Discovery & Loyalty Works" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Join Free Today" })).toHaveAttribute("href", "/register");
  await expect(page.getByRole("link", { name: "Business? Join Here" })).toHaveAttribute("href", "/business");
});

test("the counters follow new signups while the page stays open", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.getByTestId("stat-companies")).toHaveText("12");
  // Polling every 10 s keeps the numbers live; the response is what the server answers now.
  const stats = await request.get("/api/stats/public");
  expect(await stats.json()).toEqual({ totalUsers: 1, totalCompanies: 12 });
});

test("an unknown path shows the not-found page", async ({ page }) => {
  await page.goto("/this/page/does-not-exist");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL("/");
});

test("content pages open from the home page without a full reload", async ({ page }) => {
  await page.goto("/business");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("GH₵ 100.00").first()).toBeVisible();
  for (const path of ["/features", "/faq", "/how-it-works", "/merchant-pitch", "/privacy", "/terms"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Page not found" })).toHaveCount(0);
  }
});
