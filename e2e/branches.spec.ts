import { expect, test } from "@playwright/test";
import { e2eBaseUrl } from "../playwright.config";
import { signInAsDemoCompany } from "./support/members";

// A new branch of Oguaa Heritage Tours (Cape Coast) in Takoradi, about 60 km west; the member stands
// beside it.
const takoradi = { latitude: 4.8986, longitude: -1.7554 };

test.use({
  viewport: { width: 360, height: 780 },
  geolocation: { latitude: 4.899, longitude: -1.7556 },
  permissions: ["geolocation"],
});

test("an owner adds a branch on the Branches tab, and a member's Near Me from there finds the business beside it", async ({
  page,
  browser,
}) => {
  // Two sign-ins, a form and Discover on a shared two-core machine.
  test.slow();
  await signInAsDemoCompany(page, "oguaa-heritage-tours");

  await page.getByRole("tab", { name: "Branches" }).click();
  const tab = page.getByRole("tabpanel", { name: "Branches" });
  await expect(tab.getByTestId("branch-count")).toHaveText("1 of 5 branches on Business");
  await expect(tab.getByRole("list", { name: "Branches" }).getByRole("listitem")).toHaveCount(1);

  // The contract's own messages, before anything is sent.
  const form = tab.getByRole("form", { name: "Add a branch" });
  await form.getByRole("button", { name: "Add branch" }).click();
  await expect(form.getByLabel("Branch name")).toHaveAccessibleDescription("Branch name is required");
  await form.getByLabel("Latitude").fill("95");
  await form.getByRole("button", { name: "Add branch" }).click();
  await expect(form.getByText("Latitude must be between -90 and 90")).toBeVisible();
  // A name of only invisible characters (a right-to-left override, a zero-width space) would show blank.
  await form.getByLabel("Branch name").fill("\u202e\u200b");
  await form.getByRole("button", { name: "Add branch" }).click();
  await expect(form.getByLabel("Branch name")).toHaveAccessibleDescription(
    "Branch name can't be only spaces or invisible characters",
  );

  await form.getByLabel("Branch name").fill("Takoradi Market Circle");
  await form.getByLabel("Phone").fill("024 555 0101");
  await form.getByLabel("Address").fill("Market Circle, Takoradi");
  // A pin in the ocean at (0, 0): the server knows the countries served and says so at the pin.
  await form.getByLabel("Latitude").fill("0");
  await form.getByLabel("Longitude").fill("0");
  await form.getByRole("button", { name: "Add branch" }).click();
  await expect(form.getByLabel("Latitude")).toHaveAccessibleDescription(
    "This pin is outside Ghana, where Anigye works: check the latitude and longitude",
  );
  await expect(tab.getByRole("list", { name: "Branches" }).getByRole("listitem")).toHaveCount(1);
  // The owner stands in the new shop: the pin is this phone's position.
  await form.getByRole("button", { name: "Use my location" }).click();
  await expect(form.getByLabel("Latitude")).toHaveValue("4.899000");
  await form.getByLabel("Latitude").fill(String(takoradi.latitude));
  await form.getByLabel("Longitude").fill(String(takoradi.longitude));
  await form.getByLabel("Business hours").fill("Mon-Sat 8 AM-6 PM");
  await form.getByRole("button", { name: "Add branch" }).click();
  await expect(page.getByTestId("toast")).toContainText("Branch added");
  await expect(tab.getByTestId("branch-count")).toHaveText("2 of 5 branches on Business");
  await expect(tab.getByRole("list", { name: "Branches" })).toContainText("Takoradi Market Circle");
  // Nothing on the tab is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // A member in Takoradi, on their own phone, presses Near Me.
  const phone = await browser.newContext({
    baseURL: e2eBaseUrl,
    viewport: { width: 360, height: 780 },
    geolocation: { latitude: 4.899, longitude: -1.7556 },
    permissions: ["geolocation"],
  });
  const member = await phone.newPage();
  const signedIn = await member.request.post("/api/auth/login", {
    headers: { "X-Requested-With": "anigye" },
    data: { email: "ama@example.com", password: "anigye-demo" },
  });
  expect(signedIn.ok()).toBe(true);
  await member.goto("/");
  // The live app (Discover's search answers); a shared two-core machine takes its time.
  await expect(member.getByRole("searchbox", { name: "Search ads and companies" })).toBeEnabled({
    timeout: 30_000,
  });
  await member.getByRole("button", { name: "Near Me" }).click();
  await expect(member.getByRole("button", { name: "Near Me" })).toHaveAttribute("aria-pressed", "true");
  const first = member
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: member.getByRole("heading", { level: 2 }) })
    .first();
  // Near Me sends the position rounded to about 1 km: the new branch is within that, Cape Coast 60 km off.
  await expect(first).toContainText(/Oguaa Heritage Tours · [01](\.\d)? km away/, { timeout: 30_000 });

  // Its place page lists the new branch with directions.
  await first.getByTestId("ad-card-company-link").click();
  const branches = member.getByTestId("place-branches");
  await expect(branches).toContainText("Takoradi Market Circle");
  await expect(branches.getByRole("link", { name: "Directions to Takoradi Market Circle" })).toHaveAttribute(
    "href",
    `https://www.google.com/maps/dir/?api=1&destination=${takoradi.latitude},${takoradi.longitude}`,
  );
  await phone.close();
});
