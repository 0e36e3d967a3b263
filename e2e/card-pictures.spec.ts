import { expect, type Page, test } from "@playwright/test";
import { waitForTheLiveHome } from "./support/live-app";
import { signInAsNewMember } from "./support/members";

const cardPictures = (page: Page) =>
  page.getByTestId("ad-card").locator("img:not([data-testid=ad-card-logo])");

/** What each card on the first screen shows: the file the browser chose, and whether it is drawn. */
function firstScreenPictures(page: Page) {
  return cardPictures(page).evaluateAll((images) =>
    images
      .filter((image) => (image as HTMLImageElement).loading === "eager")
      .map((image) => ({
        shown: new URL((image as HTMLImageElement).currentSrc).pathname,
        drawn: (image as HTMLImageElement).naturalWidth > 0,
      })),
  );
}

test("the first row's pictures come as AVIF, the smaller file, to a browser that takes it", async ({
  page,
}) => {
  await signInAsNewMember(page, "Abena Sarpong");
  await page.goto("/");
  await waitForTheLiveHome(page);
  await expect.poll(() => firstScreenPictures(page)).not.toEqual([]);
  const pictures = await firstScreenPictures(page);
  expect(pictures.every(({ shown, drawn }) => shown.endsWith(".avif") && drawn)).toBe(true);
});

test("a picture without an AVIF copy (made before them) shows its WebP, on the server's page and in the app", async ({
  page,
}) => {
  await signInAsNewMember(page, "Yaw Boateng");
  // As for a thumbnail stored before the AVIF copies existed: the store has none.
  await page.route("**/media/**/*.avif", (route) => route.fulfill({ status: 404 }));

  // The server's page: the first row's AVIF fails before the app is live, with no one to hear it.
  await page.goto("/");
  await waitForTheLiveHome(page);
  await expect.poll(() => firstScreenPictures(page)).not.toEqual([]);
  await expect
    .poll(async () =>
      (await firstScreenPictures(page)).every(({ shown, drawn }) => shown.endsWith(".webp") && drawn),
    )
    .toBe(true);

  // Cards further down are drawn by the app, and their pictures load when scrolled to: the same fallback.
  const further = cardPictures(page).nth(2);
  await further.scrollIntoViewIfNeeded();
  await expect
    .poll(() => further.evaluate((image) => (image as HTMLImageElement).currentSrc))
    .toMatch(/\.webp$/);
  await expect
    .poll(() => further.evaluate((image) => (image as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
});
