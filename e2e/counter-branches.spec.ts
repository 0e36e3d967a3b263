import { devices, expect, test } from "@playwright/test";
import { e2eBaseUrl } from "../playwright.config";
import { openTheTypedCode } from "./support/counter";
import { signInAsDemoCompany } from "./support/members";

test("the owner puts a new staff member at the second branch, and the dashboard counts her scan there", async ({
  page,
  browser,
}) => {
  test.slow();
  const business = "fixam-phone-clinic";
  const branchName = `Kaneshie ${Date.now().toString(36)}`;
  const staffName = `Yaa ${Date.now().toString(36)}`;

  // Ama, whose code is looked up later, signed in on this browser; the owner signs in beside her (a
  // business session of its own).
  const member = await page.request.post("/api/auth/login", {
    headers: { "x-requested-with": "anigye" },
    data: { email: "ama@example.com", password: "anigye-demo" },
  });
  expect(member.ok(), await member.text()).toBe(true);
  const companyId = await signInAsDemoCompany(page, business);

  // A second branch (the Branches tab's own journey is elsewhere; its API is enough here).
  const added = await page.request.post(`/api/companies/${companyId}/branches`, {
    headers: { "x-requested-with": "anigye" },
    data: {
      name: branchName,
      address: "Kaneshie Market Road, Accra",
      latitude: 5.5654,
      longitude: -0.2355,
      phone: "024 400 0199",
    },
  });
  expect(added.status(), await added.text()).toBe(201);

  await page.getByRole("tab", { name: "Staff" }).click();
  const staffTab = page.getByRole("tabpanel", { name: "Staff" });
  const form = staffTab.getByRole("form", { name: "Add staff" });
  await form.getByLabel("Name").fill(staffName);
  await form.getByLabel("PIN").fill("4821");
  await form.getByLabel("Branch").selectOption({ label: branchName });
  await form.getByRole("button", { name: "Add staff" }).click();
  await expect(page.getByTestId("toast")).toContainText("Staff added");
  await expect(staffTab.getByLabel(`Branch of ${staffName}`)).toHaveValue(/\d+/);
  await expect(staffTab.getByLabel(`Branch of ${staffName}`).locator("option:checked")).toHaveText(
    branchName,
  );

  // A member's code, typed at the counter by the new staff member: a look-up, at her branch.
  const counterContext = await browser.newContext({ ...devices["Pixel 7"], baseURL: e2eBaseUrl });
  const counter = await counterContext.newPage();
  await counter.goto("/merchant-login");
  const counterSignIn = counter.getByRole("form", { name: "Counter sign-in" });
  await counterSignIn.getByLabel("Business username").fill(business);
  await counterSignIn.getByLabel("Your name").fill(staffName);
  await counterSignIn.getByLabel("PIN").fill("4821");
  await counterSignIn.getByRole("button", { name: "Sign in" }).click();
  await expect(counter.getByRole("heading", { name: "Counter", exact: true })).toBeVisible();
  await counter.goto("/merchant-scanner");
  await counter.getByRole("button", { name: "Look up", exact: true }).click();
  const { shortCode } = (await (await page.request.get("/api/loyalty/qr")).json()) as { shortCode: string };
  const typed = await openTheTypedCode(counter);
  await typed.getByLabel("Customer's code").fill(shortCode);
  await typed.getByRole("button", { name: "Send code" }).click();
  await expect(counter.getByTestId("scan-result")).toHaveAttribute("data-tone", "accepted", {
    timeout: 30_000,
  });

  await counter.goto("/merchant-dashboard");
  const byBranch = counter.getByTestId("counter-by-branch");
  await expect(byBranch).toBeVisible();
  const atBranch = byBranch.getByRole("listitem").filter({ hasText: branchName });
  await expect(atBranch).toBeVisible();
  // Today's totals come first: one scan there.
  await expect(atBranch.getByRole("definition").first()).toHaveText("1");
  // At 360 px wide nothing spills sideways.
  await counter.setViewportSize({ width: 360, height: 780 });
  const overflow = await counter.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await counterContext.close();
});
