import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { StaffMember } from "../../../shared/contracts/companies";
import type { Executor } from "../../db/client";
import { type CompanyStaff, companies, companyStaff } from "../../db/schema/companies";
import { uniqueViolationConstraint } from "../../lib/db-errors";
import { AppError, unauthenticated } from "../../lib/errors";
import { hashPassword, verifyPassword } from "../../lib/password";
import { newSixDigitCode } from "../../lib/secrets";
import { companySuspended, findCompany, isCompanyActive } from "./company-access";

/** PRODUCT.md via the issue: 5 wrong PINs lock that staff account for 15 minutes. */
export const maxWrongPins = 5;
export const pinLockMs = 15 * 60 * 1000;

const wrongSignIn = "The business username, your name or the PIN is wrong";

function toStaffMember(staff: CompanyStaff, now: Date): StaffMember {
  return {
    id: staff.id,
    name: staff.name,
    isActive: staff.isActive,
    lastLoginAt: staff.lastLoginAt?.toISOString() ?? null,
    createdAt: staff.createdAt.toISOString(),
    staffCode: staff.staffCode,
    lockedUntil: staff.lockedUntil && staff.lockedUntil > now ? staff.lockedUntil.toISOString() : null,
  };
}

export async function listStaff(db: Executor, companyId: number, now: Date): Promise<StaffMember[]> {
  const rows = await db
    .select()
    .from(companyStaff)
    .where(eq(companyStaff.companyId, companyId))
    .orderBy(sql`${companyStaff.isActive} desc`, companyStaff.name);
  return rows.map((row) => toStaffMember(row, now));
}

export async function addStaff(
  db: Executor,
  companyId: number,
  input: { name: string; pin: string },
  now: Date,
): Promise<StaffMember> {
  const pinHash = await hashPassword(input.pin);
  // A staff code is unique within the shop; a clash (1 in a million per pair) just draws again.
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const [staff] = await db
        .insert(companyStaff)
        .values({ companyId, name: input.name, pinHash, staffCode: newSixDigitCode() })
        .returning();
      return toStaffMember(staff!, now);
    } catch (error) {
      const constraint = uniqueViolationConstraint(error);
      if (constraint === "company_staff_company_staff_code_key") continue;
      if (constraint) {
        throw new AppError("CONFLICT", "A staff member with this name already exists", {
          name: "A staff member with this name already exists",
        });
      }
      throw error;
    }
  }
  throw new AppError("UNAVAILABLE", "We're busy right now. Please try again.");
}

/** Staff are deactivated, not deleted: their past scans keep pointing at them. */
export async function deactivateStaff(db: Executor, companyId: number, staffId: number, now: Date) {
  const [staff] = await db
    .update(companyStaff)
    .set({ isActive: false })
    .where(and(eq(companyStaff.id, staffId), eq(companyStaff.companyId, companyId)))
    .returning();
  if (!staff) throw new AppError("NOT_FOUND", "Staff member not found");
  return toStaffMember(staff, now);
}

/** The owner lets a locked-out staff member try again at once. */
export async function unlockStaff(db: Executor, companyId: number, staffId: number, now: Date) {
  const [staff] = await db
    .update(companyStaff)
    .set({ failedPinAttempts: 0, lockedUntil: null })
    .where(and(eq(companyStaff.id, staffId), eq(companyStaff.companyId, companyId)))
    .returning();
  if (!staff) throw new AppError("NOT_FOUND", "Staff member not found");
  return toStaffMember(staff, now);
}

interface StaffSignIn {
  username: string;
  staffName: string;
  pin: string;
}

/**
 * Checks a counter sign-in. Wrong PINs are counted on the staff row in one statement, so parallel guesses
 * can't slip past the fifth; the fifth locks the account for 15 minutes.
 */
