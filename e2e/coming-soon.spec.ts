import { expect, test } from "@playwright/test";
import { boxOf, intersects } from "./support/geometry";

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test("a person signs up on /coming-soon, sees the thank-you screen and registers another", async ({
  page,
}) => {
  await page.goto("/coming-soon");
  await expect(page.getByRole("navigation", { name: "Bottom" })).toHaveCount(0);
  // The launch day has passed (the launch is spoken of in the past; the unit tests cover the day before).
  await expect(page.getByText("Launched Nov 25, 2025")).toBeVisible();
  await expect(page.getByText(/Launch date/)).toHaveCount(0);

  const form = page.getByRole("form", { name: "User signup" });
  await form.getByLabel("Full name").fill("Yaa Asantewaa");
  await form.getByLabel("Email").fill(`yaa-${unique()}@example.com`);
  await form.getByLabel("Phone").fill("024 555 1234");
  await form.getByLabel("Location").fill("Kumasi");
  await form.getByLabel("Age range").selectOption("25-34");
  await form.getByLabel("Gender").selectOption("female");
  await form.getByRole("button", { name: "Get Early Access" }).click();

  await expect(page.getByTestId("toast")).toContainText("Success!");
  await expect(page.getByTestId("toast")).toContainText("Anigye has launched: create your account");
  const thankYou = page.getByTestId("thank-you");
  await expect(thankYou).toBeVisible();

  await thankYou.getByRole("button", { name: "Register Another Person" }).click();
  await expect(page.getByRole("form", { name: "User signup" }).getByLabel("Full name")).toHaveValue("");
});

test("after the launch, the pre-launch page on a 360 px phone no longer says it is coming soon", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/coming-soon");
  await expect(page.getByText("Launched Nov 25, 2025")).toBeVisible();
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  await expect(page).not.toHaveTitle(/coming soon/i);
});

for (const phone of [
  { name: "a Pixel 7", viewport: { width: 412, height: 839 }, textScale: "100%" },
  // Android's "large text" setting, which many readers use, scales the page's root font.
  { name: "a 360 px phone with large text", viewport: { width: 360, height: 740 }, textScale: "112.5%" },
  { name: "a 320 px phone", viewport: { width: 320, height: 640 }, textScale: "100%" },
]) {
  test(`after signing up on ${phone.name}, the success toast leaves the business phone line in view`, async ({
    page,
  }) => {
    await page.setViewportSize(phone.viewport);
    await page.goto("/coming-soon");
    await page.evaluate((scale) => {
      document.documentElement.style.fontSize = scale;
    }, phone.textScale);
    const form = page.getByRole("form", { name: "User signup" });
    await form.getByLabel("Full name").fill("Kojo Mensah");
    await form.getByLabel("Email").fill(`kojo-${unique()}@example.com`);
    await form.getByLabel("Phone").fill("020 555 4321");
    await form.getByRole("button", { name: "Get Early Access" }).click();

    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Success!");
    await expect(page.getByTestId("thank-you")).toBeVisible();
    const phoneLine = page.getByText(/Business enquiries:/);
    await expect(phoneLine).toBeInViewport({ ratio: 1 });
    await expect(phoneLine.getByRole("link", { name: /^\+233/ })).toBeVisible();
    expect(intersects(await boxOf(phoneLine), await boxOf(toast)), "the toast covers the phone line").toBe(
      false,
    );
  });
}

test("a business registers on /early-access", async ({ page }) => {
  await page.goto("/early-access");
  await page.getByRole("tab", { name: "I'm a Business" }).click();
  const form = page.getByRole("form", { name: "Business signup" });
  await form.getByLabel("Business name").fill("Tamale Shea Collective");
  await form.getByLabel("Contact name").fill("Fuseina Alhassan");
  await form.getByLabel("Email").fill(`shea-${unique()}@example.com`);
  await form.getByLabel("Phone").fill("+233 20 555 7788");
  await form.getByLabel("Business category").selectOption("Beauty & Wellness");
  await form.getByLabel("Business size").selectOption("small");
  await form.getByLabel("Social media").check();
  await form.getByRole("button", { name: "Register Business" }).click();

  await expect(page.getByTestId("toast")).toContainText("We'll contact you with early access details!");
  await expect(page.getByTestId("thank-you")).toBeVisible();
  await page.getByRole("button", { name: "Register Another Person" }).click();
  await expect(page.getByRole("tab", { name: "I'm a User" })).toBeVisible();
});

test("missing required fields show 'Missing Info' and send nothing", async ({ page }) => {
  await page.goto("/coming-soon");
  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/api/coming-soon/")) posted = true;
  });
  const form = page.getByRole("form", { name: "User signup" });
  await form.getByLabel("Full name").fill("Kwesi");
  await form.getByRole("button", { name: "Get Early Access" }).click();
  await expect(page.getByTestId("toast")).toContainText("Missing Info");
  await expect(page.getByTestId("toast")).toContainText("Please fill in all required fields");
  // Each empty required field says so itself; the filled one doesn't.
  await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Email is required")).toBeVisible();
  await expect(form.getByText("Phone is required")).toBeVisible();
  await expect(form.getByLabel("Full name")).not.toHaveAttribute("aria-invalid", "true");
  // Typing in a field clears its message; switching tabs keeps what was typed.
  await form.getByLabel("Email").fill("kwesi@example.com");
  await expect(form.getByText("Email is required")).toHaveCount(0);
  await page.getByRole("tab", { name: "I'm a Business" }).click();
  await page.getByRole("tab", { name: "I'm a User" }).click();
  await expect(form.getByLabel("Full name")).toHaveValue("Kwesi");
  await expect(page.getByTestId("thank-you")).toHaveCount(0);
  expect(posted).toBe(false);
});

test("a number that is not a Ghana phone number gets the server's message", async ({ page }) => {
  await page.goto("/coming-soon");
  const form = page.getByRole("form", { name: "User signup" });
  await form.getByLabel("Full name").fill("Kwesi Appiah");
  await form.getByLabel("Email").fill(`kwesi-${unique()}@example.com`);
  await form.getByLabel("Phone").fill("12345");
  await form.getByRole("button", { name: "Get Early Access" }).click();
  await expect(page.getByTestId("toast")).toContainText("Enter a valid Ghana phone number");
  await expect(form.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Phone")).toHaveAccessibleDescription(/Enter a valid Ghana phone number/);
  await expect(page.getByTestId("thank-you")).toHaveCount(0);
});
