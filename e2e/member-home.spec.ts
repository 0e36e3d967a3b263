import { devices, expect, type Page, test } from "@playwright/test";
import { waitForTheLiveHome } from "./support/live-app";
import { earnRiceCode, signInAsDemoByApi, signInAsNewMember } from "./support/members";

/** Discover's ad cards (list items with a card title). */
function cardsOf(page: Page) {
  return page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2 }) });
}

const firstCardOf = (page: Page) => cardsOf(page).first();

/**
 * Holds the app's code back until `releaseCode()`, so the server's page can be looked at first; collects
 * the page's errors meanwhile and after.
 */
async function holdTheAppCode(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  let releaseCode!: () => void;
  const codeHeld = new Promise<void>((resolve) => {
    releaseCode = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await codeHeld;
    await route.continue();
  });
  return { problems, releaseCode };
}

test.describe("a member's home before any JavaScript runs", () => {
  test.use({ javaScriptEnabled: false });

  test("arrives from the server with the member's greeting and first cards, their pictures asked for first", async ({
    page,
  }) => {
    await signInAsDemoByApi(page);
    await page.goto("/");
    await expect(page.getByText("Hi, Ama Owusu")).toBeVisible();
    const cards = cardsOf(page);
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(2);
    const firstPicture = cards.first().locator("img").first();
    await expect(firstPicture).toHaveAttribute("fetchpriority", "high");
    expect(await firstPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    );
  });
});

test("the app adopts the server's home as it is, and its cards open the viewer", async ({ page }) => {
  await signInAsDemoByApi(page);
  // Hold the app's code back until the server's page has been marked, then let it take over.
  const { problems, releaseCode } = await holdTheAppCode(page);
  await page.goto("/");
  const firstCard = firstCardOf(page);
  await expect(firstCard).toBeVisible();
  await firstCard.evaluate((card) => {
    (card as HTMLElement & { fromServer?: boolean }).fromServer = true;
  });
  releaseCode();

  // Live, and the card is the very element the server sent.
  await waitForTheLiveHome(page);
  expect(
    await firstCard.evaluate((card) => (card as HTMLElement & { fromServer?: boolean }).fromServer),
  ).toBe(true);
  await firstCard.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/mobile-watch\?ad=\d+/);
  expect(problems).toEqual([]);
});

test("the home carries its first screen's styles, and the next page has the app's full stylesheet", async ({
  page,
}) => {
  await signInAsDemoByApi(page);
  await page.goto("/");
  const firstCard = firstCardOf(page);
  await expect(firstCard).toBeVisible();
  // The card is styled as the app styles it (rounded white card) from the page's own styles.
  await expect(firstCard).toHaveCSS("border-top-left-radius", "16px");
  await waitForTheLiveHome(page);
  // What the live home adds beyond the server's markup is styled too (the page carried only its own).
  await expect(cardsOf(page)).toHaveCount(10);
  await expect(page.getByRole("button", { name: "View More Discoveries" })).not.toHaveCSS(
    "background-color",
    "rgba(0, 0, 0, 0)",
  );

  // The viewer's black stage is styled only by the full stylesheet, which the page turns on for it.
  await firstCard.getByRole("link").first().click();
  const viewer = page.getByTestId("story-viewer");
  await expect(viewer).toBeVisible();
  await expect(viewer).toHaveCSS("background-color", "rgb(0, 0, 0)");
});

test("a full stylesheet that failed to download is asked for again once the home is live", async ({
  page,
}) => {
  await signInAsDemoByApi(page);
  let asked = 0;
  await page.route(/\/assets\/index-[^/]+\.css$/, async (route) => {
    asked += 1;
    if (asked === 1) await route.abort("connectionreset");
    else await route.continue();
  });
  await page.goto("/");
  await waitForTheLiveHome(page);
  // The live home turns the full stylesheet on (for the cards and dialogs it adds): it asks once more.
  await expect.poll(() => asked).toBe(2);

  await firstCardOf(page).getByRole("link").first().click();
  const viewer = page.getByTestId("story-viewer");
  await expect(viewer).toBeVisible();
  await expect(viewer).toHaveCSS("background-color", "rgb(0, 0, 0)");
  expect(asked).toBe(2);

  // The next page finds the stylesheet there and opens without asking again.
  await page.goBack();
  await page.getByRole("navigation", { name: "Bottom" }).getByRole("link", { name: "Rewards" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Rewards" })).toBeVisible();
  expect(asked).toBe(2);
});

/** My Rewards' list of the member's rewards. */
const rewardsOf = (page: Page) => page.getByRole("list", { name: "Rewards" }).getByRole("listitem");

test("My Rewards arrives from the server with the member's rewards, its buttons waiting for the app, which adopts it as it is", async ({
  page,
  browser,
}) => {
  test.slow();
  // A member of this journey's own, with a discount no other journey can use up.
  await signInAsNewMember(page, "Akua Sarfo");
  await earnRiceCode(page);

  // Before any JavaScript runs (the same member, the same session, on a browser with it turned off).
  const withoutScripts = await browser.newContext({
    ...devices["Pixel 7"],
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const still = await withoutScripts.newPage();
  await still.goto("/rewards");
  await expect(still.getByRole("heading", { name: "My Rewards", level: 1 })).toBeVisible();
  await expect(still.getByTestId("rewards-xp")).toBeVisible();
  await expect(rewardsOf(still).filter({ hasText: "5 kg bag of rice" })).toBeVisible();
  await expect(still.getByRole("button", { name: "Redeem" })).toBeDisabled();
  await withoutScripts.close();

  // With the app's code held back, the server's page shows; once the code runs it takes that page over
  // (the same elements, not new ones) and its buttons answer.
  const { problems, releaseCode } = await holdTheAppCode(page);
  // The page's script is a module the load event waits for: the page is read as soon as it arrives.
  await page.goto("/rewards", { waitUntil: "commit" });
  const rice = rewardsOf(page).filter({ hasText: "5 kg bag of rice" });
  await expect(rice).toBeVisible();
  await rice.evaluate((reward) => {
    (reward as HTMLElement & { fromServer?: boolean }).fromServer = true;
  });
  releaseCode();

  const redeem = rice.getByRole("button", { name: "Redeem" });
  await expect(redeem).toBeEnabled();
  expect(await rice.evaluate((reward) => (reward as HTMLElement & { fromServer?: boolean }).fromServer)).toBe(
    true,
  );
  await redeem.click();
  await expect(page.getByRole("button", { name: "Show QR to staff" })).toBeVisible();
  expect(problems).toEqual([]);
});
