import { expect, type Page } from "@playwright/test";

/**
 * The signed-out pages arrive pre-rendered, so they show before the app's code runs. Journeys that
 * tap, navigate in the page or fire browser events wait for the live app first: its counters fill in.
 */
export async function waitForTheLiveLanding(page: Page) {
  await expect(page.getByTestId("stat-users")).not.toHaveText("…");
}
