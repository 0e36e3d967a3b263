import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The signed-out pages arrive pre-rendered, so they show before their script runs; the landing's is its
 * own (src/web/signed-out/), not the app's. Journeys that tap or fire browser events wait for it first:
 * its counters fill in.
 */
export async function waitForTheLiveLanding(page: Page) {
  await expect(page.getByTestId("stat-users")).not.toHaveText("…");
}

/**
 * A member's home arrives rendered by the server; the app is live once Discover's search answers (the
 * server's page shows it, disabled, until then; a card pressed before that opens as a new page load).
 */
export async function waitForTheLiveHome(page: Page) {
  await expect(page.getByRole("searchbox", { name: "Search ads and companies" })).toBeEnabled();
}

/**
 * True once React has adopted this element of a page the server rendered: hydration attaches its fiber
 * to each DOM node it takes over (a `__reactFiber$…` property), whatever the page shows.
 */
export async function waitUntilAdoptedByReact(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber$"))))
    .toBe(true);
}
