import fs from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { waitForTheLiveHome } from "./support/live-app";
import { signInAsDemo, signInAtDemoCounter } from "./support/members";

/**
 * Every app page runs on React 19 (docs/decisions/020-react-in-every-browser.md): its root element carries React's container
 * key, React logs no hydration difference or other error on the way, and no shipped script is Preact.
 */

/** The key `createRoot` and `hydrateRoot` put on the element they render into. */
async function isReactRoot(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.getElementById("root");
    return root !== null && Object.keys(root).some((key) => key.startsWith("__reactContainer$"));
  });
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  return errors;
}

async function expectReactAt(page: Page, at: string, shown: (page: Page) => Locator) {
  await page.goto(at);
  await expect(shown(page)).toBeVisible();
  // A page the server rendered (My Rewards) shows before React adopts it.
  await expect.poll(() => isReactRoot(page), { message: `${at} is a React root` }).toBe(true);
}

test("a member's pages are React roots: the home the server rendered (hydrated), My Rewards, the card, the viewer", async ({
  page,
}) => {
  test.slow();
  const errors = consoleErrors(page);
  await signInAsDemo(page, "ama@example.com");
  // A fresh load: the server renders the home and React adopts it.
  await page.goto("/");
  await waitForTheLiveHome(page);
  expect(await isReactRoot(page), "the server's home is hydrated by React").toBe(true);
  await expectReactAt(page, "/rewards", (at) => at.getByRole("list", { name: "Rewards" }));
  await expectReactAt(page, "/loyalty-dashboard", (at) => at.getByTestId("member-qr"));
  await expectReactAt(page, "/mobile-watch?ad=1", (at) => at.getByRole("progressbar", { name: "Watched" }));
  expect(errors).toEqual([]);
});

test("the counter's pages are React roots: its home and the scanner", async ({ page }) => {
  const errors = consoleErrors(page);
  await signInAtDemoCounter(page);
  await expectReactAt(page, "/merchant", (at) => at.getByRole("heading", { name: "Counter", exact: true }));
  // The points form comes with a tap (React.lazy), its first field ready to type into.
  await page.getByRole("button", { name: "Grant points" }).click();
  const grant = page.getByRole("form", { name: "Grant points" });
  await expect(grant.getByLabel("Customer's code")).toBeFocused();
  await expectReactAt(page, "/merchant-scanner", (at) => at.getByLabel("Purchase amount (GH₵)"));
  expect(errors).toEqual([]);
});

test("a business's dashboard is a React root", async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto("/company");
  const form = page.getByRole("form", { name: "Company sign in" });
  await form.getByLabel("Username").fill("kofi-chop-bar");
  await form.getByLabel("Password").fill("anigye-demo");
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/company-dashboard\/\d+/);
  await page.reload();
  await expect(page.getByRole("tablist", { name: "Dashboard sections" })).toBeVisible();
  expect(await isReactRoot(page)).toBe(true);
  expect(errors).toEqual([]);
});

test("the admin's page is a React root", async ({ page }) => {
  const errors = consoleErrors(page);
  await signInAsDemo(page, "admin@example.com");
  await expectReactAt(page, "/admin", (at) => at.getByTestId("setting-xp_stamp"));
  expect(errors).toEqual([]);
});

test("no shipped script is Preact, and React's DOM renderer is among them", () => {
  const assets = path.join("dist", "assets");
  const scripts = fs.readdirSync(assets).filter((name) => name.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(0);
  const text = (name: string) => fs.readFileSync(path.join(assets, name), "utf8");
  // Preact's development hook, and the id prefix its createContext gives every context (a string literal,
  // kept by minifying): neither is in React.
  const preactSignatures = ["__PREACT_DEVTOOLS__", "__cC"];
  const preact = scripts.filter((name) =>
    preactSignatures.some((signature) => text(name).includes(signature)),
  );
  expect(preact).toEqual([]);
  expect(scripts.some((name) => text(name).includes("__reactContainer$"))).toBe(true);
});
