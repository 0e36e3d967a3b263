import { expect, type Page, test } from "@playwright/test";
import { avifSiblingOf } from "../src/shared/media";
import { waitForTheLiveHome } from "./support/live-app";
import { signInAsNewMember } from "./support/members";

const cardPictures = (page: Page) =>
  page.getByTestId("ad-card").locator("img:not([data-testid=ad-card-logo])");

/** The cards' pictures once the app is live (the server's page and the app agree by then). */
async function liveCardPictures(page: Page) {
  await waitForTheLiveHome(page);
  await expect(cardPictures(page).first()).toBeVisible();
  return cardPictures(page).evaluateAll((images) =>
    images.map((image) => (image as HTMLImageElement).getAttribute("src") ?? ""),
  );
}

const small = /\.small\.webp$/;
const fullSizeOf = (src: string) => src.replace(small, ".webp");

test("the data saver is on by itself when the phone asks to save data: small pictures, no video previews", async ({
  page,
}) => {
  // A phone with data saving on says so on every request (Save-Data) and to the page's scripts.
  await page.setExtraHTTPHeaders({ "Save-Data": "on" });
  await page.addInitScript(() => {
    localStorage.setItem("anigye_language", "en");
    Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" } });
  });
  await signInAsNewMember(page, "Kwame Ofori");
  const videoRequests: string[] = [];
  const pictureRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "media") videoRequests.push(request.url());
    if (request.resourceType() === "image") pictureRequests.push(new URL(request.url()).pathname);
  });
  await page.goto("/");
  // The server's page already has the small ones: the first card's is small before the app is live.
  await expect(cardPictures(page).first()).toHaveAttribute("src", small);
  const sources = await liveCardPictures(page);
  expect(sources.length).toBeGreaterThan(0);
  expect(sources.every((src) => small.test(src))).toBe(true);
  // The phone never downloaded a full-size card picture, not even for a moment.
  const fullSizes = new Set(
    sources
      .flatMap((src) => [fullSizeOf(src), avifSiblingOf(fullSizeOf(src))])
      .map((src) => new URL(src, page.url()).pathname),
  );
  expect(pictureRequests.filter((requested) => fullSizes.has(requested))).toEqual([]);
  // No preview button on video cards, and touching or hovering a card loads no video.
  await expect(page.getByRole("button", { name: /^Play preview/ })).toHaveCount(0);
  await page.getByTestId("ad-card").first().hover();
  expect(videoRequests).toEqual([]);

  // The profile says so, shows what this phone used this month, and turns it off.
  await page.goto("/profile");
  const saver = page.getByRole("switch", { name: "Data saver" });
  await expect(saver).toHaveAttribute("aria-checked", "true");
  await expect(page.getByTestId("data-used")).toHaveText(/This month the app used [\d.]+ MB on this phone\./);
  await saver.click();
  await expect(saver).toHaveAttribute("aria-checked", "false");
  // The member's choice on this phone wins over the phone's ask, on the server's page too.
  await page.goto("/");
  await expect(cardPictures(page).first()).not.toHaveAttribute("src", small);
  const full = await liveCardPictures(page);
  expect(full.every((src) => src.endsWith(".webp") && !small.test(src))).toBe(true);
  await expect(page.getByRole("button", { name: /^Play preview/ }).first()).toBeVisible();
});
