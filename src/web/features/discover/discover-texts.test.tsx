import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { categories } from "../../../shared/categories";
import discoverInTwi from "../../../shared/i18n/catalogs/screens/discover.tw.json";
import { discoveryQueryKey } from "../../../shared/member-home";
import { discoveryPath } from "../../../shared/prerendered-pages";
import { categoryNameKey } from "../../lib/category-names";
import { activateLanguage } from "../../lib/language";
import DiscoverView from "./discover-view";

// Discover's category filter names the categories in the language chosen; the value chosen stays the
// category itself (what ads are filed under).

vi.mock("../../lib/auth", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../lib/auth")>()),
  useAuth: () => ({
    user: { id: 7, displayName: "Ama Owusu", xpPoints: 40, tier: "bronze" },
    isAdmin: false,
  }),
}));

function discover() {
  const client = new QueryClient({
    defaultOptions: { queries: { queryFn: () => Promise.reject(new Error("offline")), retry: false } },
  });
  client.setQueryData(discoveryQueryKey(discoveryPath, 7), []);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DiscoverView />
      </MemoryRouter>
    </QueryClientProvider>,
  ).replaceAll("&amp;", "&");
}

const optionOf = (value: string, label: string) => `<option value="${value}">${label}</option>`;

describe("Discover's categories", () => {
  it("in English, as they are filed", () => {
    const html = discover();
    for (const category of categories) expect(html).toContain(optionOf(category, category));
  });

  describe("in Twi", () => {
    beforeAll(() => activateLanguage("tw"));
    afterAll(() => activateLanguage("en"));

    it("are named in Twi, and filter by the same category", () => {
      const html = discover();
      for (const category of categories) {
        expect(html).toContain(optionOf(category, discoverInTwi[categoryNameKey[category]]));
      }
      expect(html).not.toContain(">Food & Dining<");
      expect(html).not.toContain(">Religion<");
    });
  });
});
