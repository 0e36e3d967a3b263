import { expect, type Page, test } from "@playwright/test";
import { earnRiceCode, signInAsDemo, signInAsNewMember } from "./support/members";

/**
 * "At once" is the assertions' own wait (5 s), well under the 15 s a failed load used to take; how soon
 * is not timed here, so a busy machine can't fail the journey.
 */

/** The offline shell is served by the service worker once it has installed and taken the page. */
async function waitForOfflineShell(page: Page) {
  await expect
    .poll(
      () => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);
}

/** The clock as My Rewards prints it (Accra time), for the moments a copy may have been saved in. */
async function accraClockTimes(page: Page, instants: number[]): Promise<string[]> {
  return page.evaluate(
    (times) =>
      times.map((time) =>
        new Intl.DateTimeFormat("en-GH", {
          timeZone: "Africa/Accra",
          hour: "numeric",
          minute: "2-digit",
        }).format(time),
      ),
    instants,
  );
}

/** True once this phone keeps a copy of the signed-in member's rewards (written when the list arrives). */
async function rewardsKept(page: Page): Promise<boolean> {
  return page.evaluate(() => localStorage.getItem("device_copy:/api/rewards/mine") !== null);
}

async function storageHolds(page: Page, text: string): Promise<boolean> {
  return page.evaluate(
    (needle) => Object.keys(localStorage).some((key) => (localStorage.getItem(key) ?? "").includes(needle)),
    text,
  );
}

test("a member who opened My Rewards once sees their codes offline at once, marked with when they were saved", async ({
  page,
  context,
}) => {
  test.slow();
  await signInAsNewMember(page, "Abena Boateng");
  const code = await earnRiceCode(page);
  const openedAt = Date.now();
  await page.goto("/rewards");
  const mine = page.getByTestId("my-reward").filter({ hasText: code });
  await expect(mine).toContainText("Active");
  await expect(page.getByTestId("rewards-xp")).toHaveText(/\d/);
  const savedBy = Date.now();
  await waitForOfflineShell(page);

  // The counter has no signal: the page comes from the phone, the codes from the copy kept on it.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("my-reward-code").filter({ hasText: code })).toBeVisible();
  const marker = page.getByTestId("rewards-freshness");
  await expect(marker).toHaveText(/^You're offline\. Showing your rewards as of .+\.$/);
  const times = await accraClockTimes(page, [openedAt, savedBy]);
  expect(times.map((time) => `You're offline. Showing your rewards as of ${time}.`)).toContain(
    (await marker.textContent())?.trim(),
  );
  await expect(mine.getByRole("button", { name: "Copy code" })).toBeVisible();
  // XP and tier open too, from the same visit.
  await expect(page.getByTestId("rewards-xp")).toHaveText(/\d/);
  await expect(page.getByText("We couldn't load this page")).toHaveCount(0);

  // Back online, the page reads again by itself and drops the marker.
  await context.setOffline(false);
  await expect(marker).toBeEmpty();
  await expect(mine).toContainText("Active");

  // On a weak signal the read drags on: the kept copy shows at once, marked, until the answer arrives.
  await page.route("**/api/rewards/mine", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    await route.continue();
  });
  await page.reload();
  await expect(page.getByTestId("my-reward-code").filter({ hasText: code })).toBeVisible();
  await expect(marker).toHaveText(/^Showing your rewards as of .+\. Updating…$/);
  await expect(marker).toBeEmpty({ timeout: 30_000 });
});

/** The API reads and pictures a page asks for while `during` runs, by path (code and the page itself left out). */
async function requestsWhile(page: Page, during: () => Promise<void>): Promise<Map<string, number>> {
  const asked = new Map<string, number>();
  const count = (request: { url(): string }) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith("/api/") && !pathname.startsWith("/media/")) return;
    asked.set(pathname, (asked.get(pathname) ?? 0) + 1);
  };
  page.on("request", count);
  try {
    await during();
  } finally {
    page.off("request", count);
  }
  return asked;
}

/** Offline, each read and picture is tried at most once: no retry loop (My Rewards once sent ~120 a second). */
function expectNoLoop(asked: Map<string, number>, where: string) {
  const repeated = [...asked].filter(([, times]) => times > 1);
  expect(repeated, `${where}: asked more than once offline`).toEqual([]);
  expect(asked.size, `${where}: ${[...asked.keys()].join(", ")}`).toBeLessThanOrEqual(10);
}

