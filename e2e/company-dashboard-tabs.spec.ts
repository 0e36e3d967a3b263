import { expect, test } from "@playwright/test";
import { boxOf, expectWithinWidth } from "./support/geometry";
import { signInAsDemoCompany } from "./support/members";

test.use({ viewport: { width: 360, height: 740 } });

const tabNames = ["Overview", "Ads", "Money", "Loyalty", "Profile", "Branches", "Staff"];

test("on a 360 px phone every tab of the owner's dashboard is in view, whole and one tap away", async ({
  page,
}) => {
  // A shared two-core machine takes its time.
  test.slow();
  await signInAsDemoCompany(page);

  const list = page.getByRole("tablist", { name: "Dashboard sections" });
  await expect(list.getByRole("tab")).toHaveCount(tabNames.length);
  // Nothing hides sideways: the list doesn't scroll, so no tab waits off screen without a hint.
  const listWidths = await list.evaluate((element) => ({
    scroll: element.scrollWidth,
    client: element.clientWidth,
  }));
  expect(listWidths.scroll, "the tab list scrolls sideways").toBeLessThanOrEqual(listWidths.client);
  for (const name of tabNames) {
    const tab = list.getByRole("tab", { name, exact: true });
    expectWithinWidth(`the ${name} tab`, await boxOf(tab), 360);
    // Its whole name shows: no ellipsis, nothing clipped.
    const widths = await tab.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
    }));
    expect(widths.scroll, `the ${name} tab's label is cut off`).toBeLessThanOrEqual(widths.client);
  }
  // Each one opens its section with a single tap, without scrolling the list first.
  for (const name of tabNames) {
    await list.getByRole("tab", { name, exact: true }).click();
    await expect(list.getByRole("tab", { name, exact: true })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name })).toBeVisible();
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
