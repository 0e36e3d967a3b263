import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { brand } from "../../../shared/brand";
import type { Branch, createBranchRequest, updateBranchRequest } from "../../../shared/contracts/branches";
import { plans } from "../../../shared/plans";
import type { Database, Executor } from "../../db/client";
import {
  type Company,
  type CompanyBranch,
  companies,
  companyBranches,
  companyStaff,
} from "../../db/schema/companies";
import { uniqueViolationConstraint } from "../../lib/db-errors";
import { AppError } from "../../lib/errors";
import { currentBranchLimit, currentServedCountries } from "../settings";
import { lockCompany } from "./company-access";

// Rules: docs/product-rules.md#businesses-branches.

/**
 * What other modules keep about a branch (the ads that name it copy its name and address): told in the
 * same transaction when a branch changes or is removed. app.ts wires the ads module in, which the
 * companies module can't import (ads already depends on it).
 */
export interface BranchListeners {
  branchChanged(tx: Executor, branch: CompanyBranch): Promise<void>;
  branchRemoved(tx: Executor, branchId: number): Promise<void>;
}

const liveBranchesOf = (companyId: number) =>
  and(eq(companyBranches.companyId, companyId), isNull(companyBranches.deletedAt));

/** Google Maps directions to the pin, else to the address; null without either. */
export function directionsUrlOf(branch: Pick<CompanyBranch, "latitude" | "longitude" | "address">) {
  const base = "https://www.google.com/maps/dir/?api=1&destination=";
  if (branch.latitude !== null && branch.longitude !== null) {
    return `${base}${branch.latitude},${branch.longitude}`;
  }
  return branch.address ? `${base}${encodeURIComponent(branch.address)}` : null;
}

export function toBranch(row: CompanyBranch): Branch {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    businessHours: row.businessHours,
    directionsUrl: directionsUrlOf(row),
  };
}

/** A business's live branches, oldest (its first location) first. */
export async function listBranches(db: Executor, companyId: number): Promise<Branch[]> {
  const rows = await db
    .select()
    .from(companyBranches)
    .where(liveBranchesOf(companyId))
    .orderBy(asc(companyBranches.id));
  return rows.map(toBranch);
}

/** One live branch of this business, or undefined. */
export async function findLiveBranch(
  db: Executor,
  companyId: number,
  branchId: number,
): Promise<CompanyBranch | undefined> {
  const [row] = await db
    .select()
    .from(companyBranches)
    .where(and(liveBranchesOf(companyId), eq(companyBranches.id, branchId)))
    .limit(1);
  return row;
}

export function branchLimitOf(db: Executor, company: Pick<Company, "plan">): Promise<number | null> {
  return currentBranchLimit(db, company.plan);
}

async function countLiveBranches(db: Executor, companyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(companyBranches).where(liveBranchesOf(companyId));
  return row?.n ?? 0;
}

const branchNotFound = () => new AppError("NOT_FOUND", "Branch not found");

const nameTaken = (name: string) =>
  new AppError(
    "CONFLICT",
    { message: "You already have a branch named {name}.", values: { name } },
    { name: "Another branch has this name" },
  );

/** Runs a write that may hit the one-live-name-per-business index, answering a clash in words. */
async function withNameClashAnswered<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      name !== undefined &&
      uniqueViolationConstraint(error) === "company_branches_company_name_lower_key"
    ) {
      throw nameTaken(name);
    }
    throw error;
  }
}

