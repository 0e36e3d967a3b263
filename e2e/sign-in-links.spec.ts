import { expect, test } from "@playwright/test";
import { linkIn, waitForOutboxMessage } from "./support/outbox";

// The demo staff account and the Fixam business: other journeys don't depend on their sign-in history.
const memberEmail = "staff@example.com";
const businessUsername = "fixam-phone-clinic";

test("wrong passwords slow a member down but an emailed sign-in link always gets them in", async ({
  page,
}) => {
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(memberEmail);
  for (let attempt = 0; attempt < 4; attempt++) {
    await form.getByLabel("Password").fill(`wrong-guess-${attempt}`);
    await form.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByTestId("toast")).toContainText("Login failed");
  }
  await expect(page.getByTestId("toast")).toContainText("or sign in with a link sent to your email");

  await form.getByRole("button", { name: "Email me a sign-in link instead" }).click();
  const linkForm = page.getByRole("form", { name: "Sign-in link" });
  await expect(linkForm.getByLabel("Email")).toHaveValue(memberEmail);
  const sentAt = Date.now();
  await linkForm.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByTestId("sign-in-link-sent")).toContainText("It works once, for 15 minutes.");

  const mail = await waitForOutboxMessage(page.request, memberEmail, "email", { since: sentAt });
  expect(mail.subject).toBe("Your Anigye sign-in link");
  const link = linkIn(mail);
  expect(link).toContain("/login?signin=");
  expect(Date.now() - sentAt).toBeLessThan(15 * 60_000);
  await page.goto(link);
  await expect(page.getByTestId("toast")).toContainText("Welcome back!");
  await expect(page).toHaveURL(/\/rewards$/);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" }),
  ).toBeVisible();

  // The link worked once; opening it again says so and offers a new one.
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" }).click();
  await page.goto(link);
  await expect(page.getByRole("alert").filter({ hasText: "sign-in link" })).toContainText(
    "This sign-in link has expired or was already used",
  );
  await expect(page.getByRole("button", { name: "Email me a new link" })).toBeVisible();
});

test("a business owner asks for a sign-in link and opens the dashboard with it", async ({ page }) => {
  await page.goto("/company");
  await page.getByRole("button", { name: "Send me a sign-in link instead" }).click();
  const form = page.getByRole("form", { name: "Business sign-in link" });
  await form.getByLabel("Username").fill(businessUsername);
  const sentAt = Date.now();
  await form.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByTestId("company-link-sent")).toContainText("we've sent a sign-in link");

  const link = linkIn(
    await waitForOutboxMessage(page.request, `${businessUsername}@example.com`, "email", { since: sentAt }),
  );
  expect(link).toContain("/company?signin=");
  await page.goto(link);
  await expect(page).toHaveURL(/\/company-dashboard\/\d+$/);
  const name = page.getByRole("heading", { level: 1, name: "Fix-Am Phone Clinic" });
  await expect(name).toBeVisible();
  // The name reads on one line on the phone; the header's buttons wrap below it rather than squeeze it.
  expect((await name.boundingBox())!.height).toBeLessThan(80);
});
