import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import authInTwi from "../../shared/i18n/catalogs/screens/auth.tw.json";
import { activateLanguage } from "../lib/language";
import ComingSoonPage from "./coming-soon-page";
import EarlyAccessPage from "./early-access-page";

// The pre-launch pages speak of the launch (Nov 25, 2025 in Accra) in the future until that day, and in
// the past from it, in English and in Twi.

function render(page: ReactNode) {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  )
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'");
}

const dayBeforeLaunch = new Date("2025-11-24T12:00:00Z");
const launchDay = new Date("2025-11-25T00:30:00Z");
const today = new Date("2026-11-26T23:00:00Z");

afterEach(async () => {
  vi.useRealTimers();
  await activateLanguage("en");
});

describe("the launch on the pre-launch pages", () => {
  it("is still to come the day before it", () => {
    vi.useFakeTimers({ now: dayBeforeLaunch, toFake: ["Date"] });

    expect(render(<EarlyAccessPage />)).toContain(
      "Sign up as a member or register your business. We launch on Nov 25, 2025 in Accra, Kumasi, Tamale and Cape Coast.",
    );
    const comingSoon = render(<ComingSoonPage />);
    expect(comingSoon).toContain("Launch date: Nov 25, 2025");
    expect(comingSoon).toContain("Be first in line for launch-day rewards.");
    expect(comingSoon).toContain("Coming soon");
  });

  it("has happened from the launch day on, said in the past", () => {
    for (const now of [launchDay, today]) {
      vi.useFakeTimers({ now, toFake: ["Date"] });

      const earlyAccess = render(<EarlyAccessPage />);
      expect(earlyAccess).toContain("We launched on Nov 25, 2025 in Accra, Kumasi, Tamale and Cape Coast.");
      expect(earlyAccess).not.toContain("We launch on");
      const comingSoon = render(<ComingSoonPage />);
      expect(comingSoon).toContain("Launched Nov 25, 2025");
      expect(comingSoon).toContain("1000+ premium partners are on board. Join now for your first rewards.");
      expect(comingSoon).not.toContain("Launch date");
      expect(comingSoon).not.toContain("getting ready");
      // Nothing beside "Launched …" says the launch is still to come.
      expect(comingSoon).not.toMatch(/coming soon/i);
      expect(comingSoon).toContain("Now live in Ghana");
    }
  });

  it("is said in Twi too, before and after", async () => {
    await activateLanguage("tw");
    const date = "Nov 25, 2025";

    vi.useFakeTimers({ now: dayBeforeLaunch, toFake: ["Date"] });
    expect(render(<EarlyAccessPage />)).toContain(authInTwi["earlyAccess.intro"].replace("{date}", date));
    expect(render(<ComingSoonPage />)).toContain(authInTwi["comingSoon.launchDate"].replace("{date}", date));

    vi.useFakeTimers({ now: today, toFake: ["Date"] });
    const earlyAccess = render(<EarlyAccessPage />);
    expect(earlyAccess).toContain(authInTwi["earlyAccess.introLaunched"].replace("{date}", date));
    expect(earlyAccess).toContain(authInTwi["earlyAccess.title"]);
    const comingSoon = render(<ComingSoonPage />);
    expect(comingSoon).toContain(authInTwi["comingSoon.launched"].replace("{date}", date));
    expect(comingSoon).toContain(authInTwi["comingSoon.partnersLive"].replace("{partners}", "1000+"));
    expect(comingSoon).not.toContain("Launched");
    expect(earlyAccess).not.toContain("We launch");
  });
});
