import { expect, type Locator, type Page, test } from "@playwright/test";
import { type Box, boxOf, intersects } from "./support/geometry";
import { waitForTheLiveHome } from "./support/live-app";
import { signInAsDemoByApi } from "./support/members";

// A common small Android phone.
test.use({ viewport: { width: 360, height: 740 } });

const cardsOf = (page: Page) => page.getByTestId("ad-card");
/** The ad's own picture: the business's poster, with its own words drawn on it. */
const pictureOf = (card: Locator) => card.locator("img:not([data-testid=ad-card-logo])").first();

test("a member's home shows the first ads on the first screen of a 360 × 740 phone", async ({ page }) => {
  test.slow();
  await signInAsDemoByApi(page);
  await page.goto("/");
  await waitForTheLiveHome(page);
  const first = cardsOf(page).first();
  const card = await boxOf(first);
  const picture = await boxOf(pictureOf(first));
  const bottomBar = await boxOf(page.getByRole("navigation", { name: "Bottom" }));
  expect(card.y, "the first ad starts below the first screen").toBeLessThan(740);
  // Not a sliver under the bottom bar: at least a third of the ad's picture shows above it, unscrolled.
  const pictureShown = Math.min(bottomBar.y, picture.y + picture.height) - picture.y;
  expect(pictureShown, "how much of the first ad's picture the first screen shows").toBeGreaterThanOrEqual(
    picture.height / 3,
  );
  // Both cards of the first row start there.
  expect((await boxOf(cardsOf(page).nth(1))).y).toBeLessThan(740);
});

test("nothing the card adds covers the ad's own picture or the card's words", async ({ page }) => {
  test.slow();
  await signInAsDemoByApi(page);
  await page.goto("/");
  await waitForTheLiveHome(page);
  // The first row and the next: the demo's featured and plain ads, with logos, rewards and a video (a
  // business another journey just registered may have no logo).
  let logosSeen = 0;
  for (const index of [0, 1, 2, 3]) {
    const card = cardsOf(page).nth(index);
    await card.scrollIntoViewIfNeeded();
    const picture = await boxOf(pictureOf(card));
    const words: Record<string, Box> = {
      title: await boxOf(card.getByRole("heading", { level: 2 })),
      "business's name": await boxOf(card.getByTestId("ad-card-company")),
      "About link": await boxOf(card.getByTestId("ad-card-company-link")),
    };
    const badges: Record<string, Box> = {};
    const logo = card.getByTestId("ad-card-logo");
    if ((await logo.count()) > 0) {
      badges["company logo"] = await boxOf(logo);
      logosSeen++;
    }
    await expect(card.getByTestId("ad-card-reward")).not.toHaveCount(0);
    for (const reward of await card.getByTestId("ad-card-reward").all()) {
      badges[`reward badge "${await reward.textContent()}"`] = await boxOf(reward);
    }
    for (const [name, box] of Object.entries(badges)) {
      expect(intersects(box, picture), `card ${index}: the ${name} covers the ad's picture`).toBe(false);
      for (const [what, text] of Object.entries(words)) {
        expect(intersects(box, text), `card ${index}: the ${name} covers the ${what}`).toBe(false);
      }
    }
  }
  expect(logosSeen, "business logos checked").toBeGreaterThanOrEqual(2);
});
