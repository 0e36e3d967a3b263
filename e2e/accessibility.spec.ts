import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { signInAsDemoCompany, signInAsNewMember } from "./support/members";

/**
 * Every page passes axe-core's WCAG 2.2 A and AA rules on a 360 px phone, in English and in
 * Twi, for each kind of visitor: signed out, a member, a business owner, an admin and counter staff.
 */
const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const languages = ["en", "tw"] as const;
type Language = (typeof languages)[number];

test.use({ viewport: { width: 360, height: 780 } });
// Each test opens many pages and axe reads each one whole.
test.describe.configure({ timeout: 120_000 });

const publicPages = [
  "/",
  "/login",
  "/register",
  "/features",
  "/how-it-works",
  "/faq",
  "/privacy",
  "/terms",
  "/business",
  "/merchant-pitch",
  "/early-access",
  "/coming-soon",
  "/subscription",
  "/anigye-plus",
  "/rewards-test",
  "/leaderboard",
  "/company",
  "/merchant",
  "/merchant-login",
  "/places/1",
  "/ussd",
  "/no-such-page",
];
const memberPages = [
  "/",
  "/watch",
  "/mobile-watch?ad=1",
  "/moments",
  "/rewards",
  "/loyalty-dashboard",
  "/qr-scanner",
  "/notifications",
  "/profile",
  "/onboarding",
  "/leaderboard",
  "/anigye-plus",
];

async function chooseLanguageOnThisDevice(context: BrowserContext, language: Language) {
  await context.addInitScript((chosen) => localStorage.setItem("anigye_language", chosen), language);
}

/**
 * axe runs in legacy mode: axe.run in the page itself, which reads the page and any same-origin frames.
 * The default mode also reaches cross-origin frames, at the price of a second page opened per analysis
 * to merge the frames' results (it doubled the walks' time); no page has such frames, and this says so.
 */
function crossOriginFramesOn(page: Page) {
  const origin = new URL(page.url()).origin;
  return page
    .frames()
    .map((frame) => frame.url())
    .filter((url) => url.startsWith("http") && new URL(url).origin !== origin);
}

/** Opens each page once it has settled and collects what axe finds, page by page. */
async function violationsOn(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expect(page.locator("#root")).not.toBeEmpty();
    expect(
      crossOriginFramesOn(page),
      `${path}: cross-origin frames, which axe's legacy mode leaves unread`,
    ).toEqual([]);
    const { violations } = await new AxeBuilder({ page }).withTags(wcagTags).setLegacyMode().analyze();
    for (const violation of violations) {
      const where = violation.nodes
        .map((node) => node.target.join(" "))
        .slice(0, 3)
        .join(" | ");
      found.push(`${path}: ${violation.id} (${violation.impact}) ${violation.help} at ${where}`);
    }
  }
  return found;
}

test("the first-run language chooser passes axe-core", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("language-chooser")).toBeVisible();
  expect(await violationsOn(page, ["/", "/login"])).toEqual([]);
});

for (const language of languages) {
  test.describe(`in ${language === "en" ? "English" : "Twi"}`, () => {
    test.beforeEach(async ({ context }) => chooseLanguageOnThisDevice(context, language));

    test("the signed-out pages pass axe-core", async ({ page }) => {
      const { draws } = (await (await page.request.get("/api/draws")).json()) as {
        draws: { id: number; kind: "monthly" | "competition" }[];
      };
      const drawPages = draws.map(
        (draw) => `/${draw.kind === "monthly" ? "draws" : "competitions"}/${draw.id}`,
      );
      expect(drawPages.length).toBeGreaterThan(0);
      expect(await violationsOn(page, [...publicPages, ...drawPages.slice(0, 2)])).toEqual([]);
    });

    test("a member's pages pass axe-core", async ({ page }) => {
      await signInAsNewMember(page, "Adwoa Boakye");
      expect(await violationsOn(page, memberPages)).toEqual([]);
    });

    test("a business owner's pages pass axe-core", async ({ page }) => {
      const id = await signInAsDemoCompany(page);
      expect(
        await violationsOn(page, [
          `/company-dashboard/${id}`,
          `/analytics?company=${id}`,
          `/subscription-details/${id}`,
        ]),
      ).toEqual([]);
    });

    test("the admin's pages pass axe-core", async ({ page }) => {
      await page.goto("/login");
      const form = page.locator("form").filter({ has: page.locator("input[type=password]") });
      await form.locator("input[type=email]").fill("admin@example.com");
      await form.locator("input[type=password]").fill("anigye-demo");
      await form.locator("button[type=submit]").click();
      await expect(page).not.toHaveURL(/\/login/);
      expect(
        await violationsOn(page, ["/admin", "/admin-anti-cheat", "/admin/oauth-config", "/admin/ussd"]),
      ).toEqual([]);
    });

    test("the counter's pages pass axe-core", async ({ page }) => {
      await page.goto("/merchant-login");
      // By field name, not label: the labels are in the language under test.
      const form = page.locator("form").filter({ has: page.locator("input[name=pin]") });
      await form.locator("input[name=username]").fill("kofi-chop-bar");
      await form.locator("input[name=staffName]").fill("Esi");
      await form.locator("input[name=pin]").fill("2580");
      await form.locator("button[type=submit]").click();
      await expect(page).toHaveURL(/\/merchant$/);
      expect(await violationsOn(page, ["/merchant-dashboard", "/merchant-scanner", "/vendor-scan"])).toEqual(
        [],
      );
    });
  });
}
