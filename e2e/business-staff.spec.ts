import { expect, test } from "@playwright/test";
import { signInAsDemoCompany } from "./support/members";

test("the owner adds counter staff, and the Staff tab promises no sign-in that doesn't exist yet", async ({
  page,
}) => {
  await signInAsDemoCompany(page);

  await page.getByRole("tab", { name: "Staff" }).click();
  const staffTab = page.getByRole("tabpanel", { name: "Staff" });
  await expect(staffTab.getByRole("heading", { name: "Counter staff" })).toBeVisible();
  // Counter sign-in with the PIN arrives with a later release: nothing here may promise it.
  await expect(staffTab).not.toContainText(/sign in|sign-in|scan/i);

  // The contract's own messages, before anything is sent.
  const form = staffTab.getByRole("form", { name: "Add staff" });
  await form.getByLabel("PIN").fill("12");
  await form.getByRole("button", { name: "Add staff" }).click();
  await expect(form.getByLabel("Name")).toHaveAccessibleDescription("Staff name is required");
  await expect(form.getByLabel("Name")).toBeFocused();
  await expect(form.getByText("PIN must be 4 to 6 digits")).toBeVisible();

  const name = `Abena ${Date.now().toString(36)}`;
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("PIN").fill("4821");
  await form.getByRole("button", { name: "Add staff" }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Staff added");
  await expect(toast).not.toContainText(/sign in/i);
  await expect(staffTab.getByRole("list", { name: "Staff" })).toContainText(name);
  await expect(form.getByLabel("Name")).toHaveValue("");
});

test("the owner signs out and the dashboard is closed to this phone until they sign in again", async ({
  page,
}) => {
  const companyId = await signInAsDemoCompany(page);

  await page.getByRole("button", { name: "Sign out" }).click();

  await expect(page.getByRole("form", { name: "Company sign in" })).toBeVisible();
  await page.goto(`/company-dashboard/${companyId}`);
  await expect(page).not.toHaveURL(/\/company-dashboard\//);
  const me = await page.request.get("/api/companies/me");
  expect((await me.json()).company).toBeNull();
});
