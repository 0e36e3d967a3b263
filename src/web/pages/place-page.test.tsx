import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { LoyaltyPlace } from "../../shared/contracts/counter";
import type { MyPurchase, PublicCompany, ReviewsResponse } from "../../shared/contracts/purchases";
import { formatCedis } from "../../shared/money";
import { formatAccraDate } from "../lib/dates";
import { activateLanguage, translate, type UiKey } from "../lib/language";
import { queryKeys } from "../lib/query-keys";
import PlacePage from "./place-page";

// A business's public page (its loyalty card, offers, reviews and the member's purchases) in the
// language chosen: the English word for word as before, the Twi from the catalog.

const auth = vi.hoisted(() => ({ user: null as { id: number } | null }));
vi.mock("../lib/auth", () => ({
  useAuth: () => ({
    user: auth.user,
    token: null,
    isAuthenticated: auth.user !== null,
    refreshUser: async () => {},
  }),
}));

const company: PublicCompany = {
  id: 7,
  name: "Auntie Muni's Waakye",
  logo: null,
  storefrontImage: null,
  category: "Food",
  subcategory: "Waakye",
  address: "12 Oxford St",
  city: "Accra",
  businessHours: "Mon–Sat 7:00–15:00",
  mapUrl: "https://maps.example/muni",
  branches: [
    {
      id: 11,
      name: "Osu",
      address: "12 Oxford St",
      latitude: 5.5571,
      longitude: -0.1818,
      phone: "+233241234567",
      businessHours: "Mon–Sat 7:00–15:00",
      directionsUrl: "https://www.google.com/maps/dir/?api=1&destination=5.5571,-0.1818",
    },
    {
      id: 12,
      name: "Labone",
      address: "Labone Crescent",
      latitude: null,
      longitude: null,
      phone: null,
      businessHours: null,
      directionsUrl: "https://www.google.com/maps/dir/?api=1&destination=Labone%20Crescent",
    },
  ],
  averageRating: 4.5,
  reviewCount: 2,
  me: { canReview: true, hasReviewed: false, pendingPurchases: 1 },
};

const place: LoyaltyPlace = {
  companyId: 7,
  companyName: company.name,
  companyLogo: null,
  address: company.address,
  googleMapsUrl: null,
  program: {
    programName: "Waakye lovers",
    description: null,
    requiredVisits: 5,
    rewardTitle: "A free plate",
    minimumSpend: 20,
  },
  myCard: {
    id: 1,
    companyId: 7,
    companyName: company.name,
    companyLogo: null,
    programName: "Waakye lovers",
    rewardTitle: "A free plate",
    currentStamps: 3,
    requiredStamps: 5,
    isCompleted: false,
    rewardUnlocked: false,
    rewardClaimed: false,
    cashbackPesewas: null,
    expiresAt: "2026-06-30T23:59:59.000Z",
    lastStampAt: null,
  },
  ads: [{ id: 3, title: "Waakye + wele", thumbnailUrl: null }],
};

const reviews: ReviewsResponse = {
  averageRating: 4.5,
  count: 2,
  nextBefore: 1,
  reviews: [
    {
      id: 2,
      rating: 5,
      title: "Best in Osu",
      text: "Generous portions.",
      author: "Ama",
      verifiedPurchase: true,
      helpfulVotes: 3,
      createdAt: "2026-03-02T10:00:00.000Z",
      votedHelpful: false,
      reported: false,
      isMine: false,
    },
  ],
};

const purchase: MyPurchase = {
  id: 9,
  company: { id: 7, name: company.name },
  purchaseAmountPesewas: 4550,
  discountAmountPesewas: 0,
  finalAmountPesewas: 4550,
  receiptNumber: "R-1001",
  receiptImageUrl: null,
  purchaseDate: "2026-03-01T00:00:00.000Z",
  status: "rejected",
  rejectionReason: "Blurry photo",
  createdAt: "2026-03-01T12:00:00.000Z",
  canReview: false,
};