test("offline, My Rewards, Discover and the loyalty card ask nothing in a loop, and an offline reload opens the kept copy", async ({
  page,
  context,
}) => {
  // Three pages, each read online, offline in place and reloaded offline, with a few seconds watched each.
  test.slow();
  await signInAsDemo(page, "ama@example.com");
  // Each page read once online, so the phone keeps what it keeps.
  await page.goto("/loyalty-dashboard");
  await expect(page.getByText("Kofi's Regulars")).toBeVisible();
  await page.goto("/");
  await expect(page.getByTestId("ad-card").first()).toBeVisible();
  await page.goto("/rewards");
  const code = page.getByTestId("my-reward-code").first();
  await expect(code).toBeVisible();
  await expect(page.getByTestId("my-draw")).toContainText("entries");
  await expect.poll(() => rewardsKept(page)).toBe(true);
  await waitForOfflineShell(page);
  // A few seconds of watching: a loop shows up many times over in that time, one try per read at most once.
  const watch = () => page.waitForTimeout(4_000);

  await context.setOffline(true);
  expectNoLoop(await requestsWhile(page, watch), "My Rewards, gone offline");
  const askedAfterReload = await requestsWhile(page, async () => {
    await page.reload();
    await expect(page.getByTestId("rewards-freshness")).toContainText("You're offline.");
    await watch();
  });
  expectNoLoop(askedAfterReload, "My Rewards, reloaded offline");
  // The kept copy, and every section says where it stands: no spinner, no placeholder waiting forever.
  await expect(code).toBeVisible();
  await expect(page.getByTestId("rewards-xp")).toHaveText(/\d/);
  await expect(page.getByTestId("my-draw")).toContainText("You're offline. Your draw entries show here once");
  await expect(page.getByTestId("competitions")).toContainText("You're offline.");
  await expect(page.getByRole("status", { name: /loading/i })).toHaveCount(0);

  for (const [path, shown] of [
    ["/", page.getByText("Connect to see the latest ads.")],
    ["/loyalty-dashboard", page.getByText("You're offline. Showing your cards and points as of")],
  ] as const) {
    const asked = await requestsWhile(page, async () => {
      await page.goto(path);
      await expect(shown).toBeVisible();
      await watch();
    });
    expectNoLoop(asked, path);
  }

  // Back online, the reads are asked again by themselves.
  await page.goto("/rewards");
  await context.setOffline(false);
  await expect(page.getByTestId("my-draw")).toContainText("entries");
  await expect(page.getByTestId("my-draw")).not.toContainText("You're offline");
  await expect(page.getByTestId("rewards-freshness")).toBeEmpty();
});

test("pages that need the network say so at once offline, and open by themselves when it returns", async ({
  page,
  context,
}) => {
  await signInAsDemo(page, "staff@example.com");
  await page.goto("/");
  const card = page.getByTestId("ad-card").first();
  await expect(card).toBeVisible();
  const adLink = (await card.getByRole("link").first().getAttribute("href"))!;
  await waitForOfflineShell(page);

  await context.setOffline(true);
  await page.goto(adLink);
  const offline = page.getByRole("status").filter({ hasText: "You're offline" });
  await expect(offline).toContainText("Connect to watch ads.");
  await expect(page.getByTestId("viewer-skeleton")).toHaveCount(0);
  // The codes don't need the network, so the way to them is offered.
  await expect(offline.getByRole("link", { name: "My Rewards" })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole("progressbar", { name: "Watched" })).toBeVisible();
  await page.getByRole("button", { name: "Pause" }).click();

  // Discover has nothing kept for a fresh page load: it says so too, and loads when the signal is back.
  await context.setOffline(true);
  await page.goto("/");
  await expect(page.getByRole("status").filter({ hasText: "You're offline" })).toContainText(
    "Connect to see the latest ads.",
  );
  await context.setOffline(false);
  await expect(page.getByTestId("ad-card").first()).toBeVisible();
});

test("Logout removes the kept rewards, and the next member on the phone never sees them", async ({
  page,
  context,
}) => {
  test.slow();
  await signInAsNewMember(page, "Esi Quansah");
  const code = await earnRiceCode(page);
  await page.goto("/rewards");
  await expect(page.getByTestId("my-reward-code").filter({ hasText: code })).toBeVisible();
  await waitForOfflineShell(page);
  expect(await storageHolds(page, code)).toBe(true);

  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" }).click();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }),
  ).toBeVisible();
  expect(await storageHolds(page, code)).toBe(false);

  // Offline, My Rewards has nothing of theirs to show: it asks to sign in.
  await context.setOffline(true);
  await page.goto("/rewards");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(code)).toHaveCount(0);

  // Ama signs in on the same phone; offline, she sees her own (kept) rewards and never the code above.
  await context.setOffline(false);
  await signInAsDemo(page, "ama@example.com");
  await expect(page).toHaveURL(/\/rewards$/);
  await expect(page.getByRole("heading", { name: "Your rewards" })).toBeVisible();
  await expect(page.getByTestId("rewards-freshness")).toBeEmpty();
  // The heading shows before her list arrives; the phone keeps the list once it has.
  await expect.poll(() => rewardsKept(page)).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("rewards-freshness")).toContainText("You're offline.");
  await expect(page.getByText(code)).toHaveCount(0);
  expect(await storageHolds(page, code)).toBe(false);
});
