import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicReview } from "../../../shared/contracts/purchases";
import { activateLanguage, translate, type UiKey } from "../../lib/language";
import { requiredTextIn } from "./form-texts";
import { ReportDialog, WriteReviewDialog } from "./place-reviews";
import { ReportPurchaseDialog } from "./report-purchase";

// The dialogs of a business's page (reporting a purchase, writing or reporting a review) in the language
// chosen: the English word for word as before, the Twi from the catalog.

const inMarkup = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
const text = (key: UiKey, values?: Record<string, unknown>) => inMarkup(translate(key, values));

const name = "Auntie Muni's Waakye";
const review: PublicReview = {
  id: 2,
  rating: 2,
  title: "Cold food",
  text: "…",
  author: "Kofi",
  verifiedPurchase: false,
  helpfulVotes: 0,
  createdAt: "2026-03-02T10:00:00.000Z",
  votedHelpful: false,
  reported: false,
  isMine: false,
};

const withQueries = (children: ReactNode) =>
  renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>);
const dialogs = () => ({
  purchase: withQueries(<ReportPurchaseDialog companyId={7} companyName={name} onClose={() => {}} />),
  review: withQueries(<WriteReviewDialog companyId={7} companyName={name} onClose={() => {}} />),
  report: withQueries(<ReportDialog review={review} companyId={7} onClose={() => {}} />),
});

/** The first message a web-only required text field gives for what was typed. */
const messageFor = (value: string) =>
  requiredTextIn("purchase.receiptNumber", 5).safeParse(value).error?.issues[0]?.message;

describe("the business page's dialogs in English", () => {
  it("read word for word as before", () => {
    const html = dialogs();
    expect(html.purchase).toContain(`Report a purchase at ${inMarkup(name)}`);
    expect(html.purchase).toContain("Amount on the receipt (GH₵)");
    expect(html.purchase).toContain("Discount you got (GH₵)");
    expect(html.purchase).toContain("optional");
    expect(html.purchase).toContain("Receipt number");
    expect(html.purchase).toContain("Date of the purchase");
    expect(html.purchase).toContain("Photo of the receipt");
    expect(html.purchase).toContain(
      "The whole receipt, with its number and total readable. We shrink it on your phone first.",
    );
    expect(html.purchase).toContain("Send for checking");

    expect(html.review).toContain(`Review ${inMarkup(name)}`);
    expect(html.review).toContain(">Rating<");
    expect(html.review).toContain(">★★★★★ Excellent</option>");
    expect(html.review).toContain(">★★★ OK</option>");
    expect(html.review).toContain(">★ Bad</option>");
    expect(html.review).toContain('placeholder="Best waakye in town"');
    expect(html.review).toContain(">Your review<");
    expect(html.review).toContain("Post without my name");
    expect(html.review).toContain("Your review shows &quot;Anigye member&quot; instead of your name.");
    expect(html.review).toContain("Post review");

    expect(html.report).toContain("Report this review");
    expect(html.report).toContain("What&#x27;s wrong with it?");
    expect(html.report).toContain('placeholder="Rude, fake, or not about this business"');
    expect(html.report).toContain(">Report</button>");
  });

  it("name the field in the web form's own messages, as before", () => {
    expect(messageFor(" ")).toBe("Receipt number is required");
    expect(messageFor("123456")).toBe("Receipt number must be at most 5 characters");
    expect(messageFor("12345")).toBeUndefined();
  });
});

describe("the business page's dialogs in Twi", () => {
  beforeAll(() => activateLanguage("tw"));
  afterAll(() => activateLanguage("en"));

  it("show the catalog's Twi and none of the English", () => {
    const html = dialogs();
    expect(html.purchase).toContain(text("purchase.dialogTitle", { company: name }));
    for (const key of [
      "purchase.amount",
      "purchase.discount",
      "purchase.optional",
      "purchase.receiptNumber",
      "purchase.date",
      "purchase.photo",
      "purchase.photoHint",
      "purchase.send",
    ] as const)
      expect(html.purchase).toContain(text(key));
    expect(html.purchase).not.toContain("Send for checking");
    expect(html.purchase).not.toContain("Photo of the receipt");

    expect(html.review).toContain(text("reviews.writeTitle", { company: name }));
    expect(html.review).toContain(`>★★★★★ ${text("reviews.rating.5")}</option>`);
    expect(html.review).toContain(`>★ ${text("reviews.rating.1")}</option>`);
    for (const key of [
      "reviews.rating",
      "reviews.titlePlaceholder",
      "reviews.yourReview",
      "reviews.anonymous",
      "reviews.anonymousHint",
      "reviews.post",
    ] as const)
      expect(html.review).toContain(text(key));
    expect(html.review).not.toContain("Excellent");
    expect(html.review).not.toContain("Post review");

    expect(html.report).toContain(text("reviews.reportTitle"));
    expect(html.report).toContain(text("reviews.reason"));
    expect(html.report).toContain(text("reviews.reasonPlaceholder"));
    expect(html.report).toContain(`>${text("reviews.report")}</button>`);
    expect(html.report).not.toContain("What&#x27;s wrong with it?");
  });

  it("name the field in Twi in the web form's own messages", () => {
    const field = translate("purchase.receiptNumber");
    expect(messageFor(" ")).toBe(translate("purchase.fieldRequired", { field }));
    expect(messageFor("123456")).toBe(translate("purchase.fieldTooLong", { field, max: 5 }));
  });
});