/** The page as it first draws, with what the API would answer already read (no network in tests). */
function renderPage(signedIn: boolean, myCard: LoyaltyPlace["myCard"] = place.myCard) {
  auth.user = signedIn ? { id: 42 } : null;
  const me = auth.user?.id;
  // Nothing is fetched: every read the page makes is answered here.
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: () => new Promise(() => {}) } } });
  client.setQueryData(queryKeys.company.page(7, me), signedIn ? company : { ...company, me: null });
  client.setQueryData(queryKeys.loyalty.place(7), { ...place, myCard: signedIn ? myCard : null });
  client.setQueryData(queryKeys.company.reviews(7, undefined, me), reviews);
  client.setQueryData(queryKeys.purchases.mine(me), { purchases: [purchase] });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/places/7"]}>
        <Routes>
          <Route path="/places/:id" element={<PlacePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A text as the markup carries it. */
const inMarkup = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
const text = (key: UiKey, values?: Record<string, unknown>) => inMarkup(translate(key, values));
const name = inMarkup(company.name);
const purchaseLine = () =>
  text("purchase.amountOn", {
    amount: formatCedis(purchase.finalAmountPesewas),
    date: formatAccraDate(purchase.purchaseDate),
  });

/** Sentences of the page in English, as members and the browser journeys read them. */
const englishSentences = [
  "Loyalty card",
  "Offers",
  "Reviews",
  "Your purchases",
  "Scan a shop&#x27;s poster",
  "(2 reviews)",
  "Directions",
  "Report a purchase",
  "Verified purchase",
  "Older reviews",
];

describe("the place page in English", () => {
  it("reads word for word as before, signed in", () => {
    const html = renderPage(true);
    for (const sentence of englishSentences) expect(html).toContain(sentence);
    expect(html).toContain(
      "<strong>Waakye lovers</strong>: collect 5 stamps, one per visit, for <strong>A free plate</strong>.",
    );
    expect(html).toContain(`A visit counts when you spend at least ${formatCedis(2000)}.`);
    expect(html).toContain("3 of 5 stamps");
    expect(html).toContain(`aria-label="Stamps at ${name}"`);
    expect(html).toContain("Card valid until 30 Jun 2026");
    expect(html).toContain("Show my QR");
    expect(html).toContain(`aria-label="Offers from ${name}"`);
    expect(html).toContain('aria-label="5 out of 5 stars"');
    expect(html).toContain("Helpful (3)");
    expect(html).toContain("Write a review");
    expect(html).toContain(
      `Bought something at ${name}? Send a photo of the receipt. Once our staff verify it, you can review ${name}.`,
    );
    expect(html).toContain('aria-label="Your purchases here"');
    expect(html).toContain(
      `${formatCedis(4550)} on ${formatAccraDate(purchase.purchaseDate)} · <span class="text-red-700">Not verified</span>`,
    );
    expect(html).toContain("Receipt R-1001");
    expect(html).toContain("Why: Blurry photo");
  });

  it("says a waiting reward's cashback with the reward, and no cashback before the card is full", () => {
    const full = place.myCard && {
      ...place.myCard,
      currentStamps: 5,
      isCompleted: true,
      rewardUnlocked: true,
      cashbackPesewas: 500,
    };
    const html = renderPage(true, full);
    expect(html).toContain("Your reward is waiting: A free plate. Show your QR at the counter.");
    expect(html).toContain("+ GH₵ 5.00 cashback");
    expect(renderPage(true, full && { ...full, cashbackPesewas: null })).not.toContain("cashback");
    expect(renderPage(true)).not.toContain("cashback");
  });

  it("lists the branches with their address, hours, phone and directions", () => {
    const html = renderPage(false);
    expect(html).toContain("2 branches");
    expect(html).toContain("Directions to Osu");
    expect(html).toContain('href="https://www.google.com/maps/dir/?api=1&amp;destination=5.5571,-0.1818"');
    expect(html).toContain('href="tel:+233241234567"');
    expect(html).toContain("Call +233241234567");
    expect(html).toContain("Labone Crescent");
    expect(html).toContain("Directions to Labone");
  });

  it("reads word for word as before, signed out", () => {
    const html = renderPage(false);
    expect(html).toContain("Sign in and show your QR at the counter to start collecting stamps.");
    expect(html).toContain("Sign in to collect stamps");
    expect(html).toContain("3 found this helpful");
    expect(html).toContain("</a> to mark reviews helpful, or to review after a verified purchase.");
    expect(html).toContain(`</a> to report a purchase here with its receipt, then review ${name}.`);
    expect(html).toMatch(/>Sign in<\/a> to report a purchase/);
  });
});

describe("the place page in Twi", () => {
  beforeAll(() => activateLanguage("tw"));
  afterAll(() => activateLanguage("en"));

  it("shows the catalog's Twi and none of the English, signed in", () => {
    const html = renderPage(true);
    for (const key of [
      "place.loyaltyCard",
      "place.offers",
      "reviews.heading",
      "place.yourPurchases",
      "posterScan.heading",
      "place.directions",
      "purchase.report",
      "reviews.verifiedPurchase",
      "reviews.older",
      "reviews.write",
      "place.showQr",
      "purchase.status.rejected",
    ] as const)
      expect(html).toContain(text(key));
    expect(html).toContain(text("reviews.count", { count: 2 }));
    expect(html).toContain(text("place.branches", { count: 2 }));
    expect(html).toContain(text("place.branchDirections", { branch: "Osu" }));
    expect(html).toContain(text("place.callBranch", { phone: "+233241234567" }));
    expect(html).not.toContain("Directions to Osu");
    expect(html).toContain(text("loyalty.card.stamps", { current: 3, required: 5 }));
    expect(html).toContain(text("place.cardValid", { date: "30 Jun 2026" }));
    expect(html).toContain(text("place.minimumSpend", { amount: formatCedis(2000) }));
    expect(html).toContain(`aria-label="${text("place.stampsAt", { company: company.name })}"`);
    expect(html).toContain(`aria-label="${text("reviews.stars", { rating: 5 })}"`);
    expect(html).toContain(text("reviews.helpful", { count: 3 }));
    expect(html).toContain(text("purchase.intro", { company: company.name }));
    expect(html).toContain(purchaseLine());
    expect(html).toContain(text("purchase.receipt", { number: "R-1001" }));
    expect(html).toContain(text("purchase.why", { reason: "Blurry photo" }));
    // The program's and the reward's names stay as the business wrote them, in bold where Twi puts them.
    const collect = text("place.collect", { program: "\u0000", count: 5, reward: "\u0000" }).split("\u0000");
    expect(html).toContain(
      `${collect[0]}<strong>Waakye lovers</strong>${collect[1]}<strong>A free plate</strong>${collect[2]}`,
    );
    for (const sentence of englishSentences) expect(html).not.toContain(`>${sentence}<`);
    expect(html).not.toContain("stamps, one per visit");
    expect(html).not.toContain("Bought something at");
  });

  it("says a waiting reward's cashback in Twi", () => {
    const full = place.myCard && { ...place.myCard, rewardUnlocked: true, cashbackPesewas: 500 };
    const html = renderPage(true, full);
    expect(html).toContain(text("place.rewardWaiting", { reward: "A free plate" }));
    expect(html).toContain(text("loyalty.card.cashback", { amount: formatCedis(500) }));
    expect(html).not.toContain("+ GH₵ 5.00 cashback");
  });

  it("shows the catalog's Twi, signed out", () => {
    const html = renderPage(false);
    expect(html).toContain(text("place.signInToStart"));
    expect(html).toContain(text("place.signInToCollect"));
    expect(html).toContain(text("reviews.foundHelpful", { count: 3 }));
    const report = text("place.signInToReport", { signIn: "\u0000", company: company.name }).split("\u0000");
    expect(html).toContain(`>${text("place.signIn")}</a>${report[1]}`);
    const review = text("reviews.signInToReview", { signIn: "\u0000" }).split("\u0000");
    expect(html).toContain(`>${text("place.signIn")}</a>${review[1]}`);
    expect(html).not.toContain("to mark reviews helpful");
    expect(html).not.toContain("found this helpful");
  });
});
