import { expect, test } from "@playwright/test";
import { e2eBaseUrl } from "../playwright.config";
import { signInAsDemo } from "./support/members";

/**
 * Provably fair draws (docs/draw-algorithm.md): the admin draws last month's seeded draw, anyone's browser
 * re-checks the result on the public page (signed out too, from the landing's link), and the winner is told
 * and claims the prize.
 */

/** The demo members in last month's draw (src/server/db/seed/demo-draws.ts), by display name. */
const demoEmails: Record<string, string> = {
  "Ama Owusu": "ama@example.com",
  "Kwabena Mensah": "kwabena@example.com",
  "Akosua Boateng": "akosua@example.com",
  "Yaw Darko": "yaw@example.com",
  "Abena Asante": "abena@example.com",
};

/** "2026-10" when it is November in Accra (GMT all year, so the UTC month). */
function lastAccraMonth(now = new Date()): string {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return first.toISOString().slice(0, 7);
}

test("an admin draws last month's prize, the browser verifies it, and the winner is told and claims it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();

  // The admin runs last month's draw (closed for entries, waiting for the draw).
  await signInAsDemo(page, "admin@example.com");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Draws and competitions" })).toBeVisible();
  const row = page.locator(
    `[data-testid="admin-draw"][data-kind="monthly"][data-month="${lastAccraMonth()}"]`,
  );
  await expect(row).toHaveAttribute("data-status", "ready");
  // This month's draw is still taking entries: nothing to run yet (docs/product-rules.md#draws-when-drawn).
  const thisMonth = page.locator(
    `[data-testid="admin-draw"][data-kind="monthly"][data-month="${new Date().toISOString().slice(0, 7)}"]`,
  );
  await expect(thisMonth).toHaveAttribute("data-status", "open");
  await expect(thisMonth.getByRole("button", { name: "Edit prize and date" })).toBeVisible();
  await expect(thisMonth.getByRole("button", { name: "Run the draw…" })).toHaveCount(0);
  const drawId = await row.getAttribute("data-draw-id");
  expect(drawId).toMatch(/^\d+$/);

  // Yaw is suspended before the draw: his entry is left out, publicly (docs/product-rules.md#draws-suspended-at-the-draw).
  const setYaw = async (status: "active" | "suspended") => {
    const headers = { "x-requested-with": "anigye", origin: e2eBaseUrl };
    const found = await page.request.get("/api/admin/users?q=yaw@example.com", { headers });
    const yaw = ((await found.json()) as { items: { id: number; email: string }[] }).items.find(
      (item) => item.email === "yaw@example.com",
    )!;
    const changed = await page.request.post(`/api/admin/users/${yaw.id}/status`, {
      data: { status, reason: "Draw journey: suspended at the draw" },
      headers,
    });
    expect(changed.status(), await changed.text()).toBe(200);
  };
  await setYaw("suspended");
  await expect(row).toContainText("Entries");
  await row.getByRole("button", { name: "Run the draw…" }).click();
  await row.getByTestId(`run-draw-${drawId}`).click();
  await expect(row).toHaveAttribute("data-status", "drawn");
  await expect(row.getByTestId("admin-draw-winner")).toContainText("Prize not claimed yet");

  // Its public page re-checks the result in this browser.
  await row.getByRole("link", { name: "Open the public page" }).click();
  await expect(page).toHaveURL(new RegExp(`/draws/${drawId}$`));
  await expect(page.getByTestId("draw-verification")).toContainText("Verified in your browser");
  const winnerName = (await page.getByTestId("draw-winner").textContent())?.trim() ?? "";
  const winnerEmail = demoEmails[winnerName];
  expect(winnerEmail, `the winner "${winnerName}" is one of the seeded members`).toBeTruthy();
  expect(winnerName).not.toBe("Yaw Darko");
  const leftOut = page.getByTestId("draw-excluded");
  await expect(leftOut.getByRole("heading", { name: "Left out at the draw" })).toBeVisible();
  await expect(leftOut.getByRole("listitem")).toHaveCount(1);
  await expect(leftOut.getByRole("listitem")).toContainText("1 entry · account suspended");
  await setYaw("active");
  await expect(page.getByTestId("draw-seed")).not.toContainText("Revealed at the draw");
  await expect(page.getByRole("link", { name: "Download the record" })).toHaveAttribute(
    "href",
    `/api/draws/${drawId}/record`,
  );

  // On another phone, signed out: the landing links to the result, which checks out there too.
  const winnerContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 } });
  try {
    const phone = await winnerContext.newPage();
    await phone.goto("/");
    await phone.getByTestId("latest-draw-link").click();
    await expect(phone).toHaveURL(new RegExp(`/draws/${drawId}$`));
    await expect(phone.getByTestId("draw-verification")).toContainText("Verified in your browser");
    await expect(phone.getByTestId("draw-winner")).toHaveText(winnerName);
    await expect(phone.getByTestId("draw-excluded")).toContainText("account suspended");
    await expect(phone.getByRole("button", { name: "Claim your prize" })).toHaveCount(0);

    // The winner signs in: the bell counts the news, the notification centre has it.
    await signInAsDemo(phone, winnerEmail!);
    await phone.goto("/");
    const badge = phone.getByTestId("notifications-unread");
    await expect(badge).toBeVisible();
    expect(Number(await badge.textContent())).toBeGreaterThanOrEqual(1);
    await phone.getByRole("link", { name: /^Notifications/ }).click();
    await expect(phone).toHaveURL(/\/notifications$/);
    const news = phone.getByTestId("notification-item").filter({ hasText: /draw/i }).first();
    await expect(news).toBeVisible();

    // From the notification to the draw page, where only the winner can claim the prize.
    await phone.goto(`/draws/${drawId}`);
    await expect(phone.getByTestId("draw-verification")).toContainText("Verified in your browser");
    await expect(phone.getByText("You won!")).toBeVisible();
    await phone.getByRole("button", { name: "Claim your prize" }).click();
    await expect(phone.getByTestId("prize-claimed")).toBeVisible();
    await phone.reload();
    await expect(phone.getByTestId("prize-claimed")).toBeVisible();
    await expect(phone.getByRole("button", { name: "Claim your prize" })).toHaveCount(0);
  } finally {
    await winnerContext.close();
  }

  // The admin sees the claim.
  await page.goto("/admin");
  await expect(
    page
      .locator(`[data-testid="admin-draw"][data-kind="monthly"][data-draw-id="${drawId}"]`)
      .getByTestId("admin-draw-winner"),
  ).toContainText("Prize claimed");
});

