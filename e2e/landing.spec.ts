import { expect, test } from "@playwright/test";
import { linkIn, waitForOutboxMessage } from "./support/outbox";

test("the signed-out home shows live counters and the businesses' logos", async ({ page, request }) => {
  const stats = (await (await request.get("/api/stats/public")).json()) as {
    totalUsers: number;
    totalCompanies: number;
  };
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Watch. Discover. Reward." })).toBeVisible();
  await expect(page.getByText("Joy of Discovery")).toBeVisible();

  // The demo seed has twelve active businesses and one consumer; journeys may have added more.
  expect(stats.totalCompanies).toBeGreaterThanOrEqual(12);
  expect(stats.totalUsers).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId("stat-users")).toHaveText(String(stats.totalUsers));
  await expect(page.getByTestId("stat-companies")).toHaveText(String(stats.totalCompanies));

  const logo = page
    .getByTestId("carousel-logos")
    .getByRole("listitem")
    .filter({ hasText: "Kofi's Chop Bar" })
    .first()
    .locator("img");
  await expect(logo).toBeVisible();
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  // The moving strip can be stopped (and started again).
  const strip = page.getByTestId("carousel-logos");
  await page.getByRole("button", { name: "Pause logos" }).click();
  await expect(strip).toHaveCSS("animation-play-state", "paused");
  await page.getByRole("button", { name: "Play logos" }).click();
  await expect(strip).toHaveCSS("animation-play-state", "running");

  await expect(page.getByRole("heading", { name: "How Discovery & Loyalty Works" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Join Free Today" })).toHaveAttribute("href", "/register");
  await expect(page.getByRole("link", { name: "Business? Join Here" })).toHaveAttribute("href", "/business");
});

test("the Explorers counter follows a new member while the page stays open", async ({ page, request }) => {
  await page.goto("/");
  const counter = page.getByTestId("stat-users");
  await expect(counter).toHaveText(/^\d[\d,]*$/);
  const before = Number((await counter.textContent())?.replaceAll(",", ""));
  expect(before).toBeGreaterThanOrEqual(1);

  // A new member registers and verifies in another browser; the open page polls every 10 s.
  const id = `${Date.now().toString(36)}`;
  const email = `counter-${id}@example.com`;
  const registered = await request.post("/api/auth/register", {
    headers: { "X-Requested-With": "anigye" },
    data: { displayName: "Kojo Counter", username: `counter-${id}`, email, password: "counting-explorers-1" },
  });
  expect(registered.ok()).toBe(true);
  const mail = await waitForOutboxMessage(request, email, "email");
  const token = new URL(linkIn(mail)).searchParams.get("verify");
  const verified = await request.post("/api/auth/verify-email", {
    headers: { "X-Requested-With": "anigye" },
    data: { token },
  });
  expect(verified.ok()).toBe(true);

  await expect(page.getByTestId("stat-users")).toHaveText(String(before + 1), { timeout: 30_000 });
});

test("an unknown path shows the not-found page, answered 404", async ({ page }) => {
  const response = await page.goto("/this/page/does-not-exist");
  // The server knows the app's routes: a crawler or monitor sees the page doesn't exist.
  expect(response?.status()).toBe(404);
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

test.describe("before any JavaScript runs", () => {
  test.use({ javaScriptEnabled: false });

  test("the landing and the content pages arrive already rendered, in the device's language", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Watch. Discover. Reward." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Join Now" }).first()).toBeVisible();
    await expect(page.getByTestId("language-chooser")).toBeVisible();

    // Choosing before any code has run reloads the page in that language, and the device keeps it.
    await page.getByTestId("language-chooser").getByRole("button", { name: "Twi" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Hwɛ. Hu. Nya akatua." })).toBeVisible();
    await expect(page.getByTestId("language-chooser")).toHaveCount(0);
    await context.clearCookies();

    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

    // A device that chose Twi gets Twi from the server, and no chooser.
    const { origin } = new URL(page.url());
    await context.addCookies([{ name: "anigye_language", value: "tw", url: origin }]);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Hwɛ. Hu. Nya akatua." })).toBeVisible();
    await expect(page.getByTestId("language-chooser")).toHaveCount(0);
    expect(await page.locator("html").getAttribute("lang")).toBe("tw");
  });
});
