import { expect, test } from "@playwright/test";
import { signInAsDemo } from "./support/members";

/** An admin changes a platform setting and finds the change in the audit log. */
test("an admin changes the stamp XP, a bad value is refused, and the audit log shows who changed what", async ({
  page,
}) => {
  await signInAsDemo(page, "admin@example.com");
  await page.goto("/admin");
  const stamp = page.getByTestId("setting-xp_stamp");
  await expect(stamp).toBeVisible();
  const box = stamp.getByRole("spinbutton");
  await box.fill("5000");
  await stamp.getByRole("button", { name: /Save/ }).click();
  await expect(stamp).toContainText(/1000|at most/i);

  await box.fill("7");
  await stamp.getByRole("button", { name: /Save/ }).click();
  await expect(stamp).toContainText(/changed/i);
  await page.reload();
  await expect(page.getByTestId("setting-xp_stamp").getByRole("spinbutton")).toHaveValue("7");

  const entry = page.getByTestId("audit-entry").filter({ hasText: "setting.update" }).first();
  await expect(entry).toContainText("Efua Admin");
  await expect(entry).toContainText("xp_stamp");
  await expect(entry).toContainText("5");
  await expect(entry).toContainText("7");

  // Back to the product's value, so the other journeys on this server see the defaults.
  await page.getByTestId("setting-xp_stamp").getByRole("spinbutton").fill("5");
  await page.getByTestId("setting-xp_stamp").getByRole("button", { name: /Save/ }).click();
  await expect(page.getByTestId("audit-entry").first()).toContainText("setting.update");
});
