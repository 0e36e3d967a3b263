import { expect, test } from "@playwright/test";

test("a member opens an ad from Discover, watches it in real time and unlocks its reward", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill("ama@example.com");
  await form.getByLabel("Password").fill("anigye-demo");
  await form.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" }),
  ).toBeVisible();

  await page.goto("/");
  // A discount ad from the seed: an image of at most 10 s, so the minimum is about 8 s of real watching.
  await page.getByLabel("Search ads and companies").fill("Waakye + wele");
  const card = page.getByTestId("ad-card").first();
  await expect(card).toBeVisible();
  await card.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/mobile-watch\?ad=\d+/);

  const watched = page.getByRole("progressbar", { name: "Watched" });
  await expect(watched).toBeVisible();
  const reward = page.getByRole("dialog", { name: "Reward unlocked" });
  await expect(reward).toBeVisible({ timeout: 25_000 });
  await expect(reward).toContainText("15%");
  const code = (await reward.getByTestId("reward-code").textContent())?.trim();
  expect(code).toMatch(/^[A-Z0-9-]{4,}$/);

  // The progress bar only moved as fast as the clock: the server decided, not the page.
  expect(Number(await watched.getAttribute("aria-valuenow"))).toBeGreaterThanOrEqual(80);

  // The code waits in My Rewards, ready to copy at the counter.
  await page.goto("/rewards");
  const mine = page.getByTestId("my-reward").filter({ hasText: "Waakye + wele" });
  await expect(mine.getByTestId("my-reward-code")).toHaveText(code!);
  await expect(mine).toContainText("Active");
  await expect(mine.getByRole("button", { name: "Copy code" })).toBeVisible();
});
