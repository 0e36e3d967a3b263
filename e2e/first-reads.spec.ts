import { expect, type Page, test } from "@playwright/test";
import { memberFirstReadsOfRoute, memberReadPaths } from "../src/shared/prerendered-pages";
import { boxOf } from "./support/geometry";
import { waitForTheLiveHome, waitUntilAdoptedByReact } from "./support/live-app";
import { signInAsDemo, signInAsNewMember } from "./support/members";

// A first visit: no service worker answering from a cache.
test.use({ serviceWorkers: "block" });

/**
 * Each API path the phone asked for, by who asked: the page's own reads carry the app's mark
 * (`X-Requested-With`), a read its shell asked for beside the code does not.
 */
function recordApiRequests(page: Page): Map<string, ("shell" | "app")[]> {
  const asked = new Map<string, ("shell" | "app")[]>();
  page.on("request", (request) => {
    const at = new URL(request.url()).pathname;
    if (!at.startsWith("/api/")) return;
    const by = request.headers()["x-requested-with"] ? "app" : "shell";
    asked.set(at, [...(asked.get(at) ?? []), by]);
  });
  return asked;
}

/**
 * Only the next visit's requests: the page the sign-in led to is left for a blank one first, so none of
 * its reads, still starting, is counted as the next page's (`networkidle` after a sign-in is its first
 * document's, reached before the sign-in: it waited for nothing).
 */
async function recordApiRequestsFromAFreshPage(page: Page) {
  await page.goto("about:blank");
  return recordApiRequests(page);
}

test("/rewards comes from the server with its first reads in the page: the phone asks for none of them again", async ({
  page,
}) => {
  await signInAsDemo(page, "ama@example.com");
  const asked = await recordApiRequestsFromAFreshPage(page);

  await page.goto("/rewards");
  const heading = page.getByRole("heading", { name: "Your rewards" });
  await expect(heading).toBeVisible();
  await waitUntilAdoptedByReact(heading);
  await page.waitForLoadState("networkidle");

  for (const read of memberFirstReadsOfRoute["/rewards"] ?? []) {
    // Who is signed in is asked by the app on every page it opens, once.
    expect(asked.get(read), read).toEqual(read === memberReadPaths.session ? ["app"] : undefined);
  }
});

for (const [route, shows] of [["/loyalty-dashboard", "Stamp cards"]] as const) {
  test(`${route} asks for its first reads beside its code, and the page uses those answers`, async ({
    page,
  }) => {
    await signInAsDemo(page, "ama@example.com");
    const asked = await recordApiRequestsFromAFreshPage(page);

    await page.goto(route);
    await expect(page.getByRole("heading", { name: shows })).toBeVisible();
    await page.waitForLoadState("networkidle");

    // Asked once each, by the shell: the page took those answers instead of asking again.
    for (const read of memberFirstReadsOfRoute[route] ?? []) {
      expect(asked.get(read), read).toEqual(["shell"]);
    }
  });
}

test("the stamp cards stay where they are when the loyalty QR arrives", async ({ page }) => {
  await signInAsNewMember(page);
  let letTheCodeThrough = () => {};
  const codeHeld = new Promise<void>((resolve) => {
    letTheCodeThrough = resolve;
  });
  await page.route("**/api/loyalty/qr", async (route) => {
    await codeHeld;
    await route.continue();
  });

  await page.goto("/loyalty-dashboard");
  await expect(page.getByText("Getting your code…")).toBeVisible();
  const stampCards = page.getByTestId("loyalty-cards");
  const before = await boxOf(stampCards);
  letTheCodeThrough();
  await expect(page.getByTestId("member-qr")).toBeVisible();
  const after = await boxOf(stampCards);

  expect(after.y).toBe(before.y);
});

test("My Rewards shows its sections together: a read answering a moment late moves nothing", async ({
  page,
}) => {
  // The demo member has draw entries: the draw's panel is taller than its placeholder.
  await signInAsDemo(page, "ama@example.com");
  await page.route("**/api/draws/mine", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });

  // Opened from the app's own menu, the page renders in the browser from reads it asks for then (a
  // page load gets it rendered by the server, its reads in it).
  await page.goto("/");
  await waitForTheLiveHome(page);
  const drawsAnswered = page.waitForResponse("**/api/draws/mine");
  await page.getByRole("navigation", { name: "Bottom" }).getByRole("link", { name: "Rewards" }).click();
  const yourRewards = page.getByRole("region", { name: "Your rewards" });
  await expect(yourRewards).toBeVisible();
  const first = await boxOf(yourRewards);
  await expect(page.getByTestId("my-draw").getByRole("status")).toHaveCount(0);
  await drawsAnswered;
  // Two frames: whatever the answer changes has been laid out.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const settled = await boxOf(yourRewards);

  expect(settled.y).toBe(first.y);
});