export async function signInStaff(db: Executor, input: StaffSignIn, now: Date): Promise<CompanyStaff> {
  const [row] = await db
    .select({ staff: companyStaff, companyStatus: companies.status, companyIsActive: companies.isActive })
    .from(companyStaff)
    .innerJoin(companies, eq(companies.id, companyStaff.companyId))
    .where(
      and(
        eq(sql`lower(${companies.username})`, input.username.trim().toLowerCase()),
        eq(sql`lower(${companyStaff.name})`, input.staffName.trim().toLowerCase()),
        isNull(companies.deletedAt),
      ),
    )
    .limit(1);
  if (!row?.staff.isActive) throw unauthenticated(wrongSignIn);
  const { staff } = row;
  if (staff.lockedUntil && staff.lockedUntil > now) throw lockedOut(staff.lockedUntil, now);

  const notLocked = or(isNull(companyStaff.lockedUntil), lte(companyStaff.lockedUntil, now));
  if (await verifyPassword(staff.pinHash, input.pin)) {
    // Only someone with the right PIN learns why: the shop is suspended (wrong PINs still count below).
    if (!isCompanyActive({ status: row.companyStatus, isActive: row.companyIsActive })) {
      throw companySuspended();
    }
    // A right PIN guessed while parallel wrong ones locked the account still doesn't get in.
    const [signedIn] = await db
      .update(companyStaff)
      .set({ failedPinAttempts: 0, lastLoginAt: now })
      .where(and(eq(companyStaff.id, staff.id), notLocked))
      .returning();
    if (!signedIn) throw lockedOut(new Date(now.getTime() + pinLockMs), now);
    return signedIn;
  }

  const lockFrom = new Date(now.getTime() + pinLockMs);
  const reachesLimit = sql`${companyStaff.failedPinAttempts} + 1 >= ${maxWrongPins}`;
  const [counted] = await db
    .update(companyStaff)
    .set({
      failedPinAttempts: sql`case when ${reachesLimit} then 0 else ${companyStaff.failedPinAttempts} + 1 end`,
      lockedUntil: sql`case when ${reachesLimit} then ${lockFrom.toISOString()}::timestamptz else ${companyStaff.lockedUntil} end`,
    })
    .where(eq(companyStaff.id, staff.id))
    .returning({ lockedUntil: companyStaff.lockedUntil });
  if (counted?.lockedUntil && counted.lockedUntil > now) throw lockedOut(counted.lockedUntil, now);
  throw unauthenticated(wrongSignIn);
}

function lockedOut(until: Date, now: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new AppError(
    "RATE_LIMITED",
    {
      message:
        "Too many wrong PINs. This staff account is locked for {minutes} minutes, or until the owner unlocks it.",
      values: { minutes },
    },
    undefined,
    { "retry-after": String(Math.ceil((until.getTime() - now.getTime()) / 1000)) },
  );
}

/** Who may work the counter on this request: a signed-in staff member, or the owner from the dashboard. */
export interface CounterActorRecord {
  kind: "staff" | "owner";
  companyId: number;
  companyName: string;
  companyLogo: string | null;
  staffId: number | null;
  staffName: string;
}

export async function findCounterActor(
  db: Executor,
  request: FastifyRequest,
): Promise<CounterActorRecord | undefined> {
  const session = await request.getSession("business");
  if (!session) return undefined;
  if (session.kind === "company" && session.companyId) {
    const company = await activeCompany(db, session.companyId);
    if (!company) return undefined;
    return { kind: "owner", ...company, staffId: null, staffName: `${company.companyName} (owner)` };
  }
  if (session.kind === "company_staff" && session.companyStaffId) {
    return staffActor(db, session.companyStaffId);
  }
  return undefined;
}

/** A staff member at the counter, while both they and their shop are active. */
export async function staffActor(db: Executor, staffId: number): Promise<CounterActorRecord | undefined> {
  const [staff] = await db.select().from(companyStaff).where(eq(companyStaff.id, staffId));
  if (!staff?.isActive) return undefined;
  const company = await activeCompany(db, staff.companyId);
  if (!company) return undefined;
  return { kind: "staff", ...company, staffId: staff.id, staffName: staff.name };
}

async function activeCompany(db: Executor, companyId: number) {
  const [company] = await db
    .select({ companyId: companies.id, companyName: companies.name, companyLogo: companies.logo })
    .from(companies)
    .where(
      and(
        eq(companies.id, companyId),
        isNull(companies.deletedAt),
        eq(companies.isActive, true),
        eq(companies.status, "active"),
      ),
    );
  return company;
}

export async function requireCounterActor(
  db: Executor,
  request: FastifyRequest,
): Promise<CounterActorRecord> {
  const actor = await findCounterActor(db, request);
  if (actor) return actor;
  // A session of a suspended shop no longer works; say why rather than just "sign in".
  const session = await request.getSession("business");
  const company = session?.companyId ? await findCompany(db, session.companyId) : undefined;
  if (company && !isCompanyActive(company)) throw companySuspended();
  throw unauthenticated("Please sign in at the counter to continue");
}

/** The active staff member of this shop whose redemption code this is, if any. */
export async function findStaffByCode(db: Executor, companyId: number, staffCode: string) {
  const [staff] = await db
    .select({ id: companyStaff.id, name: companyStaff.name })
    .from(companyStaff)
    .where(
      and(
        eq(companyStaff.companyId, companyId),
        eq(companyStaff.staffCode, staffCode),
        eq(companyStaff.isActive, true),
      ),
    );
  return staff;
}

/** A staff member of this shop, active or not (a scan made before they left is still theirs). */
export async function findShopStaff(db: Executor, companyId: number, staffId: number) {
  const [staff] = await db
    .select({ id: companyStaff.id, name: companyStaff.name })
    .from(companyStaff)
    .where(and(eq(companyStaff.id, staffId), eq(companyStaff.companyId, companyId)));
  return staff;
}
