import { expect, type Page, test } from "@playwright/test";
import { signInAtDemoCounter } from "./support/members";

/**
 * Pages log nothing wrong on the way: no screen text read before its catalog arrived
 * ("Uncompiled message detected!") and no refused request a signed-out visit was bound to get.
 */

function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    const uncompiled = message.text().includes("Uncompiled message");
    if (message.type() === "error" || uncompiled) problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

test.describe("the counter", () => {
  // The service worker would answer from its cache, past the slow catalog below.
  test.use({ serviceWorkers: "block" });

  test("its pages log no error and no uncompiled text, even when the texts arrive after the code", async ({
    page,
  }) => {
    const problems = consoleProblems(page);
    // The counter's English texts come in their own download; on a slow network the page's code can
    // arrive first, and it must not read a text before then.
    await page.route(/\/assets\/auth_counter_profile_rewards-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await signInAtDemoCounter(page);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Counter", exact: true })).toBeVisible();
    expect(problems).toEqual([]);
  });
});

for (const path of ["/company-dashboard/1", "/subscription-details/1"]) {
  test(`a signed-out visit to ${path} goes to the business sign-in without a refused request`, async ({
    page,
  }) => {
    const problems = consoleProblems(page);
    const refused: string[] = [];
    page.on("response", (response) => {
      if (response.status() === 401) refused.push(response.url());
    });
    await page.goto(path);
    await expect(page).toHaveURL(/\/company$/);
    await expect(page.getByRole("form", { name: "Company sign in" })).toBeVisible();
    expect(refused).toEqual([]);
    expect(problems).toEqual([]);
  });
}
