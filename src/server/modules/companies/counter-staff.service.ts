import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { CreateStaffRequest, StaffMember } from "../../../shared/contracts/companies";
import type { Executor } from "../../db/client";
import { type CompanyStaff, companies, companyBranches, companyStaff } from "../../db/schema/companies";
import { uniqueViolationConstraint } from "../../lib/db-errors";
import { AppError, unauthenticated } from "../../lib/errors";
import { hashPassword, verifyPassword } from "../../lib/password";
import { newSixDigitCode } from "../../lib/secrets";
import {
  admitPinAttempt,
  forgetPinAttempts,
  pinAttemptFailed,
  pinAttemptSucceeded,
  staffPinAccount,
} from "../rate-limit";
import { companySuspended, findCompany, isCompanyActive } from "./company-access";

function toStaffMember(staff: CompanyStaff, now: Date): StaffMember {
  return {
    id: staff.id,
    name: staff.name,
    isActive: staff.isActive,
    lastLoginAt: staff.lastLoginAt?.toISOString() ?? null,
    createdAt: staff.createdAt.toISOString(),
    staffCode: staff.staffCode,
    lockedUntil: staff.lockedUntil && staff.lockedUntil > now ? staff.lockedUntil.toISOString() : null,
    branchId: staff.branchId,
  };
}

