import { expect, test } from "@playwright/test";
import { e2eBaseUrl } from "../playwright.config";
import messagesInTwi from "../src/shared/i18n/catalogs/messages.tw.json" with { type: "json" };
import discoverInTwi from "../src/shared/i18n/catalogs/screens/discover.tw.json" with { type: "json" };
import profileInTwi from "../src/shared/i18n/catalogs/screens/profile.tw.json" with { type: "json" };
import rewardsInTwi from "../src/shared/i18n/catalogs/screens/rewards.tw.json" with { type: "json" };
import { waitForTheLiveLanding } from "./support/live-app";
import { linkIn, waitForOutboxMessage } from "./support/outbox";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test("a first-time visitor chooses Twi and the landing, sign-in and the server's refusals speak Twi", async ({
  page,
}) => {
  await page.goto("/");
  const chooser = page.getByRole("region", { name: "Choose your language · Yi kasa a wopɛ" });
  await expect(chooser).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Watch. Discover. Reward.");
  await waitForTheLiveLanding(page);
  await chooser.getByRole("button", { name: "Twi" }).click();

  await expect(chooser).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hwɛ. Hu. Nya akatua.");
  await expect(page.locator("html")).toHaveAttribute("lang", "tw");
  await expect(
    page.getByRole("navigation", { name: "Ase" }).getByRole("link", { name: "Fie" }),
  ).toBeVisible();

  // Remembered on this device: a reload paints Twi at once and doesn't ask again.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hwɛ. Hu. Nya akatua.");
  await expect(page.getByTestId("language-chooser")).toHaveCount(0);

  await page.getByRole("navigation", { name: "Titire" }).getByRole("link", { name: "Wura mu" }).click();
  await expect(page.getByRole("heading", { name: "Akwaaba bio" })).toBeVisible();
  const form = page.getByRole("form", { name: "Wura mu" });
  await form.getByRole("button", { name: "Wura mu", exact: true }).click();
  // The shared contract's own check, in Twi.
  await expect(form.getByText("Ɛsɛ sɛ wode email hyɛ mu")).toBeVisible();

  await form.getByLabel("Email").fill(`nobody-${unique()}@example.com`);
  await form.getByLabel("Ahintasɛm").fill("not-the-password");
  await form.getByRole("button", { name: "Wura mu", exact: true }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Wuramu anyɛ yie");
  // The server's refusal, in the language the app asked for.
  await expect(toast).toContainText("Email anaa ahintasɛm no nyɛ nokware");
});

test("a member who signs up in Twi gets Twi on a new device, and switches back to English in the profile", async ({
  page,
  browser,
  request,
}) => {
  const id = unique();
  const email = `kofi-${id}@example.com`;
  const password = "kenkey-and-fish-7";
  await page.goto("/register");
  await page.getByTestId("language-chooser").getByRole("button", { name: "Twi" }).click();
  const form = page.getByRole("form", { name: "Yɛ akawnt" });
  await form.getByLabel("Wo din nyinaa").fill("Kofi Boateng");
  await form.getByLabel("Din a wode bɛwura mu").fill(`kofi-${id}`);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Ahintasɛm").fill(password);
  await form.getByRole("button", { name: "Yɛ akawnt" }).click();
  await expect(page.getByTestId("toast")).toContainText("Yɛayɛ w'akawnt!");
  const mail = await waitForOutboxMessage(request, email, "email");
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(/\/onboarding$/, { timeout: 30_000 });

  // Another phone: nothing chosen there yet; signing in brings the member's Twi.
  const otherDevice = await browser.newContext({ baseURL: page.url().replace(/\/onboarding$/, "") });
  const other = await otherDevice.newPage();
  await other.goto("/login");
  await expect(other.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  const signIn = other.getByRole("form", { name: "Sign in" });
  await signIn.getByLabel("Email").fill(email);
  await signIn.getByLabel("Password").fill(password);
  await signIn.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(
    other.getByRole("navigation", { name: "Ase" }).getByRole("link", { name: "Me ho" }),
  ).toBeVisible();

  await other.goto("/profile");
  const languages = other.getByTestId("language-switch");
  await expect(languages.getByRole("radio", { name: "Twi" })).toBeChecked();
  await languages.getByRole("radio", { name: "English" }).check();
  await expect(other.getByTestId("toast")).toContainText("Language saved");
  await expect(
    other.getByRole("navigation", { name: "Bottom" }).getByRole("link", { name: "Profile" }),
  ).toBeVisible();
  await otherDevice.close();

  // The first phone follows the account on its next visit.
  await page.goto("/profile");
  await expect(
    page.getByRole("navigation", { name: "Bottom" }).getByRole("link", { name: "Home" }),
  ).toBeVisible({
    timeout: 30_000,
  });
});

test("a journey in Twi from registering to a reward waiting in My Rewards", async ({ page, request }) => {
  test.slow();
  const id = unique();
  const email = `abena-${id}@example.com`;
  await page.goto("/register");
  await page.getByTestId("language-chooser").getByRole("button", { name: "Twi" }).click();
  const form = page.getByRole("form", { name: "Yɛ akawnt" });
  await form.getByLabel("Wo din nyinaa").fill("Abena Owusu");
  await form.getByLabel("Din a wode bɛwura mu").fill(`abena-${id}`);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Ahintasɛm").fill("red-red-and-plantain-5");
  await form.getByRole("button", { name: "Yɛ akawnt" }).click();
  await expect(page.getByTestId("toast")).toContainText("Yɛayɛ w'akawnt!");
  await page.goto(linkIn(await waitForOutboxMessage(request, email, "email")));
  await expect(page).toHaveURL(/\/onboarding$/, { timeout: 30_000 });

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Hu nneɛma", level: 1 })).toBeVisible();
  await page.getByLabel("Hwehwɛ dawurubɔ ne adwumakuo").fill("Waakye + wele");
  const card = page.getByTestId("ad-card").first();
  await expect(card).toContainText("So te");
  await card.getByRole("link").first().click();
  await expect(page.getByRole("progressbar", { name: "Deɛ woahwɛ" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Gyina" })).toBeVisible();

  const reward = page.getByRole("dialog", { name: "Woanya akatua" });
  await expect(reward).toBeVisible({ timeout: 30_000 });
  await expect(reward).toContainText("15% so te");
  await expect(reward).toContainText("fi Kofi's Chop Bar hɔ");
  const code = (await reward.getByTestId("reward-code").textContent())?.trim();
  expect(code).toMatch(/^[A-Z0-9-]{4,}$/);
  await reward.getByRole("link", { name: "Hwɛ M'akatua" }).click();

  await expect(page).toHaveURL(/\/rewards$/);
  const mine = page.getByTestId("my-reward").filter({ hasText: "Waakye + wele" });
  await expect(mine.getByTestId("my-reward-code")).toHaveText(code!);
  await expect(
    page.getByRole("navigation", { name: "Ase" }).getByRole("link", { name: "Akatua" }),
  ).toBeVisible();
});

/** English a Twi screen must not show for a business's category, subcategory, city and opening days. */
const englishPlaceWords =
  /Fashion & Beauty|Clothing|Kumasi|\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)(day)?\b|\bDaily\b|first local brand/;

test("in Twi on a 360 px phone, Moments and a business's page name categories, cities, badges and days in Twi", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 360, height: 740 });
  // This phone chose Twi before the member signed up.
  await page.context().addCookies([{ name: "anigye_language", value: "tw", url: e2eBaseUrl }]);
  const id = unique();
  const email = `esi-${id}@example.com`;
  const registered = await page.request.post("/api/auth/register", {
    data: { displayName: "Esi Twumasi", username: `esi-${id}`, email, password: "abolo-and-one-man-7" },
    headers: { "x-requested-with": "anigye", origin: e2eBaseUrl },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  await page.goto(linkIn(await waitForOutboxMessage(page.request, email, "email")));
  await expect(page).toHaveURL(/\/onboarding$/, { timeout: 30_000 });

  // Watching an ad of Nana Ama Kente House (Fashion & Beauty, Kumasi) discovers it and earns a badge.
  await page.goto("/");
  // The live app (its search answers); a shared two-core machine takes its time.
  const search = page.getByLabel("Hwehwɛ dawurubɔ ne adwumakuo");
  await expect(search).toBeEnabled({ timeout: 30_000 });
  await search.fill("Kente graduation");
  const card = page.getByTestId("ad-card").first();
  const placeLink = await card.getByTestId("ad-card-company-link").getAttribute("href");
  await card.getByRole("link").first().click();
  await expect(page.getByRole("dialog", { name: "Woanya akatua" })).toBeVisible({ timeout: 30_000 });

  await page.goto("/moments");
  const moments = page.getByTestId("moment-list");
  const discovered = moments
    .getByRole("listitem")
    .filter({ hasText: "Nana Ama Kente House" })
    .filter({
      hasText: profileInTwi["moments.discovered"].replace(" {company}", ""),
    });
  await expect(discovered).toContainText(
    `${discoverInTwi["discover.categoryName.fashionBeauty"]} · ${profileInTwi["onboarding.city.kumasi"]}`,
  );
  // The discovery milestone's badge, described in Twi.
  await expect(moments).toContainText(messagesInTwi["Discovered your first local brand"]);
  await expect(moments).not.toContainText(englishPlaceWords);

  // The business's page: what it does, where, and the days it opens.
  await page.goto(placeLink!);
  const details = page.getByTestId("place-details");
  await expect(details.getByRole("heading", { level: 1 })).toHaveText("Nana Ama Kente House");
  await expect(details).toContainText(
    `${discoverInTwi["discover.categoryName.fashionBeauty"]} · ${rewardsInTwi["place.subcategory.clothing"]}`,
  );
  await expect(details).toContainText(rewardsInTwi["place.day.monday"]);
  // The address stays as the business typed it ("…, Adum, Kumasi"); the words the page adds are Twi.
  await expect(details.getByTestId("place-category")).not.toContainText(englishPlaceWords);
  await expect(details.getByTestId("place-hours")).not.toContainText(englishPlaceWords);
  await expect(page.getByTestId("place-branches")).not.toContainText(
    /\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun|Daily)\b/,
  );
});
