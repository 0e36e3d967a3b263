import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { isSubcategoryOf } from "../../../shared/categories";
import type {
  adminUpdateCompanyRequest,
  companyStatusRequest,
  setCompanyPlanRequest,
} from "../../../shared/contracts/companies";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { type Company, companies } from "../../db/schema/companies";
import { AppError } from "../../lib/errors";
import { recordAudit } from "../audit";
import { deleteBusinessSessions } from "../auth";
import { findCompany } from "./company-access";
import { resendSetupLink } from "./company-accounts.service";
import { mirrorLocationToFirstBranch } from "./company-branches.service";
import { currentPlanLimits } from "./company-plan.service";

/*
 * What an admin does to a business: correct its details, suspend or reactivate it, set its plan by hand
 * and resend its setup link. Each change and its audit entry (who, what, before, after, why) are written
 * in one transaction, so neither happens without the other.
 */

export interface Admin {
  id: number;
  displayName: string;
}

/** The company's row, locked until the transaction ends, so two admins' changes queue up. */
async function lockLiveCompany(tx: Executor, companyId: number): Promise<Company> {
  const [company] = await tx
    .select()
    .from(companies)
    .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)))
    .for("update");
  if (!company) throw new AppError("NOT_FOUND", "Company not found");
  return company;
}

const editableFields = [
  "name",
  "category",
  "subcategory",
  "city",
  "address",
  "contactEmail",
  "contactPhone",
] as const;
type EditableField = (typeof editableFields)[number];

/** Corrects the details the admin registered; only what changed is written and recorded. */
export async function updateCompanyDetails(
  deps: AppDeps,
  admin: Admin,
  companyId: number,
  input: z.output<typeof adminUpdateCompanyRequest>,
): Promise<Company> {
  return deps.db.transaction(async (tx) => {
    const company = await lockLiveCompany(tx, companyId);
    const category = input.category ?? company.category;
    if (input.subcategory !== undefined && !isSubcategoryOf(category, input.subcategory)) {
      const message = `Choose a subcategory of ${category}`;
      throw new AppError("VALIDATION", message, { subcategory: message });
    }
    const email = input.contactEmail === undefined ? company.contactEmail : input.contactEmail;
    const phone = input.contactPhone === undefined ? company.contactPhone : input.contactPhone;
    if (!email && !phone) {
      const message = "Keep a contact email or phone: setup links and sign-in links go there";
      throw new AppError("VALIDATION", message, { contactEmail: message });
    }

    const before: Partial<Record<EditableField, string | null>> = {};
    const after: Partial<Record<EditableField, string | null>> = {};
    for (const field of editableFields) {
      const next = input[field];
      if (next === undefined || next === company[field]) continue;
      before[field] = company[field];
      after[field] = next;
    }
    if (Object.keys(after).length === 0) return company;

    const [updated] = await tx
      .update(companies)
      .set({
        ...(after as Partial<Company>),
        // The city is also the company's `location` (as registration sets it).
        ...(after.city ? { location: after.city } : {}),
      })
      .where(eq(companies.id, companyId))
      .returning();
    if (after.address !== undefined) await mirrorLocationToFirstBranch(tx, updated!);
    await recordAudit(
      tx,
      { actor: admin, action: "company.update", targetType: "company", targetId: companyId, before, after },
      deps.now(),
    );
    return updated!;
  });
}

/**
 * Suspends or reactivates a business. A suspended business can't sign in, its owner's and staff's
 * sessions stop working (every business and counter request checks the status) and its ads leave
 * Discover (which shows active businesses only); reactivating brings the ads back, and they sign in again.
 */
export async function setCompanyStatus(
  deps: AppDeps,
  admin: Admin,
  companyId: number,
  input: z.output<typeof companyStatusRequest>,
): Promise<Company> {
  const changed = await deps.db.transaction(async (tx) => {
    const company = await lockLiveCompany(tx, companyId);
    if (company.status === input.status) {
      throw new AppError(
        "CONFLICT",
        input.status === "suspended"
          ? "This business is already suspended."
          : "This business is already active.",
      );
    }
    if (company.status === "closed") throw new AppError("CONFLICT", "This business is closed.");
    const [updated] = await tx
      .update(companies)
      .set({ status: input.status })
      .where(eq(companies.id, companyId))
      .returning();
    if (input.status === "suspended") await deleteBusinessSessions(tx, companyId);
    await recordAudit(
      tx,
      {
        actor: admin,
        action: input.status === "suspended" ? "company.suspend" : "company.reactivate",
        targetType: "company",
        targetId: companyId,
        before: { status: company.status },
        after: { status: input.status },
        reason: input.reason,
      },
      deps.now(),
    );
    return updated!;
  });
  deps.discoveryChanged();
  return changed;
}

const planState = (company: Company) => ({
  plan: company.plan,
  paidUntil: company.paidUntil?.toISOString() ?? null,
  paymentStatus: company.paymentStatus,
});

/** Sets the plan and its limits by hand (an admin's correction or gift, with a reason); payments set them normally. */
export async function setCompanyPlan(
  deps: AppDeps,
  admin: Admin,
  companyId: number,
  input: z.output<typeof setCompanyPlanRequest>,
): Promise<Company> {
  const paidUntil = input.paidUntil ? new Date(input.paidUntil) : null;
  const changed = await deps.db.transaction(async (tx) => {
    const company = await lockLiveCompany(tx, companyId);
    const now = deps.now();
    const [updated] = await tx
      .update(companies)
      .set({
        ...(await currentPlanLimits(tx, input.plan)),
        paidUntil,
        subscriptionStart: paidUntil ? now : null,
        paymentStatus: paidUntil && paidUntil > now ? "paid" : "pending",
      })
      .where(eq(companies.id, companyId))
      .returning();
    await recordAudit(
      tx,
      {
        actor: admin,
        action: "company.plan",
        targetType: "company",
        targetId: companyId,
        before: planState(company),
        after: planState(updated!),
        reason: input.reason,
      },
      now,
    );
    return updated!;
  });
  deps.discoveryChanged();
  return changed;
}

/** Sends a business that hasn't finished setup a fresh link (the old one stops working), recorded. */
export async function resendSetupLinkAsAdmin(deps: AppDeps, admin: Admin, companyId: number) {
  const company = await findCompany(deps.db, companyId);
  if (!company) throw new AppError("NOT_FOUND", "Company not found");
  if (company.passwordHash || !(await resendSetupLink(deps, { companyId }))) {
    throw new AppError(
      "CONFLICT",
      "This business has already finished setup; its owner signs in at /company.",
    );
  }
  await recordAudit(
    deps.db,
    {
      actor: admin,
      action: "company.setup_link",
      targetType: "company",
      targetId: companyId,
      after: { sentTo: company.contactEmail ? "email" : "sms" },
    },
    deps.now(),
  );
}