test("a prize-entry ad names the month's draw prize on Discover, in the viewer and in the reward sheet, at 360 px", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 360, height: 780 });
  await signInAsDemo(page, "akosua@example.com");
  // The demo's month's draw is for a phone (src/server/db/seed/demo-draws.ts); the heritage walk's ad
  // enters it, and promises nothing else (docs/product-rules.md#ads-prize-entry-shows-the-draws-prize).
  const prize = "Samsung Galaxy A15 phone";
  await page.goto("/");
  await page.getByLabel("Search ads and companies").fill("heritage walk");
  const card = page.getByTestId("ad-card").filter({ hasText: "Cape Coast heritage walk" });
  await expect(card.getByTestId("ad-card-draw-prize")).toHaveText(`Enters this month's draw for ${prize}`);
  await expect(card).not.toContainText("weekend for two");
  await card.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/mobile-watch\?ad=\d+/);
  await expect(page.getByTestId("viewer-offer")).toHaveText(`Earn an entry in the draw for ${prize}`);
  const reward = page.getByRole("dialog", { name: "Reward unlocked" });
  await expect(reward).toBeVisible({ timeout: 30_000 });
  await expect(reward.getByTestId("reward-draw-entries")).toContainText(
    `You're entered in this month's draw for ${prize}:`,
  );
  await page.goto("/rewards");
  const mine = page.getByTestId("my-reward").filter({ hasText: "Cape Coast heritage walk" });
  await expect(mine.getByTestId("reward-draw-prize")).toHaveText(`An entry in the prize draw for ${prize}`);
});
