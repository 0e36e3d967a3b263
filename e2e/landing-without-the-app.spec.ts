import { expect, type Page, test } from "@playwright/test";
import { fireInstallOffer } from "./support/install-offer";

/**
 * The landing shows and works from its own small script: the app's code (named in the page's
 * `app-entry` meta) is fetched only when the visitor heads into the app.
 */

// A first visit: nothing answered from a service worker's cache, every script asked of the server.
test.use({ serviceWorkers: "block" });

function recordCode(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith(".js")) asked.push(pathname);
  });
  return asked;
}

test("the landing's counters, logos, draw link, install prompt and language work without the app, which comes with Sign in", async ({
  page,
  request,
}) => {
  const stats = (await (await request.get("/api/stats/public")).json()) as { totalUsers: number };
  const { draws } = (await (await request.get("/api/draws")).json()) as {
    draws: { id: number; kind: string; status: string }[];
  };
  const latestDrawn = draws.find((draw) => draw.status === "drawn");
  const asked = recordCode(page);
  await page.goto("/");
  const appModules = (await page.locator('meta[name="app-entry"]').getAttribute("content"))!.split(" ");
  const appEntry = appModules[0]!;
  expect(appEntry).toMatch(/^\/assets\/index-[^/]+\.js$/);

  await expect(page.getByTestId("stat-users")).toHaveText(stats.totalUsers.toLocaleString("en-GH"));
  await expect(page.getByTestId("stat-companies")).toHaveText(/^\d[\d,]*$/);
  const strip = page.getByTestId("carousel-logos");
  await expect(strip.getByRole("listitem").filter({ hasText: "Kofi's Chop Bar" }).first()).toBeVisible();
  await page.getByRole("button", { name: "Pause logos" }).click();
  await expect(strip).toHaveCSS("animation-play-state", "paused");
  await page.getByRole("button", { name: "Play logos" }).click();
  await expect(strip).toHaveCSS("animation-play-state", "running");
  if (latestDrawn) {
    const path = `/${latestDrawn.kind === "competition" ? "competitions" : "draws"}/${latestDrawn.id}`;
    await expect(page.getByTestId("latest-draw-link")).toHaveAttribute("href", path);
  } else {
    await expect(page.getByTestId("latest-draw-link")).toHaveCount(0);
  }

  await fireInstallOffer(page);
  const prompt = page.getByRole("region", { name: "Install app" });
  await expect(prompt).toBeVisible();
  await prompt.getByRole("button", { name: "Later" }).click();
  await expect(prompt).toHaveCount(0);

  // The first-run chooser swaps in the page rendered in Twi, its moving parts still moving.
  await page.getByTestId("language-chooser").getByRole("button", { name: "Twi" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hwɛ. Hu. Nya akatua.");
  await expect(page.locator("html")).toHaveAttribute("lang", "tw");
  await expect(page.getByTestId("language-chooser")).toHaveCount(0);
  await expect(page.getByTestId("stat-users")).toHaveText(stats.totalUsers.toLocaleString("en-GH"));
  await expect(page.getByRole("button", { name: "Gyina logo no" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("anigye_language"))).toBe("tw");

  // Only the landing's own script and what it imports (a chunk it may share with the app) came.
  const ownCode = await page
    .locator('script[src], link[rel="modulepreload"]')
    .evaluateAll((tags) =>
      tags.map(
        (tag) => new URL(tag.getAttribute("src") ?? tag.getAttribute("href")!, location.href).pathname,
      ),
    );
  expect(asked.length, "the landing's own script").toBeGreaterThan(0);
  expect(asked.filter((script) => !ownCode.includes(script))).toEqual([]);
  expect(asked).not.toContain(appEntry);

  // Heading into the app brings its code, and the sign-in page works, in the device's language.
  await page.getByRole("navigation", { name: "Titire" }).getByRole("link", { name: "Wura mu" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Akwaaba bio" })).toBeVisible();
  const form = page.getByRole("form", { name: "Wura mu" });
  await form.getByRole("button", { name: "Wura mu", exact: true }).click();
  await expect(form.getByText("Ɛsɛ sɛ wode email hyɛ mu")).toBeVisible();
  expect(asked).toContain(appEntry);
});

test.describe("a device that chose Twi before the language cookie existed", () => {
  test("gets the landing in Twi from its own script", async ({ page, context }) => {
    await context.addInitScript(() => localStorage.setItem("anigye_language", "tw"));
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hwɛ. Hu. Nya akatua.");
    await expect(page.getByTestId("language-chooser")).toHaveCount(0);
    await expect(page.getByTestId("stat-users")).toHaveText(/^\d[\d,]*$/);
    expect((await context.cookies()).find((cookie) => cookie.name === "anigye_language")?.value).toBe("tw");
  });
});

test("the content pages show and work without the app too, titled as the app titles them", async ({
  page,
}) => {
  const asked = recordCode(page);
  await page.goto("/faq");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("FAQ · Anigye");
  const appEntry = (await page.locator('meta[name="app-entry"]').getAttribute("content"))!.split(" ")[0]!;
  await page.getByTestId("language-chooser").getByRole("button", { name: "Twi" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "tw");
  await expect(page.getByRole("navigation", { name: "Titire" })).toBeVisible();
  await expect(page.getByTestId("language-chooser")).toHaveCount(0);
  // Another content page is another pre-rendered page: still no app code.
  await page.getByRole("navigation", { name: "Titire" }).getByRole("link", { name: "Anigye fie" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hwɛ. Hu. Nya akatua.");
  expect(asked).not.toContain(appEntry);
});
