import { expect, test } from "@playwright/test";
import { signInAsDemo } from "./support/members";

/**
 * The anti-cheat review (docs/product-rules.md#admin-anti-cheat): an admin finds the member flagged for
 * too-fast watching (the seed's Kojo), reads the evidence, reverses the XP he earned and suspends him; Kojo
 * is signed out and told why when he next signs in.
 */
test("an admin reverses a too-fast watcher's XP and suspends him; he is signed out and told why", async ({
  browser,
}) => {
  const kojo = await browser.newPage();
  await signInAsDemo(kojo, "kojo@example.com");

  const admin = await browser.newPage();
  await signInAsDemo(admin, "admin@example.com");
  await admin.goto("/admin");
  // The admin home asks for a dozen lists at once; give a busy embedded database time.
  await expect(admin.getByTestId("admin-overview")).toBeVisible({ timeout: 30_000 });
  await admin
    .getByRole("navigation", { name: "Admin pages" })
    .getByRole("link", { name: "Anti-cheat" })
    .click();

  const kase = admin.getByTestId("violation").filter({ hasText: "Kojo Tetteh" });
  await expect(kase).toBeVisible();
  await expect(kase.getByTestId("violation-why")).toHaveText("Why 50: 5 too-fast watches");
  await kase.getByText(/Evidence: 5 signals/).click();
  await expect(kase.getByTestId("violation-evidence").getByRole("listitem")).toHaveCount(5);
  await expect(kase.getByTestId("violation-evidence")).toContainText("Too-fast watching");

  await kase.getByLabel(/Reverse what was earned/).check();
  await kase.getByLabel(/Notes/).fill("Skipped ahead five times before claiming the reward.");
  await kase.getByRole("button", { name: "Decide" }).click();
  await expect(
    admin.getByText(/Earnings reversed\. 20 XP taken back, 1 unused rewards withdrawn\./),
  ).toBeVisible();

  // The case is decided; his page shows the reversal and a balance that matches its ledger.
  await admin.getByRole("button", { name: "Actioned", exact: true }).click();
  const decided = admin.getByTestId("violation").filter({ hasText: "Kojo Tetteh" });
  await expect(decided).toContainText("Decided: reverse");
  await decided.getByRole("button", { name: /Open member/ }).click();
  const panel = admin.getByTestId("member-panel");
  await expect(panel.getByTestId("member-xp")).toHaveText("100 (100)");
  await expect(panel.getByTestId("member-ledger")).toContainText("reversal (reverses #");

  await panel.getByRole("button", { name: "Suspend…" }).click();
  await panel.getByLabel(/Reason/).fill("Repeated too-fast watching");
  await panel.getByTestId("member-status-submit").click();
  await expect(panel.getByTestId("member-status")).toHaveText("Suspended");

  // Kojo's next screen finds him signed out; signing in again tells him why.
  await kojo.goto("/rewards");
  await expect(kojo.getByRole("form", { name: "Sign in" })).toBeVisible();
  const form = kojo.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill("kojo@example.com");
  await form.getByLabel("Password").fill("anigye-demo");
  await form.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(kojo.getByTestId("login-refused")).toHaveText(
    "Your Anigye account is suspended. Reason: Repeated too-fast watching. If you think this is a mistake, reply to any Anigye email or contact support.",
  );
});
