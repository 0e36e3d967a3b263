import { expect, test } from "@playwright/test";
import { waitForOutboxMessage } from "./support/outbox";

// Ama, the demo member: her number (024 111 2233) is verified, as a member who joined by USSD's is.
const amaPhone = "+233241112233";

test("a member signs in with her phone number and the code texted to it", async ({ page }) => {
  await page.goto("/login");
  await page
    .getByRole("form", { name: "Sign in" })
    .getByRole("button", { name: "Sign in with phone number" })
    .click();
  const numberForm = page.getByRole("form", { name: "Phone sign-in" });
  await numberForm.getByLabel("Phone number").fill("024 111 2233");
  const sentAt = Date.now();
  await numberForm.getByRole("button", { name: "Text me a code" }).click();
  const codeForm = page.getByRole("form", { name: "Phone sign-in code" });
  await expect(page.getByText("If an account has this number, we've sent it a sign-in code.")).toBeVisible();

  const sms = await waitForOutboxMessage(page.request, amaPhone, "sms", { since: sentAt });
  const code = /\b(\d{6})\b/.exec(sms.textBody)?.[1];
  expect(code).toBeDefined();
  await codeForm.getByLabel("6-digit code").fill(code!);
  await codeForm.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText("Welcome back!");
  await expect(page).toHaveURL(/\/rewards$/);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" }),
  ).toBeVisible();
});