async function assertNameFree(tx: Executor, companyId: number, name: string, exceptId?: number) {
  const [clash] = await tx
    .select({ id: companyBranches.id })
    .from(companyBranches)
    .where(
      and(
        liveBranchesOf(companyId),
        eq(sql`lower(${companyBranches.name})`, name.toLowerCase()),
        exceptId === undefined ? undefined : sql`${companyBranches.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  if (clash) throw nameTaken(name);
}

/**
 * Refuses a map pin outside the countries the platform serves (an admin setting, Ghana by default): a
 * pin at (0, 0) or on another continent would send members nowhere. No pin, nothing to check.
 * Rule: docs/product-rules.md#businesses-pins-in-served-countries.
 */
export async function assertPinServed(
  db: Executor,
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): Promise<void> {
  if (latitude === null || latitude === undefined || longitude === null || longitude === undefined) return;
  const served = await currentServedCountries(db);
  if (served.contains(latitude, longitude)) return;
  const message = `This pin is outside ${served.names}, where ${brand.name} works: check the latitude and longitude`;
  throw new AppError("VALIDATION", message, { latitude: message });
}

/**
 * Adds a branch while the plan allows another. The company's row is locked first, so two owners' tabs
 * adding at the limit can't both get in.
 */
export async function addBranch(
  db: Database,
  companyId: number,
  input: z.output<typeof createBranchRequest>,
): Promise<Branch> {
  await assertPinServed(db, input.latitude, input.longitude);
  return withNameClashAnswered(input.name, () =>
    db.transaction(async (tx) => {
      const company = await lockCompany(tx, companyId);
      const limit = await branchLimitOf(tx, company);
      const live = await countLiveBranches(tx, companyId);
      if (limit !== null && live >= limit) {
        throw new AppError("PLAN_LIMIT", {
          message:
            "Your {plan} plan allows {limit, plural, one {# branch} other {# branches}} and you have {live}. Remove a branch or move to a bigger plan to add another.",
          values: { plan: plans[company.plan].name, limit, live },
        });
      }
      await assertNameFree(tx, companyId, input.name);
      const [row] = await tx
        .insert(companyBranches)
        .values({
          companyId,
          name: input.name,
          address: input.address,
          latitude: input.latitude,
          longitude: input.longitude,
          phone: input.phone,
          businessHours: input.businessHours ?? null,
        })
        .returning();
      return toBranch(row!);
    }),
  );
}

export async function updateBranch(
  db: Database,
  companyId: number,
  branchId: number,
  input: z.output<typeof updateBranchRequest>,
  listeners: BranchListeners,
): Promise<Branch> {
  return withNameClashAnswered(input.name, () =>
    db.transaction(async (tx) => {
      await lockCompany(tx, companyId);
      const current = await findLiveBranch(tx, companyId, branchId);
      if (!current) throw branchNotFound();
      if (input.latitude !== undefined || input.longitude !== undefined) {
        // The pin as it will be: a change of one number moves it too.
        await assertPinServed(tx, input.latitude ?? current.latitude, input.longitude ?? current.longitude);
      }
      if (input.name !== undefined) await assertNameFree(tx, companyId, input.name, branchId);
      const [row] = await tx
        .update(companyBranches)
        .set({
          name: input.name,
          address: input.address,
          latitude: input.latitude,
          longitude: input.longitude,
          phone: input.phone,
          businessHours: input.businessHours,
          updatedAt: sql`now()`,
        })
        .where(eq(companyBranches.id, branchId))
        .returning();
      await listeners.branchChanged(tx, row!);
      await syncFirstLocation(tx, companyId, row!);
      return toBranch(row!);
    }),
  );
}

/**
 * Removes a branch (kept for history with deletedAt): its staff float again and ads naming it name none.
 * A business keeps at least one branch.
 */
export async function removeBranch(
  db: Database,
  companyId: number,
  branchId: number,
  listeners: BranchListeners,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    if (!(await findLiveBranch(tx, companyId, branchId))) throw branchNotFound();
    if ((await countLiveBranches(tx, companyId)) <= 1) {
      throw new AppError(
        "CONFLICT",
        "This is your only branch. A business keeps at least one: add another branch before removing this one.",
      );
    }
    await tx
      .update(companyBranches)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(companyBranches.id, branchId));
    await tx.update(companyStaff).set({ branchId: null }).where(eq(companyStaff.branchId, branchId));
    await listeners.branchRemoved(tx, branchId);
    const [first] = await tx
      .select()
      .from(companyBranches)
      .where(liveBranchesOf(companyId))
      .orderBy(asc(companyBranches.id))
      .limit(1);
    await syncFirstLocation(tx, companyId, first!);
  });
}

/**
 * The company's own location columns mirror its first live branch (oldest), so every reader of them
 * (the admin's list, the place page's map link, receipts) shows where the business is.
 */
async function syncFirstLocation(tx: Executor, companyId: number, changed: CompanyBranch) {
  const [first] = await tx
    .select({ id: companyBranches.id })
    .from(companyBranches)
    .where(liveBranchesOf(companyId))
    .orderBy(asc(companyBranches.id))
    .limit(1);
  if (first?.id !== changed.id) return;
  await tx
    .update(companies)
    .set({
      address: changed.address,
      latitude: changed.latitude,
      longitude: changed.longitude,
      phone: changed.phone,
      businessHours: changed.businessHours,
    })
    .where(eq(companies.id, companyId));
}

/** After the profile's location changed: the first live branch follows it (the two are one place). */
export async function mirrorLocationToFirstBranch(tx: Executor, company: Company): Promise<void> {
  const [first] = await tx
    .select({ id: companyBranches.id })
    .from(companyBranches)
    .where(liveBranchesOf(company.id))
    .orderBy(asc(companyBranches.id))
    .limit(1);
  if (!first) return;
  await tx
    .update(companyBranches)
    .set({
      address: company.address,
      latitude: company.latitude,
      longitude: company.longitude,
      phone: company.phone,
      businessHours: company.businessHours,
      updatedAt: sql`now()`,
    })
    .where(eq(companyBranches.id, first.id));
}

/** A new business's first branch: its location as registered. */
export async function addFirstBranch(tx: Executor, company: Company): Promise<void> {
  await tx.insert(companyBranches).values(firstBranchOf(company));
}

export function firstBranchOf(company: Company) {
  return {
    companyId: company.id,
    name: (company.location?.trim() || company.city?.trim() || company.name).slice(0, 80),
    address: company.address?.trim() || company.location?.trim() || null,
    latitude: company.latitude,
    longitude: company.longitude,
    phone: company.phone,
    businessHours: company.businessHours,
  };
}
