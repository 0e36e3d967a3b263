import { expect, type Page, test } from "@playwright/test";
import { signInAsNewMember } from "./support/members";

async function cardImages(page: Page) {
  await expect(page.getByTestId("ad-card").first()).toBeVisible();
  return page
    .getByTestId("ad-card")
    .locator("img:not([data-testid=ad-card-logo])")
    .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).getAttribute("src") ?? ""));
}

test("the data saver is on by itself when the phone asks to save data: small pictures, no video previews", async ({
  page,
}) => {
  await page.addInitScript(() => {
    localStorage.setItem("anigye_language", "en");
    Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" } });
  });
  await signInAsNewMember(page, "Kwame Ofori");
  const videoRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "media") videoRequests.push(request.url());
  });
  await page.goto("/");
  const sources = await cardImages(page);
  expect(sources.length).toBeGreaterThan(0);
  expect(sources.every((src) => src.endsWith(".small.webp"))).toBe(true);
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
  await page.goto("/");
  const full = await cardImages(page);
  expect(full.every((src) => src.endsWith(".webp") && !src.endsWith(".small.webp"))).toBe(true);
  await expect(page.getByRole("button", { name: /^Play preview/ }).first()).toBeVisible();
});
