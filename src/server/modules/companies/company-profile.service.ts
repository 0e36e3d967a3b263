import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  CompanyProfile,
  CompanySummary,
  PlanStatus,
  StaffMember,
  updateCompanyProfileRequest,
} from "../../../shared/contracts/companies";
import { plans } from "../../../shared/plans";
import type { Executor } from "../../db/client";
import { type Company, type CompanyStaff, companies, companyStaff } from "../../db/schema/companies";
import { uniqueViolationConstraint } from "../../lib/db-errors";
import { AppError } from "../../lib/errors";
import { hashPassword } from "../../lib/password";

/** A plan is current while its paid period lasts; a lapsed company keeps its account, its ads stop showing. */
export function hasCurrentPlan(company: Pick<Company, "paidUntil">, now: Date): boolean {
  return company.paidUntil !== null && company.paidUntil > now;
}

export function planStatusOf(company: Company, adsUsed: number, now: Date): PlanStatus {
  const plan = plans[company.plan];
  return {
    plan: company.plan,
    paidUntil: company.paidUntil?.toISOString() ?? null,
    isCurrent: hasCurrentPlan(company, now),
    maxAds: company.maxAds,
    adsUsed,
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

/** The company as its owner and the admin see it; `adsUsed` is counted by the caller. */
export function toCompanyProfile(company: Company, adsUsed: number, now: Date): CompanyProfile {
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
    plan: planStatusOf(company, adsUsed, now),
  };
}

export async function updateCompanyProfile(
  db: Executor,
  company: Company,
  input: z.output<typeof updateCompanyProfileRequest>,
): Promise<Company> {
  const [updated] = await db
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
  return updated!;
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

function toStaffMember(staff: CompanyStaff): StaffMember {
  return {
    id: staff.id,
    name: staff.name,
    isActive: staff.isActive,
    lastLoginAt: staff.lastLoginAt?.toISOString() ?? null,
    createdAt: staff.createdAt.toISOString(),
  };
}

export async function listStaff(db: Executor, companyId: number): Promise<StaffMember[]> {
  const rows = await db
    .select()
    .from(companyStaff)
    .where(eq(companyStaff.companyId, companyId))
    .orderBy(sql`${companyStaff.isActive} desc`, companyStaff.name);
  return rows.map(toStaffMember);
}

export async function addStaff(db: Executor, companyId: number, input: { name: string; pin: string }) {
  try {
    const [staff] = await db
      .insert(companyStaff)
      .values({ companyId, name: input.name, pinHash: await hashPassword(input.pin) })
      .returning();
    return toStaffMember(staff!);
  } catch (error) {
    if (uniqueViolationConstraint(error)) {
      throw new AppError("CONFLICT", "A staff member with this name already exists", {
        name: "A staff member with this name already exists",
      });
    }
    throw error;
  }
}

/** Staff are deactivated, not deleted: their past scans keep pointing at them. */
export async function deactivateStaff(db: Executor, companyId: number, staffId: number) {
  const [staff] = await db
    .update(companyStaff)
    .set({ isActive: false })
    .where(and(eq(companyStaff.id, staffId), eq(companyStaff.companyId, companyId)))
    .returning();
  if (!staff) throw new AppError("NOT_FOUND", "Staff member not found");
  return toStaffMember(staff);
}