/** A branch staff may be assigned to: an open branch of their own business, else a clear refusal. */
async function assignableBranch(db: Executor, companyId: number, branchId: number | null | undefined) {
  if (branchId === null || branchId === undefined) return null;
  const [branch] = await db
    .select({ id: companyBranches.id })
    .from(companyBranches)
    .where(
      and(
        eq(companyBranches.id, branchId),
        eq(companyBranches.companyId, companyId),
        isNull(companyBranches.deletedAt),
      ),
    );
  if (!branch) {
    throw new AppError("VALIDATION", "Choose one of your branches", {
      branchId: "Choose one of your branches",
    });
  }
  return branch.id;
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
  input: CreateStaffRequest,
  now: Date,
): Promise<StaffMember> {
  const branchId = await assignableBranch(db, companyId, input.branchId);
  const pinHash = await hashPassword(input.pin);
  // A staff code is unique within the shop; a clash (1 in a million per pair) just draws again.
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const [staff] = await db
        .insert(companyStaff)
        .values({ companyId, name: input.name, pinHash, staffCode: newSixDigitCode(), branchId })
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

/** The owner moves a staff member to a branch (or to none); their later counter work is recorded there. */
export async function assignStaffBranch(
  db: Executor,
  companyId: number,
  staffId: number,
  branchId: number | null,
  now: Date,
): Promise<StaffMember> {
  const assigned = await assignableBranch(db, companyId, branchId);
  const [staff] = await db
    .update(companyStaff)
    .set({ branchId: assigned })
    .where(and(eq(companyStaff.id, staffId), eq(companyStaff.companyId, companyId)))
    .returning();
  if (!staff) throw new AppError("NOT_FOUND", "Staff member not found");
  return toStaffMember(staff, now);
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

/** The owner lets a staff member kept out by wrong PINs try again at once, from any phone. */
export async function unlockStaff(db: Executor, companyId: number, staffId: number, now: Date) {
  const [staff] = await db
    .update(companyStaff)
    .set({ lockedUntil: null })
    .where(and(eq(companyStaff.id, staffId), eq(companyStaff.companyId, companyId)))
    .returning();
  if (!staff) throw new AppError("NOT_FOUND", "Staff member not found");
  const company = await findCompany(db, companyId);
  if (company?.username) await forgetPinAttempts(db, staffPinAccount(company.username, staff.name));
  return toStaffMember(staff, now);
}

interface StaffSignIn {
  username: string;
  staffName: string;
  pin: string;
}

/** Where a counter sign-in comes from: the client's address and the staff this phone signed in as before. */
export interface CounterDevice {
  source: string;
  trustedStaffIds: number[];
}

// A wrong business username, a wrong name and a wrong PIN get this same answer, after the same work.
const wrongSignIn = "The business username, your name or the PIN is wrong";
let dummyPinHash: Promise<string> | undefined;
function pinHashToCompareWith(staff: CompanyStaff | undefined): Promise<string> {
  if (staff) return Promise.resolve(staff.pinHash);
  dummyPinHash ??= hashPassword("no staff member has this");
  return dummyPinHash;
}

/**
 * Checks a counter sign-in. Tries are counted per name and source before the PIN is checked, and a name
 * that saw too many wrong PINs is closed to phones it never signed in on (rate-limit's pin guessing); the
 * shop's phone stays open. A name that doesn't exist is counted and answered exactly like a wrong PIN.
 */
export async function signInStaff(
  db: Executor,
  input: StaffSignIn,
  device: CounterDevice,
  now: Date,
): Promise<CompanyStaff> {
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
  const staff = row?.staff.isActive ? row.staff : undefined;
  const attempt = {
    account: staffPinAccount(input.username, input.staffName),
    source: device.source,
    trustedDevice: staff !== undefined && device.trustedStaffIds.includes(staff.id),
  };
  await admitPinAttempt(db, attempt, now);
  const pinIsRight = await verifyPassword(await pinHashToCompareWith(staff), input.pin);
  if (!staff || !pinIsRight) {
    const closedUntil = await pinAttemptFailed(db, attempt, now);
    // The owner's staff list shows it, with the unlock button.
    if (staff && closedUntil) {
      await db.update(companyStaff).set({ lockedUntil: closedUntil }).where(eq(companyStaff.id, staff.id));
    }
    throw unauthenticated(wrongSignIn);
  }
  // Only someone with the right PIN learns why: the shop is suspended.
  if (!isCompanyActive({ status: row!.companyStatus, isActive: row!.companyIsActive })) {
    throw companySuspended();
  }
  await pinAttemptSucceeded(db, attempt);
  const [signedIn] = await db
    .update(companyStaff)
    .set({ lastLoginAt: now })
    .where(eq(companyStaff.id, staff.id))
    .returning();
  return signedIn!;
}

/**
 * The phone a staff member signed in on is remembered in a signed, HttpOnly cookie (only the server can
 * write a valid one) sent only to the sign-in: strangers' wrong PINs never close the shop's own phone.
 */
const trustedDeviceCookie = "anigye_counter";
const rememberedStaffPerDevice = 20;

export function trustedStaffIdsOf(request: FastifyRequest): number[] {
  const raw = request.cookies[trustedDeviceCookie];
  if (!raw) return [];
  const { valid, value } = request.unsignCookie(raw);
  if (!valid || !value) return [];
  return value
    .split(".")
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}

export function trustThisDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  staffId: number,
  secureCookies: boolean,
): void {
  const remembered = trustedStaffIdsOf(request).filter((id) => id !== staffId);
  reply.setCookie(
    trustedDeviceCookie,
    [staffId, ...remembered].slice(0, rememberedStaffPerDevice).join("."),
    {
      path: "/api/merchant/login",
      httpOnly: true,
      sameSite: "strict",
      secure: secureCookies,
      signed: true,
      maxAge: 365 * 24 * 3600,
    },
  );
}

/** Who may work the counter on this request: a signed-in staff member, or the owner from the dashboard. */
export interface CounterActorRecord {
  kind: "staff" | "owner";
  companyId: number;
  companyName: string;
  companyLogo: string | null;
  /** The shop's plan (its monthly points allocation follows it). */
  plan: string;
  staffId: number | null;
  staffName: string;
  /** The branch this counter's work is recorded at (docs/product-rules.md#counter-branch-of-a-scan). */
  branchId: number | null;
}

export async function findCounterActor(
  db: Executor,
  request: FastifyRequest,
): Promise<CounterActorRecord | undefined> {
  // Kept with the session: a change to the shop or its staff drops both (docs/product-rules.md#kept-sessions).
  return request.keptWithSession("business", "counter-actor", (session) => counterActorOf(db, session));
}

async function counterActorOf(
  db: Executor,
  session: { kind: string; companyId: number | null; companyStaffId: number | null },
): Promise<CounterActorRecord | undefined> {
  if (session.kind === "company" && session.companyId) {
    const company = await activeCompany(db, session.companyId);
    if (!company) return undefined;
    return {
      kind: "owner",
      ...company,
      staffId: null,
      staffName: `${company.companyName} (owner)`,
      branchId: company.onlyBranchId,
    };
  }
  if (session.kind === "company_staff" && session.companyStaffId) {
    return staffActor(db, session.companyStaffId);
  }
  return undefined;
}

/** A staff member at the counter, while both they and their shop are active. */
export async function staffActor(db: Executor, staffId: number): Promise<CounterActorRecord | undefined> {
  const [found] = await db
    .select({
      company: activeCompanyColumns,
      staffId: companyStaff.id,
      staffName: companyStaff.name,
      branchId: staffBranchSql,
    })
    .from(companyStaff)
    .innerJoin(companies, and(eq(companies.id, companyStaff.companyId), companyIsActive))
    .where(and(eq(companyStaff.id, staffId), eq(companyStaff.isActive, true)));
  if (!found) return undefined;
  const { onlyBranchId: _, ...company } = found.company;
  return {
    kind: "staff",
    ...company,
    staffId: found.staffId,
    staffName: found.staffName,
    branchId: found.branchId,
  };
}

/**
 * The business's only live branch, or null when it has several (or none): where an owner's scans, and
 * those of staff assigned to no branch, are recorded (docs/product-rules.md#counter-branch-of-a-scan).
 * For a query on companies, named in full: a query on one table names its columns bare, which a subquery
 * would take for its own.
 */
const onlyBranchSql = sql<number | null>`(select case when count(*) = 1 then min(only_branch.id) end
  from ${companyBranches} as only_branch
  where only_branch.company_id = "companies"."id" and only_branch.deleted_at is null)`;

/**
 * A staff member's branch while it is open, else the business's only one. For a query on company_staff
 * joined to companies (named in full: a query on one table names its columns bare).
 */
const staffBranchSql = sql<number | null>`coalesce((select own_branch.id from ${companyBranches} as own_branch
  where own_branch.id = "company_staff"."branch_id" and own_branch.deleted_at is null), ${onlyBranchSql})`;

const activeCompanyColumns = {
  companyId: companies.id,
  companyName: companies.name,
  companyLogo: companies.logo,
  plan: companies.plan,
  onlyBranchId: onlyBranchSql,
};

const companyIsActive = and(
  isNull(companies.deletedAt),
  eq(companies.isActive, true),
  eq(companies.status, "active"),
);

/**
 * A condition for a counter write's own statement: the shop is active and, for a staff member, they still
 * work there, so a write sent on a session kept after a removal is refused (docs/product-rules.md#kept-sessions).
 */
export function counterActorOnDutySql(companyId: number, staffId: number | null): SQL {
  const shopActive = sql`exists (select 1 from ${companies} where ${companies.id} = ${companyId}::integer
    and ${companies.deletedAt} is null and ${companies.isActive} and ${companies.status} = 'active')`;
  if (staffId === null) return shopActive;
  return sql`(${shopActive} and exists (select 1 from ${companyStaff} where ${companyStaff.id} = ${staffId}::integer
    and ${companyStaff.companyId} = ${companyId}::integer and ${companyStaff.isActive}))`;
}

async function activeCompany(db: Executor, companyId: number) {
  const [company] = await db
    .select(activeCompanyColumns)
    .from(companies)
    .where(and(eq(companies.id, companyId), companyIsActive));
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
  throw signInAtCounterAgain();
}

/** The refusal for a counter session whose staff member (or shop) no longer works the counter. */
export function signInAtCounterAgain(): AppError {
  return unauthenticated("Please sign in at the counter to continue");
}

/** The active staff member of this shop whose redemption code this is, if any. */
export async function findStaffByCode(db: Executor, companyId: number, staffCode: string) {
  const [staff] = await db
    .select({ id: companyStaff.id, name: companyStaff.name, branchId: staffBranchSql })
    .from(companyStaff)
    .innerJoin(companies, eq(companies.id, companyStaff.companyId))
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
    .select({ id: companyStaff.id, name: companyStaff.name, branchId: staffBranchSql })
    .from(companyStaff)
    .innerJoin(companies, eq(companies.id, companyStaff.companyId))
    .where(and(eq(companyStaff.id, staffId), eq(companyStaff.companyId, companyId)));
  return staff;
}
