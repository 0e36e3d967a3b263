import { type Browser, expect, test } from "@playwright/test";
import sharp from "sharp";
import { signInAsDemo } from "./support/members";
import { linkIn, waitForOutboxMessage } from "./support/outbox";

async function newPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: { width: 412, height: 915 } });
  return context.newPage();
}

test("an admin registers a business, the owner sets it up and publishes an ad, and a member finds it", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const id = Date.now().toString(36);
  const businessName = `Auntie Efua's Kelewele ${id}`;
  const contactEmail = `kelewele-${id}@example.com`;
  const adTitle = `Spicy kelewele ${id}`;

  // The admin registers the business and activates a Business plan.
  await signInAsDemo(page, "admin@example.com");
  await page.goto("/admin");
  const register = page.getByRole("form", { name: "Register a business" });
  await register.getByLabel("Business name").fill(businessName);
  await register.getByLabel("Category", { exact: true }).selectOption("Food & Dining");
  await register.getByLabel("Subcategory").selectOption("Fast Food");
  await register.getByLabel("City").selectOption("Cape Coast");
  await register.getByLabel("Address").fill("Commercial Street, Cape Coast");
  await register.getByLabel("Latitude").fill("5.1053");
  await register.getByLabel("Longitude").fill("-1.2466");
  await register.getByLabel("Contact email").fill(contactEmail);
  await register.getByRole("button", { name: "Register business" }).click();
  const listed = page.getByTestId("admin-company").filter({ hasText: businessName });
  await expect(listed).toBeVisible();
  await listed.getByRole("button", { name: "Set plan" }).click();
  const planForm = page.getByRole("form", { name: "Set plan" });
  await planForm.getByLabel("Plan").selectOption("business");
  await planForm.getByLabel("Reason").fill("Paid at registration");
  await planForm.getByRole("button", { name: "Save plan" }).click();
  await expect(listed).toContainText(/business/i);

  // The owner follows the setup link from the email.
  const mail = await waitForOutboxMessage(request, contactEmail, "email");
  const owner = await newPage(browser, baseURL);
  await owner.goto(linkIn(mail));
  const setup = owner.getByRole("form", { name: "Company setup" });
  await setup.getByLabel("Choose a username").fill(`kelewele-${id}`);
  await setup.getByLabel("New password").fill("fried-plantain-spice");
  await setup.getByLabel("Confirm password").fill("fried-plantain-spice");
  await setup.getByRole("button", { name: "Finish setup" }).click();
  await expect(owner).toHaveURL(/\/company-dashboard\/\d+/);
  await expect(owner.getByTestId("plan-card")).toContainText(/Business/);

  // The owner creates an image ad with a discount code: choosing the image is enough to upload it.
  await owner.getByRole("tab", { name: "Ads" }).click();
  await owner.getByRole("button", { name: "Create ad" }).click();
  const adForm = owner.getByRole("form", { name: "Ad details" });
  await adForm.getByLabel("Title").fill(adTitle);
  await adForm.getByLabel("Description").fill("Ginger and pepper, fried fresh every evening");
  await adForm.getByLabel("Category").selectOption("Food & Dining");
  await adForm.getByLabel("Duration (seconds)").fill("8");
  await adForm.getByLabel("Reward type").selectOption("discount");
  await adForm.getByLabel("Discount (%)").fill("15");
  await adForm.getByLabel("Discount codes").fill(`KELE-${id}-1\nKELE-${id}-2`);
  // The branch is asked once: one of the business's branches from its list, never typed again beside it.
  const branch = adForm.getByRole("combobox", { name: /^Branch/ });
  await expect(branch.locator("option")).toHaveCount(2);
  await expect(adForm.getByLabel("Branch name")).toHaveCount(0);
  await expect(adForm.getByLabel("Branch address")).toHaveCount(0);
  await branch.selectOption({ index: 1 });
  await expect(adForm.getByLabel("Branch name")).toHaveCount(0);
  // A slow connection: the upload is still on its way when the owner presses Save, which waits for it.
  let releaseUpload = () => {};
  const uploadHeld = new Promise<void>((resolve) => {
    releaseUpload = resolve;
  });
  await owner.route("**/api/companies/*/media", async (route) => {
    await uploadHeld;
    await route.continue();
  });
  const poster = await sharp({ create: { width: 720, height: 1280, channels: 3, background: "#c2410c" } })
    .jpeg()
    .toBuffer();
  await adForm
    .getByLabel("Image or video")
    .setInputFiles({ name: "kelewele.jpg", mimeType: "image/jpeg", buffer: poster });
  await expect(adForm.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  await adForm.getByRole("button", { name: "Save ad" }).click();
  await expect(adForm.getByRole("button", { name: "Finishing the upload…" })).toBeVisible();
  releaseUpload();
  const listedAd = owner.getByTestId("company-ad").filter({ hasText: adTitle });
  await expect(listedAd).toBeVisible();
  await expect(listedAd.getByTestId("ad-status")).toContainText(/active/i);
  await owner.unroute("**/api/companies/*/media");

  // A member finds it on Discover by search and by category.
  const member = await newPage(browser, baseURL);
  await signInAsDemo(member, "ama@example.com");
  await member.goto("/");
  await expect(member.getByRole("heading", { name: "Discover" })).toBeVisible();
  await member.getByLabel("Search ads and companies").fill(`kelewele ${id}`);
  await expect(member.getByRole("link", { name: adTitle })).toBeVisible();
  await expect(member.getByTestId("ad-card")).toHaveCount(1);

  await member.getByRole("button", { name: "Clear" }).click();
  await member.getByLabel("Category").selectOption("Food & Dining");
  const more = member.getByRole("button", { name: "View More Discoveries" });
  if (await more.isVisible()) await more.click();
  await expect(member.getByRole("link", { name: adTitle })).toBeVisible();
  const categories = await member.getByTestId("ad-card").count();
  expect(categories).toBeGreaterThan(1);
});
