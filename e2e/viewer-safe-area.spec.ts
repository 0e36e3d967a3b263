import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { type Box, boxOf, expectWithinWidth, intersects } from "./support/geometry";
import { signInAsDemo } from "./support/members";

// The square creative below is swapped in with page.route, which a service worker would bypass.
test.use({ serviceWorkers: "block" });

/** Where the creative's own pixels are drawn: the media element's box, letterboxed by object-fit: contain. */
async function creativeRect(page: Page): Promise<Box> {
  const media = page.getByTestId("viewer-media");
  await expect
    .poll(() => media.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  return media.evaluate((el: HTMLImageElement) => {
    if (getComputedStyle(el).objectFit !== "contain") throw new Error("the creative must be shown whole");
    const box = el.getBoundingClientRect();
    const scale = Math.min(box.width / el.naturalWidth, box.height / el.naturalHeight);
    const width = el.naturalWidth * scale;
    const height = el.naturalHeight * scale;
    return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
  });
}

/** Everything the viewer draws besides the creative: its text, the actions and the controls. */
async function viewerChrome(page: Page): Promise<Record<string, Box>> {
  const viewer = page.getByTestId("story-viewer");
  const boxes: Record<string, Box> = {
    header: await boxOf(viewer.getByTestId("viewer-header")),
    title: await boxOf(viewer.getByRole("heading", { level: 1 })),
    description: await boxOf(viewer.getByTestId("viewer-description")),
    actions: await boxOf(viewer.getByTestId("viewer-actions")),
    close: await boxOf(viewer.getByRole("button", { name: "Close" })),
    previous: await boxOf(viewer.getByRole("button", { name: /^Previous/ })),
    pause: await boxOf(viewer.getByRole("button", { name: /^(Pause|Resume)$/ })),
    next: await boxOf(viewer.getByRole("button", { name: "Next" })),
  };
  for (const [name, locator] of [
    ["like", viewer.getByRole("button", { name: /^Like/ })],
    ["share", viewer.getByRole("button", { name: "Share" })],
    ["directions", viewer.getByRole("link", { name: /^Directions to / })],
  ] as const) {
    const box = await boxOf(locator);
    expect(box.width, `${name} is too small to tap`).toBeGreaterThanOrEqual(44);
    expect(box.height, `${name} is too small to tap`).toBeGreaterThanOrEqual(44);
    boxes[name] = box;
  }
  return boxes;
}

async function expectCreativeClear(page: Page, viewport: { width: number; height: number }) {
  const creative = await creativeRect(page);
  for (const [name, box] of Object.entries(await viewerChrome(page))) {
    expect(intersects(box, creative), `${name} covers the creative`).toBe(false);
    expectWithinWidth(name, box, viewport.width);
    expect(box.y + box.height, `${name} ends below the screen`).toBeLessThanOrEqual(viewport.height + 0.5);
  }
  return creative;
}

const phones = [
  { name: "a Pixel 7", viewport: { width: 412, height: 839 } },
  { name: "a 360 px phone", viewport: { width: 360, height: 740 } },
];

for (const { name, viewport } of phones) {
  test.describe(`on ${name}`, () => {
    test.use({ viewport });

    test("the title, description, actions and controls sit beside the creative, never on it, for portrait and square creatives", async ({
      page,
    }) => {
      // Staff can watch too; using them keeps the demo consumer's history as the other journeys expect.
      await signInAsDemo(page, "staff@example.com");
      await page.goto("/");
      await page.getByLabel("Search ads and companies").fill("Waakye + wele");
      await page.getByTestId("ad-card").first().getByRole("link").first().click();
      await expect(page).toHaveURL(/\/mobile-watch\?ad=\d+/);
      await page.getByRole("button", { name: "Pause" }).click();

      // The seed's creatives are 9:16 posters with their own text from top to bottom.
      const portrait = await expectCreativeClear(page, viewport);
      expect(portrait.height / portrait.width).toBeCloseTo(16 / 9, 1);
      // Kept large: most of the screen's height is the creative.
      expect(portrait.height).toBeGreaterThanOrEqual(viewport.height * 0.6);

      // A square creative (a business's 1080×1080 Instagram post) is shown whole, nearly edge to edge.
      const src = await page.getByTestId("viewer-media").getAttribute("src");
      const square = await sharp({
        create: { width: 1080, height: 1080, channels: 3, background: "#b45309" },
      })
        .webp()
        .toBuffer();
      await page.route(
        (url) => url.pathname === src,
        (route) => route.fulfill({ body: square, contentType: "image/webp" }),
      );
      await page.reload();
      await page.getByRole("button", { name: "Pause" }).click();
      const squareRect = await expectCreativeClear(page, viewport);
      expect(squareRect.width).toBeCloseTo(squareRect.height, 0);
      expect(squareRect.width).toBeGreaterThanOrEqual(viewport.width * 0.75);
    });
  });
}
