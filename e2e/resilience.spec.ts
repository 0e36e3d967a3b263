import { expect, test } from "@playwright/test";

test.use({ serviceWorkers: "block" });

test("a page whose code fails to download offers a Try Again that really loads it", async ({ page }) => {
  // A page the app renders (the landing works without the app's code), the app live on it.
  await page.goto("/login");
  await expect(page.getByRole("form", { name: "Sign in" })).toBeVisible();
  // The FAQ chunk can't be fetched (offline, or replaced by a new release).
  await page.route(/\/assets\/faq-page-[^/]+\.js$/, (route) => route.abort("internetdisconnected"));
  await page.evaluate(() => {
    window.history.pushState({}, "", "/faq");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  const alert = page.getByRole("alert").filter({ hasText: "Something went wrong" });
  await expect(alert).toContainText("This page couldn't load");

  await page.unroute(/\/assets\/faq-page-[^/]+\.js$/);
  await alert.getByRole("button", { name: "Try Again" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/question/i);
});
