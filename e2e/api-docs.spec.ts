import { expect, test } from "@playwright/test";

test("an integrator reads the API reference at /api/docs and tries a call from it", async ({ page }) => {
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") blocked.push(message.text());
  });
  await page.goto("/api/docs");
  // Swagger UI lists every module from /api/openapi.json, served by this server, each collapsed until
  // opened (with 120 operations open at once it stopped rendering part-way down the page).
  await expect(page.getByRole("heading", { name: /Anigye API/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("X-Device-Fingerprint").first()).toBeVisible();
  for (const tag of ["auth", "watch", "health", "admin"]) {
    await page.locator(`h3#operations-tag-${tag}`).click();
  }
  const login = page
    .locator(".opblock")
    .filter({ hasText: "/api/auth/login" })
    .filter({ hasText: "Sign in with email and password" });
  await expect(login.first()).toBeVisible();
  await expect(page.getByText("/api/watch/sessions/{sessionId}/progress")).toBeVisible();

  await page.getByText("/api/health", { exact: true }).click();
  await page.getByRole("button", { name: "Try it out" }).click();
  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page.locator(".live-responses-table tbody .response-col_status").first()).toHaveText("200");
  expect(blocked.filter((text) => text.includes("Content Security Policy"))).toEqual([]);
});
