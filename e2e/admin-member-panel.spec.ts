import { expect, test } from "@playwright/test";
import { boxOf, expectWithinWidth } from "./support/geometry";
import { signInAsDemo, signInAsNewMember } from "./support/members";

/** The admin's member panel fits a 360 px phone; its ledger scrolls inside its own box. */
test("the admin's member panel fits a 360 px screen, Close in view, however long the email", async ({
  browser,
  page,
}) => {
  // A member with a long email address (nothing in it to break a line at) and ledger rows.
  const memberPage = await browser.newPage();
  const { email } = await signInAsNewMember(memberPage, "Efua Mensah-Bonsu");
  await memberPage.close();

  await page.setViewportSize({ width: 360, height: 780 });
  await signInAsDemo(page, "admin@example.com");
  await page.goto("/admin");
  await expect(page.getByTestId("admin-overview")).toBeVisible({ timeout: 30_000 });
  const search = page.getByRole("form", { name: "Find a member" });
  await search.getByLabel("Find a member").fill(email);
  await search.getByRole("button", { name: "Search" }).click();
  // The list shows the latest members until the search's answer replaces it with the one found.
  const found = page.getByTestId("members-list").getByRole("button", { name: /Open Efua/ });
  await expect(found).toHaveCount(1);
  await found.click();

  const panel = page.getByTestId("member-panel");
  const ledger = panel.getByTestId("member-ledger");
  await expect(ledger).toBeVisible();
  const panelBox = await boxOf(panel);
  expectWithinWidth("the member panel", panelBox, 360);
  const close = panel.getByRole("button", { name: "Close" });
  const closeBox = await boxOf(close);
  expect(closeBox.x + closeBox.width, "Close ends inside the panel").toBeLessThanOrEqual(
    panelBox.x + panelBox.width,
  );
  // Nothing sticks out of the panel or makes the page scroll sideways: the ledger scrolls in its own box.
  const widths = await panel.evaluate((element) => ({
    panel: element.scrollWidth,
    panelVisible: element.clientWidth,
    page: document.documentElement.scrollWidth,
  }));
  expect(widths.panel).toBeLessThanOrEqual(widths.panelVisible);
  expect(widths.page).toBeLessThanOrEqual(360);
  const ledgerBox = await boxOf(ledger.locator("xpath=.."));
  expect(ledgerBox.x + ledgerBox.width).toBeLessThanOrEqual(panelBox.x + panelBox.width);

  await close.click();
  await expect(panel).toBeHidden();
});

test("an admin finds a member as they type, and reads the member's rewards by the ads' names", async ({
  page,
}) => {
  // A shared two-core machine takes its time.
  test.slow();
  await page.setViewportSize({ width: 360, height: 780 });
  await signInAsDemo(page, "admin@example.com");
  await page.goto("/admin");
  await expect(page.getByTestId("admin-overview")).toBeVisible({ timeout: 30_000 });
  const search = page.getByRole("form", { name: "Find a member" });
  // No button pressed: the list follows the typing.
  await search.getByLabel("Find a member").pressSequentially("ama@exam", { delay: 40 });
  const list = page.getByTestId("members-list");
  await expect(list.getByRole("listitem")).toHaveCount(1, { timeout: 30_000 });
  await expect(list).toContainText("ama@example.com");
  await list.getByRole("button", { name: "Open Ama Owusu" }).click();

  const rewards = page.getByTestId("member-panel").getByRole("region", { name: "Recent views and rewards" });
  // Kofi's Chop Bar's Friday offer, by its name and its business, not by row numbers.
  await expect(rewards).toContainText("Fufu & goat light soup Fridays", { timeout: 30_000 });
  await expect(rewards).toContainText("Kofi's Chop Bar");
  await expect(rewards).not.toContainText(/from ad #\d+/);
});
