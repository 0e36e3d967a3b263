import { eq } from "drizzle-orm";
import type { z } from "zod";
import type {
  CompanyProfile,
  CompanySummary,
  PlanStatus,
  updateCompanyProfileRequest,
} from "../../../shared/contracts/companies";
import { plans } from "../../../shared/plans";
import type { Database, Executor } from "../../db/client";
import { type Company, companies } from "../../db/schema/companies";
import { mirrorLocationToFirstBranch } from "./company-branches.service";

/** A plan is current while its paid period lasts; a lapsed company keeps its account, its ads stop showing. */
export function hasCurrentPlan(company: Pick<Company, "paidUntil">, now: Date): boolean {
  return company.paidUntil !== null && company.paidUntil > now;
}

export interface AdCounts {
  used: number;
  live: number;
}

export function planStatusOf(
  company: Company,
  adCounts: AdCounts,
  now: Date,
  nextPlan: PlanStatus["nextPlan"] = null,
): PlanStatus {
  const plan = plans[company.plan];
  return {
    plan: company.plan,
    paidUntil: company.paidUntil?.toISOString() ?? null,
    isCurrent: hasCurrentPlan(company, now),
    maxAds: company.maxAds,
    adsUsed: adCounts.used,
    adsLive: adCounts.live,
    nextPlan,
    allowsVideo: company.allowsVideo,
    maxAdDurationSeconds: company.maxAdDurationSeconds,
    pricePesewas: plan.pricePesewas,
    features: [...plan.features],
  };
}

export function toCompanySummary(company: Company): CompanySummary {
  return {
    id: company.id,
    name: company.name,
    username: company.username,
    logo: company.logo,
    plan: company.plan,
  };
}

/** The company as its owner and the admin see it; its ads are counted by the caller. */
export function toCompanyProfile(
  company: Company,
  adCounts: AdCounts,
  now: Date,
  nextPlan: PlanStatus["nextPlan"] = null,
): CompanyProfile {
  return {
    id: company.id,
    name: company.name,
    username: company.username,
    category: company.category,
    subcategory: company.subcategory,
    city: company.city,
    address: company.address,
    googleMapsUrl: company.googleMapsUrl,
    latitude: company.latitude,
    longitude: company.longitude,
    phone: company.phone,
    businessHours: company.businessHours,
    searchTags: company.searchTags,
    logo: company.logo,
    storefrontImage: company.storefrontImage,
    contactEmail: company.contactEmail,
    contactPhone: company.contactPhone,
    otpEnabled: company.otpEnabled,
    status: company.status,
    lastLoginAt: company.lastLoginAt?.toISOString() ?? null,
    plan: planStatusOf(company, adCounts, now, nextPlan),
  };
}

export async function updateCompanyProfile(
  db: Database,
  company: Company,
  input: z.output<typeof updateCompanyProfileRequest>,
): Promise<Company> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(companies)
      .set({
        address: input.address,
        googleMapsUrl: input.googleMapsUrl,
        phone: input.phone,
        businessHours: input.businessHours,
        searchTags: input.searchTags,
        otpEnabled: input.otpEnabled,
        otpChannel: input.otpEnabled ? (company.contactEmail ? "email" : "sms") : company.otpChannel,
      })
      .where(eq(companies.id, company.id))
      .returning();
    // The profile's location is the first branch's (docs/product-rules.md#businesses-branches).
    await mirrorLocationToFirstBranch(tx, updated!);
    return updated!;
  });
}

export async function setCompanyImage(
  db: Executor,
  companyId: number,
  field: "logo" | "storefrontImage",
  url: string,
) {
  const [updated] = await db
    .update(companies)
    .set({ [field]: url })
    .where(eq(companies.id, companyId))
    .returning();
  return updated!;
}
