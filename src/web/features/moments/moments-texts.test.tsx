import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Moment, MomentsPage } from "../../../shared/contracts/moments";
import discoverInTwi from "../../../shared/i18n/catalogs/screens/discover.tw.json";
import profileInTwi from "../../../shared/i18n/catalogs/screens/profile.tw.json";
import { activateLanguage } from "../../lib/language";
import { queryKeys } from "../../lib/query-keys";
import MomentsPageScreen from "../../pages/moments-page";
import { MomentList } from "./moment-list";

// Moments' own words follow the language chosen; names (ads, businesses, badges) stay as they are.
// No call leaves the test: the timeline is in the cache.

vi.mock("../../lib/auth", () => ({
  useAuth: () => ({ user: { id: 7 }, isAdmin: false, refreshUser: async () => {} }),
}));

const now = new Date("2026-03-02T12:00:00.000Z");
const company = { id: 3, name: "Auntie Muni's Waakye", logo: null, category: "Food & Dining", city: "Accra" };
const moments: Moment[] = [
  {
    kind: "watched",
    id: 1,
    at: "2026-03-02T10:00:00.000Z",
    ad: { id: 9, title: "Waakye + wele", thumbnailUrl: null },
    company,
    reward: { rewardType: "discount", discountPercent: 20, xpAwarded: 10 },
  },
  { kind: "discovered", id: 2, at: "2026-03-01T10:00:00.000Z", company },
  {
    kind: "badge",
    id: 3,
    at: "2026-02-20T10:00:00.000Z",
    badge: { name: "Explorer", description: null, color: "#b45309" },
    company: null,
  },
];

/** Nothing is fetched: every answer the screen needs is already in the cache. */
const offline = () => Promise.reject(new Error("no network in tests"));

function render(children: ReactNode, page: MomentsPage = { items: moments, nextCursor: "x" }) {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: offline, retry: false } } });
  client.setQueryData(queryKeys.moments.timeline(7), { pages: [page], pageParams: [null] });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The markup's text, without React's text separators. */
const textOf = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
type Key = keyof typeof profileInTwi;
const twi = (key: Key, values: Record<string, string | number> = {}) =>
  profileInTwi[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));

const list = () => textOf(render(<MomentList moments={moments} now={now} />));

describe("Moments in English", () => {
  it("stay word for word as they were", () => {
    const html = list();
    expect(html).toContain("Today");
    expect(html).toContain("Yesterday");
    expect(html).toMatch(/Watched <a [^>]*>Waakye \+ wele<\/a> from Auntie Muni's Waakye/);
    expect(html).toContain("Earned 20% off + 10 XP");
    expect(html).toContain('Discovered <span class="font-semibold">Auntie Muni\'s Waakye</span>');
    expect(html).toContain("Food &amp; Dining · Accra");
    expect(html).toContain('Earned the <span class="font-semibold">Explorer</span> badge');

    const page = textOf(render(<MomentsPageScreen />));
    expect(page).toContain(">Moments</h1>");
    expect(page).toContain("The brands you've discovered and what you've earned, newest first.");
    expect(page).toContain("Your timeline");
    expect(page).toContain("Show older moments");

    const empty = textOf(render(<MomentsPageScreen />, { items: [], nextCursor: null }));
    expect(empty).toContain("Your discovery story starts here");
    expect(empty).toContain("Go to Discover");
  });
});

describe("Moments in Twi", () => {
  beforeAll(() => activateLanguage("tw"));
  afterAll(() => activateLanguage("en"));

  it("speak Twi, and keep the ad, business and badge names", () => {
    const html = list();
    expect(html).toContain(twi("moments.today"));
    expect(html).toContain(twi("moments.yesterday"));
    const [before, after] = twi("moments.watched", { company: company.name }).split("{ad}");
    expect(html).toContain(`${before}<a `);
    expect(html).toContain(`>Waakye + wele</a>${after}`);
    const parts = `${twi("moments.part.percentOff", { percent: 20 })} + ${twi("moments.part.xp", { xp: 10 })}`;
    expect(html).toContain(twi("moments.earned", { what: parts }));
    expect(html).toContain(twi("moments.badge", { badge: '<span class="font-semibold">Explorer</span>' }));
    expect(html).not.toContain("Yesterday");
    expect(html).not.toContain("Earned the");
    // The business's category and city are named in Twi too; its name stays.
    expect(html).toContain(
      `${discoverInTwi["discover.categoryName.foodDining"]} · ${twi("onboarding.city.accra")}`,
    );
    expect(html).not.toContain("Food &amp; Dining");

    const page = textOf(render(<MomentsPageScreen />));
    expect(page).toContain(`>${twi("moments.heading")}</h1>`);
    expect(page).toContain(twi("moments.intro"));
    expect(page).toContain(twi("moments.showOlder"));
    expect(page).not.toContain("Show older moments");

    const empty = textOf(render(<MomentsPageScreen />, { items: [], nextCursor: null }));
    expect(empty).toContain(twi("moments.emptyTitle"));
    expect(empty).toContain(twi("moments.emptyText"));
  });
});
