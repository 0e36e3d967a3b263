import { expect, type Page, test } from "@playwright/test";
import { boxOf, expectNoOverlaps, expectWithinWidth } from "./support/geometry";
import { signInAsDemo } from "./support/members";

// The narrowest phones we design for (many Android Go handsets in Ghana).
const phone = { width: 360, height: 740 };
test.use({ viewport: phone });

/** The pieces of the signed-in top bar a member sees, with their boxes. */
async function topBarBoxes(page: Page, displayName: string) {
  const nav = page.getByRole("navigation", { name: "Main" });
  const logout = nav.getByRole("button", { name: "Logout" });
  await expect(logout).toHaveText("Logout");
  return {
    logo: await boxOf(nav.getByRole("link", { name: "Anigye home" })),
    avatar: await boxOf(nav.getByTestId("nav-avatar")),
    name: await boxOf(nav.getByText(displayName)),
    xp: await boxOf(nav.getByTestId("nav-xp")),
    logout: await boxOf(logout),
  };
}

function expectTappable(name: string, box: { width: number; height: number }) {
  expect(box.height, `${name} is too short to tap`).toBeGreaterThanOrEqual(44);
  expect(box.width, `${name} is too narrow to tap`).toBeGreaterThanOrEqual(44);
}

test("on a 360 px phone the top bar shows the member's initials, name, XP and Logout side by side", async ({
  page,
}) => {
  await signInAsDemo(page, "ama@example.com");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByTestId("nav-avatar")).toHaveText("AO");
  await expect(nav.getByTestId("nav-xp")).toContainText(/\d XP/);

  const boxes = await topBarBoxes(page, "Ama Owusu");
  expectNoOverlaps(boxes);
  for (const [name, box] of Object.entries(boxes)) expectWithinWidth(name, box, phone.width);
  // A short name is shown whole.
  expect(await nav.getByText("Ama Owusu").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expectTappable("Logout", boxes.logout);
  expectTappable("XP", await boxOf(nav.getByRole("link", { name: /XP, .* tier: My Rewards/ })));
  expectTappable("Profile", await boxOf(nav.getByRole("link", { name: "Ama Owusu" })));
  // Nothing pushes the page sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
});

test("an admin's bar fits the Admin link too, and a name that doesn't fit ends in an ellipsis", async ({
  page,
}) => {
  await signInAsDemo(page, "admin@example.com");
  const nav = page.getByRole("navigation", { name: "Main" });
  const admin = nav.getByRole("link", { name: "Admin", exact: true });
  await expect(admin).toHaveAttribute("href", "/admin");
  await expect(nav.getByTestId("nav-avatar")).toHaveText("EA");

  const boxes = { ...(await topBarBoxes(page, "Efua Admin")), admin: await boxOf(admin) };
  expectNoOverlaps(boxes);
  for (const [name, box] of Object.entries(boxes)) expectWithinWidth(name, box, phone.width);
  expectTappable("Admin", boxes.admin);
  expectTappable("Logout", boxes.logout);

  // The name is cut with an ellipsis rather than pushing Logout off the bar, and its start stays readable.
  const name = nav.getByText("Efua Admin");
  expect(boxes.name.width).toBeGreaterThanOrEqual(24);
  const cut = await name.evaluate((el) => ({
    overflows: el.scrollWidth > el.clientWidth,
    ellipsis: getComputedStyle(el).textOverflow === "ellipsis",
  }));
  expect(cut).toEqual({ overflows: true, ellipsis: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
});
