import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AdminCompanyDetail } from "../../../shared/contracts/companies";
import { CompanyDetailsView } from "./company-details";
import { CompanyStatusForm, SetPlanForm } from "./company-forms";

const detail = (overrides: Partial<AdminCompanyDetail> = {}): AdminCompanyDetail => ({
  id: 7,
  name: "Auntie Muni's Waakye",
  username: "muni",
  category: "Food & Dining",
  subcategory: "Chop Bars",
  city: "Tamale",
  address: "Gumbihini Road",
  googleMapsUrl: null,
  latitude: null,
  longitude: null,
  phone: null,
  businessHours: null,
  searchTags: [],
  logo: null,
  storefrontImage: null,
  contactEmail: "muni@example.com",
  contactPhone: null,
  otpEnabled: false,
  status: "active",
  lastLoginAt: null,
  plan: {
    plan: "pro",
    paidUntil: "2026-06-30T23:59:59.000Z",
    isCurrent: true,
    maxAds: 5,
    adsUsed: 2,
    adsLive: 1,
    nextPlan: null,
    allowsVideo: true,
    maxAdDurationSeconds: 60,
    pricePesewas: 500_00,
    features: [],
  },
  createdAt: "2026-01-05T10:00:00.000Z",
  paymentStatus: "paid",
  setup: { finished: true, linkExpiresAt: null },
  lastStatusChange: null,
  payments: [
    {
      id: 1,
      reference: "ANG-123",
      status: "succeeded",
      amount: 500_00,
      method: "momo_manual",
      plan: "pro",
      createdAt: "2026-06-01T09:00:00.000Z",
      processedAt: "2026-06-01T10:00:00.000Z",
      reason: null,
    },
  ],
  ads: {
    counts: { total: 2, active: 1, paused: 1, expired: 0 },
    newest: [
      {
        id: 3,
        title: "Waakye + wele",
        adType: "image",
        status: "paused",
        pausedByPlan: true,
        viewCount: 42,
        createdAt: "2026-06-02T09:00:00.000Z",
        expiresAt: null,
      },
    ],
  },
  staff: [
    {
      id: 4,
      name: "Esi",
      isActive: true,
      lastLoginAt: null,
      createdAt: "2026-01-06T10:00:00.000Z",
      lockedUntil: null,
      branchId: null,
    },
  ],
  scans: {
    last30Days: { total: 12, accepted: 10, suspicious: 1 },
    recent: [
      {
        id: 9,
        action: "stamp",
        accepted: true,
        message: "Stamped",
        staffName: "Esi",
        points: null,
        isSuspicious: false,
        scannedAt: "2026-06-03T09:00:00.000Z",
      },
    ],
  },
  ...overrides,
});

const noop = () => {};
const withQueries = (node: ReactNode) =>
  renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

describe("CompanyDetailsView", () => {
  it("shows plan, payments, ads by status, staff and scans, and offers to suspend", () => {
    const html = renderToStaticMarkup(
      <CompanyDetailsView company={detail()} onEdit={noop} onChangeStatus={noop} />,
    );
    expect(html).toContain("Finished (@muni)");
    expect(html).toContain("GH₵ 500.00");
    expect(html).toContain("ANG-123");
    expect(html).toContain("2 ads: 1 active, 1 paused, 0 expired (plan allows 5).");
    expect(html).toContain("(by the plan)");
    expect(html).toContain("Esi");
    expect(html).toContain("12 in the last 30 days: 10 accepted, 1 suspicious.");
    expect(html).toContain(">Suspend<");
    expect(html).not.toContain("Reactivate");
  });

  it("says why a business is suspended, offers to reactivate, and shows a pending setup link", () => {
    const html = renderToStaticMarkup(
      <CompanyDetailsView
        company={detail({
          status: "suspended",
          username: null,
          setup: { finished: false, linkExpiresAt: "2026-06-05T10:00:00.000Z" },
          lastStatusChange: {
            status: "suspended",
            reason: "Fake receipts",
            by: "Ama Admin",
            at: "2026-06-04T10:00:00.000Z",
          },
          payments: [],
        })}
        onEdit={noop}
        onChangeStatus={noop}
      />,
    );
    expect(html).toContain("Suspended by Ama Admin on");
    expect(html).toContain(": Fake receipts");
    expect(html).toContain(">Reactivate<");
    expect(html).toContain("Not finished; the link works until");
    expect(html).toContain("No payments yet.");
  });
});

describe("the recorded actions' forms", () => {
  it("ask for a reason", () => {
    const plan = withQueries(<SetPlanForm company={detail()} onDone={noop} />);
    expect(plan).toContain('aria-label="Set plan"');
    expect(plan).toContain(">Reason<");
    const suspend = withQueries(<CompanyStatusForm company={detail()} status="suspended" onDone={noop} />);
    expect(suspend).toContain('aria-label="Suspend business"');
    expect(suspend).toContain(">Reason<");
  });
});
