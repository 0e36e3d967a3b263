import { eq, sql } from "drizzle-orm";
import { type PlanId, paidPeriodDays, planLimits } from "../../../shared/plans";
import { hashPassword } from "../../lib/password";
import { newAnigyeId } from "../../modules/auth/user-identity";
import { firstBranchOf } from "../../modules/companies/company-branches.service";
import type { Executor } from "../client";
import {
  type Company,
  companies,
  companyBranches,
  type NewCompany,
  type NewUser,
  type User,
  users,
} from "../schema";

/**
 * Row builders shared by the demo seed, the API tests and the browser journeys, so all three
 * create users and companies the same way.
 */
let sequence = 0;
const nextSuffix = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export interface UserInput extends Partial<Omit<NewUser, "passwordHash">> {
  password?: string;
}

/** Creates a verified, activated consumer unless told otherwise. */
export async function createUser(db: Executor, input: UserInput = {}): Promise<User> {
  const suffix = nextSuffix();
  const { password, ...fields } = input;
  const [user] = await db
    .insert(users)
    .values({
      anigyeId: newAnigyeId(),
      username: `member-${suffix}`,
      email: `member-${suffix}@example.com`,
      displayName: "Test Member",
      isEmailVerified: true,
      emailVerifiedAt: new Date(),
      activatedAt: new Date(),
      ...fields,
      passwordHash: password ? await hashPassword(password) : null,
    })
    .returning();
  return user!;
}

export interface CompanyInput extends Partial<Omit<NewCompany, "passwordHash" | "plan">> {
  plan?: PlanId;
  password?: string;
  /** A current paid period by default; pass null for a company with no paid plan. */
  paidUntil?: Date | null;
}

export async function createCompany(db: Executor, input: CompanyInput = {}): Promise<Company> {
  const suffix = nextSuffix();
  const { password, plan = "starter", paidUntil, ...fields } = input;
  const now = new Date();
  const periodEnd =
    paidUntil === undefined ? new Date(now.getTime() + paidPeriodDays * 86_400_000) : paidUntil;
  const [company] = await db
    .insert(companies)
    .values({
      name: `Test Company ${suffix}`,
      username: `company-${suffix}`,
      category: "Food & Dining",
      ...planLimits(plan),
      subscriptionStart: periodEnd ? now : null,
      paidUntil: periodEnd,
      paymentStatus: periodEnd ? "paid" : "pending",
      ...fields,
      passwordHash: password ? await hashPassword(password) : null,
    })
    .returning();
  // Every business has its location as its first branch (docs/product-rules.md#businesses-branches).
  await db.insert(companyBranches).values(firstBranchOf(company!));
  return company!;
}

export async function findUserByEmail(db: Executor, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return user;
}

export async function findCompanyByUsername(db: Executor, username: string): Promise<Company | undefined> {
  const [company] = await db
    .select()
    .from(companies)
    .where(eq(sql`lower(${companies.username})`, username.toLowerCase()))
    .limit(1);
  return company;
}
