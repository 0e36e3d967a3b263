import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { NotificationsResponse } from "../../../shared/contracts/notifications";
import coreInTwi from "../../../shared/i18n/catalogs/screens/core.tw.json";
import profileInTwi from "../../../shared/i18n/catalogs/screens/profile.tw.json";
import { activateLanguage } from "../../lib/language";
import { queryKeys } from "../../lib/query-keys";
import NotificationsPage from "../../pages/notifications-page";
import { NotificationBell } from "./notification-bell";

// The notification centre's own words follow the language chosen; the notifications themselves are
// stored in English and shown as they are. No call leaves the test: the answers are in the cache.

vi.mock("../../lib/auth", () => ({
  useAuth: () => ({ user: { id: 7 }, isAdmin: false, refreshUser: async () => {} }),
}));

const page = (overrides: Partial<NotificationsResponse> = {}): NotificationsResponse => ({
  unread: 1,
  nextBefore: 40,
  notifications: [
    {
      id: 41,
      type: "reward_earned",
      title: "Reward earned",
      message: "You earned 20% off at Auntie Muni's Waakye.",
      link: "/rewards",
      isRead: false,
      createdAt: "2026-03-01T10:00:00.000Z",
    },
  ],
  ...overrides,
});

/** Nothing is fetched: every answer the screen needs is already in the cache. */
const offline = () => Promise.reject(new Error("no network in tests"));

function render(children: ReactNode, first: NotificationsResponse = page()) {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: offline, retry: false } } });
  client.setQueryData(queryKeys.notifications.latest(7), first);
  client.setQueryData(queryKeys.notifications.pages(7), { pages: [first], pageParams: [null] });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const inMarkup = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;");
type Key = keyof typeof profileInTwi;
const twi = (key: Key, values: Record<string, string | number> = {}) =>
  inMarkup(profileInTwi[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`)));

describe("the notification centre in English", () => {
  it("stays word for word as it was", () => {
    const html = render(<NotificationsPage />);
    expect(html).toContain(">Notifications</h1>");
    expect(html).toContain(">New</span>");
    expect(html).toContain("Mark all read");
    expect(html).toContain('aria-label="Notifications"');
    expect(html).toContain("Load more");
    expect(html).toContain("Reward earned");

    const empty = render(<NotificationsPage />, page({ notifications: [], unread: 0, nextBefore: null }));
    expect(empty).toContain("No notifications yet. Rewards, stamps and draw results will show here.");
  });

  it("gives the bell its unread count", () => {
    expect(render(<NotificationBell />)).toContain('aria-label="Notifications, 1 unread"');
    expect(render(<NotificationBell />, page({ unread: 0 }))).toContain('aria-label="Notifications"');
  });
});

describe("the notification centre in Twi", () => {
  beforeAll(() => activateLanguage("tw"));
  afterAll(() => activateLanguage("en"));

  it("speaks Twi around the notifications, which stay as stored", () => {
    const html = render(<NotificationsPage />);
    expect(html).toContain(`>${twi("notifications.heading")}</h1>`);
    expect(html).toContain(`>${twi("notifications.new")}</span>`);
    expect(html).toContain(twi("notifications.markAll"));
    expect(html).toContain(twi("notifications.loadMore"));
    expect(html).not.toContain("Mark all read");
    expect(html).not.toContain("Load more");
    expect(html).toContain("Reward earned");

    const empty = render(<NotificationsPage />, page({ notifications: [], unread: 0, nextBefore: null }));
    expect(empty).toContain(twi("notifications.empty"));
  });

  // The bell is in the top bar of the first screen, so its texts are in the first download (core).
  it("gives the bell's count in Twi", () => {
    const html = render(<NotificationBell />, page({ unread: 3 }));
    const plural = /other \{(.*)\}\}$/.exec(coreInTwi["nav.notificationsUnread"])![1]!;
    expect(html).toContain(`aria-label="${inMarkup(plural.replace("{count}", "3"))}"`);
    expect(html).not.toContain("Notifications, 3 unread");
  });
});
