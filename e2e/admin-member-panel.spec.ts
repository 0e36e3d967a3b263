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
  await expect(page.getByTestId("admin-overview")).toBeVisible({ timeout: 15_000 });
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
