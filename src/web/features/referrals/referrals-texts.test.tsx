import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Leaderboard, MyReferrals } from "../../../shared/contracts/referrals";
import profileInTwi from "../../../shared/i18n/catalogs/screens/profile.tw.json";
import { activateLanguage } from "../../lib/language";
import { queryKeys } from "../../lib/query-keys";
import LeaderboardPage from "../../pages/leaderboard-page";
import { InviteCard } from "./invite-card";
import { LeaderboardTable } from "./leaderboard-table";

// The invite card's and the leaderboard's own words follow the language chosen; member and tier names
// stay as they are. No call leaves the test: the answers are in the cache.

vi.mock("../../lib/auth", () => ({
  useAuth: () => ({ user: { id: 7 }, isAdmin: false, refreshUser: async () => {} }),
}));

const referrals: MyReferrals = {
  code: "AMA123",
  link: "https://anigye.example/r/AMA123",
  invited: 4,
  pending: 1,
  completed: 1,
  cancelled: 2,
  xpEarned: 50,
  referrals: [
    {
      displayName: "Kofi",
      status: "completed",
      joinedAt: "2026-03-01T10:00:00.000Z",
      completedAt: null,
      cancelReason: null,
    },
    {
      displayName: "Esi",
      status: "pending",
      joinedAt: "2026-03-02T10:00:00.000Z",
      completedAt: null,
      cancelReason: null,
    },
    {
      displayName: "Yaw",
      status: "cancelled",
      joinedAt: "2026-03-03T10:00:00.000Z",
      completedAt: null,
      cancelReason: "same_device",
    },
    {
      displayName: "Abena",
      status: "cancelled",
      joinedAt: "2026-03-04T10:00:00.000Z",
      completedAt: null,
      cancelReason: "same_phone",
    },
  ],
};

const board = (overrides: Partial<Leaderboard> = {}): Leaderboard => ({
  period: "week",
  city: null,
  from: "2026-03-02T00:00:00.000Z",
  to: "2026-03-09T00:00:00.000Z",
  entries: [
    { rank: 1, displayName: "Ama", tier: "gold", xp: 1200, isYou: false },
    { rank: 4, displayName: "Kofi", tier: "bronze", xp: 300, isYou: true },
  ],
  you: { rank: 4, xp: 300, optedOut: false },
  ...overrides,
});

/** Nothing is fetched: every answer the screen needs is already in the cache. */
const offline = () => Promise.reject(new Error("no network in tests"));

function render(children: ReactNode, url = "/leaderboard", leaderboard: Leaderboard = board()) {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: offline, retry: false } } });
  client.setQueryData(queryKeys.referrals.mine(7), referrals);
  const city = new URL(url, "http://x").searchParams.get("city") ?? undefined;
  client.setQueryData(queryKeys.referrals.leaderboard(leaderboard.period, city, 7), leaderboard);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
  return html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
}

type Key = keyof typeof profileInTwi;
const twi = (key: Key, values: Record<string, string | number> = {}) =>
  profileInTwi[key]
    .replace(/\{period, select, week \{([^}]*)\} other \{([^}]*)\}\}/, (_, week: string, month: string) =>
      values.period === "month" ? month : week,
    )
    .replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));

describe("the invite card and the leaderboard in English", () => {
  it("stay word for word as they were", () => {
    const card = render(<InviteCard />);
    expect(card).toContain("Invite friends");
    expect(card).toContain("When a friend joins with your link and watches their first ad, you earn 50 XP.");
    expect(card).toContain("Copy link");
    expect(card).toContain("XP earned");
    expect(card).toContain("Watched first ad");
    expect(card).toContain("Joined");
    // A referral that didn't count says why.
    expect(card).toContain("Didn't count: they used a phone you use");
    expect(card).toContain("Didn't count: same phone number as yours");

    const page = render(<LeaderboardPage />);
    expect(page).toContain(">Leaderboard</h1>");
    expect(page).toContain("XP earned since Monday.");
    expect(page).toContain("This week");
    expect(page).toContain("All of Ghana");
    expect(page).toContain("You're <strong>#4</strong> with 300 XP this week.");
    expect(page).toContain('aria-label="Rank 1"');
    expect(page).toContain("(you)");
    expect(page).toContain("1,200 XP");

    const city = render(
      <LeaderboardPage />,
      "/leaderboard?period=month&city=Kumasi",
      board({ period: "month", city: "Kumasi", you: { rank: null, xp: 80, optedOut: false } }),
    );
    expect(city).toContain("You have 80 XP this month, but your profile city isn't Kumasi.");
    expect(city).toContain("XP earned since the 1st.");

    const hidden = render(
      <LeaderboardPage />,
      "/leaderboard",
      board({ you: { rank: null, xp: 5, optedOut: true } }),
    );
    expect(hidden).toContain("You're hidden from the leaderboards (5 XP this week).");

    const empty = renderToStaticMarkup(<LeaderboardTable board={board({ entries: [] })} />);
    expect(empty).toContain("No XP earned here yet this week. Watch an ad to be first!");
  });
});

describe("the invite card and the leaderboard in Twi", () => {
  beforeAll(() => activateLanguage("tw"));
  afterAll(() => activateLanguage("en"));

  it("speak Twi, and keep the members' and tiers' names", () => {
    const card = render(<InviteCard />);
    expect(card).toContain(twi("invite.title"));
    expect(card).toContain(twi("invite.description"));
    expect(card).toContain(twi("invite.copy"));
    expect(card).toContain(twi("invite.status.completed"));
    expect(card).toContain(twi("invite.notCounted.sameDevice"));
    expect(card).toContain(twi("invite.notCounted.samePhone"));
    expect(card).not.toContain("Didn't count");
    expect(card).toContain("Kofi");
    expect(card).not.toContain("Invite friends");
    expect(card).not.toContain("Watched first ad");

    const page = render(<LeaderboardPage />);
    expect(page).toContain(`>${twi("leaderboard.heading")}</h1>`);
    expect(page).toContain(twi("leaderboard.sinceMonday"));
    expect(page).toContain(twi("leaderboard.week"));
    expect(page).toContain(twi("leaderboard.allOfGhana"));
    expect(page).toContain(
      twi("leaderboard.youRank", { rank: "<strong>#4</strong>", xp: 300, period: "week" }),
    );
    expect(page).toContain(`aria-label="${twi("leaderboard.rank", { rank: 1 })}"`);
    expect(page).toContain(twi("leaderboard.xp", { xp: "1,200" }));
    expect(page).toContain("Gold");
    expect(page).not.toContain("This week");
    expect(page).not.toContain("All of Ghana");

    const city = render(
      <LeaderboardPage />,
      "/leaderboard?period=month&city=Kumasi",
      board({ period: "month", city: "Kumasi", you: { rank: null, xp: 80, optedOut: false } }),
    );
    expect(city).toContain(
      twi("leaderboard.youHaveNotCity", {
        xp: 80,
        period: "month",
        city: profileInTwi["onboarding.city.kumasi"],
      }),
    );

    const empty = renderToStaticMarkup(<LeaderboardTable board={board({ entries: [] })} />);
    expect(empty).toContain(twi("leaderboard.empty", { period: "week" }));
  });
});
