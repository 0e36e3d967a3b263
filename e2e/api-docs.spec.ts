import { expect, test } from "@playwright/test";

test("an integrator reads the API reference at /api/docs and tries a call from it", async ({ page }) => {
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") blocked.push(message.text());
  });
  await page.goto("/api/docs");
  // Swagger UI renders every module's routes from /api/openapi.json, served by this server.
  await expect(page.getByRole("heading", { name: /Anigye API/ })).toBeVisible();
  await expect(page.getByText("X-Device-Fingerprint").first()).toBeVisible();
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
