import { devices, expect, test } from "@playwright/test";
import { signInAsDemo } from "./support/members";

test("a member opens an ad from Discover, watches it in real time and unlocks its reward", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill("ama@example.com");
  await form.getByLabel("Password").fill("anigye-demo");
  await form.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" }),
  ).toBeVisible();

  await page.goto("/");
  const xpOf = async () => Number((await page.getByTestId("nav-xp").textContent())?.replace(/\D/g, ""));
  const xpBefore = await xpOf();
  // A discount ad from the seed: an image of at most 10 s, so the minimum is about 8 s of real watching.
  await page.getByLabel("Search ads and companies").fill("Waakye + wele");
  const card = page.getByTestId("ad-card").first();
  await expect(card).toBeVisible();
  await card.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/mobile-watch\?ad=\d+/);

  const watched = page.getByRole("progressbar", { name: "Watched" });
  await expect(watched).toBeVisible();
  const reward = page.getByRole("dialog", { name: "Reward unlocked" });
  await expect(reward).toBeVisible({ timeout: 30_000 });
  await expect(reward).toContainText("15%");
  // Ama's first business discovered: a milestone badge, celebrated in the same reveal.
  await expect(reward.getByTestId("reward-badges")).toContainText("New badge: First Discovery");
  const code = (await reward.getByTestId("reward-code").textContent())?.trim();
  expect(code).toMatch(/^[A-Z0-9-]{4,}$/);

  // The progress bar only moved as fast as the clock: the server decided, not the page.
  expect(Number(await watched.getAttribute("aria-valuenow"))).toBeGreaterThanOrEqual(80);

  // The code waits in My Rewards, ready to copy at the counter; the top bar's XP has moved up.
  await page.goto("/rewards");
  await expect.poll(xpOf).toBeGreaterThan(xpBefore);
  const mine = page.getByTestId("my-reward").filter({ hasText: "Waakye + wele" });
  await expect(mine.getByTestId("my-reward-code")).toHaveText(code!);
  await expect(mine).toContainText("Active");
  await expect(mine.getByRole("button", { name: "Copy code" })).toBeVisible();
  await expect(page.getByTestId("badge-shelf")).toContainText("First Discovery");

  // Moments tells the story newest first: the badge, the business discovered, the watch and its reward.
  await page.getByRole("navigation", { name: "Bottom" }).getByRole("link", { name: "Moments" }).click();
  await expect(page).toHaveURL(/\/moments$/);
  const today = page.getByRole("region", { name: "Today" });
  const rows = today.getByRole("listitem");
  await expect(rows.nth(0)).toContainText("Earned the First Discovery badge");
  await expect(rows.nth(1)).toContainText("Discovered Kofi's Chop Bar");
  await expect(rows.nth(2)).toContainText("Watched Waakye + wele combo 15% off");
  await expect(rows.nth(2)).toContainText("Earned 15% off");

  // Shared it with friends: the proof goes from the reward's card (its form loads when opened).
  await page.goto("/rewards");
  await mine.getByRole("button", { name: "Shared it? Send proof" }).click();
  const proof = page.getByRole("form", { name: "Send share proof" });
  await proof.getByRole("radio", { name: "WhatsApp" }).check();
  await proof.getByLabel("Link to your post").fill("https://wa.me/p/anigye-waakye-wele");
  await proof.getByRole("button", { name: "Send proof" }).click();
  await expect(proof).toBeHidden();
  await expect(mine.getByTestId("share-proof-status")).toHaveText(
    "Share proof sent (WhatsApp): waiting for a check.",
  );

  // Platform staff open the post from their queue and verify it: the member's card says so, with the XP.
  const staffContext = await browser.newContext({ ...devices["Pixel 7"], baseURL });
  const staffPage = await staffContext.newPage();
  await signInAsDemo(staffPage, "staff@example.com");
  await staffPage.goto("/admin");
  const queue = staffPage.getByRole("region", { name: "Share proofs" });
  const sent = queue
    .getByTestId("share-proof-row")
    .filter({ hasText: "Waakye + wele" })
    .filter({ hasText: "Ama" });
  await expect(sent.getByRole("link", { name: "Open the post" })).toHaveAttribute(
    "href",
    "https://wa.me/p/anigye-waakye-wele",
  );
  await sent.getByRole("button", { name: "Verify" }).click();
  await expect(staffPage.getByText("Share verified", { exact: true })).toBeVisible();
  await expect(sent).toBeHidden();
  await staffContext.close();

  await page.reload();
  await expect(mine.getByTestId("share-proof-status")).toHaveText("Share verified: +20 XP");
});
