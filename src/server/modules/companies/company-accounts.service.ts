import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import { brand } from "../../../shared/brand";
import type {
  companySetupRequest,
  createCompanyRequest,
  resendSetupRequest,
} from "../../../shared/contracts/companies";
import { type PlanId, paidPeriodDays, planLimits } from "../../../shared/plans";
import { type Company, companies, otpVerifications } from "../../db/schema";
import { renderEmail } from "../../integrations/mail/mailer";
import { uniqueViolationConstraint } from "../../lib/db-errors";
import { AppError } from "../../lib/errors";
import { type AuthDeps, deliverQuietly } from "../auth/auth-deps";
import { hashPassword, verifyPassword } from "../auth/password";
import { passwordProblem } from "../auth/password-policy";
import { hashesMatch, keyedHash, newLinkToken, newSixDigitCode } from "../auth/secrets";
import { consumeRateLimit } from "../rate-limit/rate-limit.service";

const setupLinkLifetimeMs = 72 * 60 * 60 * 1000;
export const maxFailedLogins = 5;
const lockoutMs = 15 * 60 * 1000;
const loginCodeLifetimeMs = 10 * 60 * 1000;

type CreateCompanyInput = z.output<typeof createCompanyRequest>;

function mapsUrlFor(input: CreateCompanyInput): string | undefined {
  if (input.googleMapsUrl) return input.googleMapsUrl;
  return `https://www.google.com/maps/search/?api=1&query=${input.latitude},${input.longitude}`;
}

/** An admin registers a business; it starts on its plan's limits and gets a setup link. */
export async function createCompanyAccount(deps: AuthDeps, input: CreateCompanyInput): Promise<Company> {
  const [company] = await deps.db
    .insert(companies)
    .values({
      name: input.name,
      category: input.category,
      subcategory: input.subcategory,
      city: input.city,
      location: input.city,
      address: input.address,
      googleMapsUrl: mapsUrlFor(input),
      latitude: input.latitude,
      longitude: input.longitude,
      contactEmail: input.contactEmail,
      contactPhone: input.contactPhone,
      phone: input.contactPhone,
      ...planLimits(input.plan),
      pointsBalance: 0,
    })
    .returning();
  await sendSetupLink(deps, company!);
  return company!;
}

/** Sets the plan and its limits; an admin does this until payments exist. */
export async function setCompanyPlan(
  deps: AuthDeps,
  companyId: number,
  plan: PlanId,
  paidUntil: Date | null,
) {
  const [company] = await deps.db
    .update(companies)
    .set({
      ...planLimits(plan),
      paidUntil,
      subscriptionStart: paidUntil ? deps.now() : null,
      paymentStatus: paidUntil && paidUntil > deps.now() ? "paid" : "pending",
    })
    .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)))
    .returning();
  if (!company) throw new AppError("NOT_FOUND", "Company not found");
  return company;
}

export function defaultPaidUntil(now: Date): Date {
  return new Date(now.getTime() + paidPeriodDays * 86_400_000);
}

/** A new single-use setup link (72 hours); any earlier link stops working. Sent by email, else SMS. */
export async function sendSetupLink(deps: AuthDeps, company: Company): Promise<void> {
  const token = newLinkToken();
  await deps.db
    .update(companies)
    .set({
      setupTokenHash: keyedHash(deps.config.sessionSecret, "company_setup", token),
      setupTokenExpiresAt: new Date(deps.now().getTime() + setupLinkLifetimeMs),
      setupTokenUsedAt: null,
    })
    .where(eq(companies.id, company.id));
  const url = `${deps.config.appUrl}/company?setup=${encodeURIComponent(token)}`;
  if (company.contactEmail) {
    const body = renderEmail({
      heading: `Set up ${company.name} on ${brand.name}`,
      paragraphs: [
        `Your business has been added to ${brand.name}. Choose a username and password to open your dashboard, publish ads and scan customers' codes.`,
        "The link works once and expires in 72 hours.",
      ],
      action: { label: "Set up my business account", url },
    });
    await deliverQuietly(deps, "company setup email", () =>
      deps.mailer.send({
        to: company.contactEmail!,
        subject: `Set up ${company.name} on ${brand.name}`,
        ...body,
      }),
    );
  } else if (company.contactPhone) {
    await deliverQuietly(deps, "company setup SMS", () =>
      deps.sms.send(
        company.contactPhone!,
        `Set up ${company.name} on ${brand.name}: ${url} (expires in 72 hours)`,
      ),
    );
  }
}

/** Sends a fresh setup link to a business that has not finished setup; false when there is none to send. */
export async function resendSetupLink(
  deps: AuthDeps,
  input: z.output<typeof resendSetupRequest>,
): Promise<boolean> {
  const condition =
    input.companyId !== undefined
      ? eq(companies.id, input.companyId)
      : input.contactEmail
        ? eq(sql`lower(${companies.contactEmail})`, input.contactEmail)
        : eq(companies.contactPhone, input.contactPhone!);
  const [company] = await deps.db
    .select()
    .from(companies)
    .where(and(condition, isNull(companies.deletedAt), isNull(companies.passwordHash)))
    .limit(1);
  if (!company) return false;
  // Anyone may ask for a resend, so each business gets a few an hour at most, however many callers ask.
  await consumeRateLimit(
    deps.db,
    { identifier: String(company.id), identifierType: "company" },
    { action: "company_setup_link", limit: 3, windowSeconds: 3600 },
    deps.now(),
  );
  await sendSetupLink(deps, company);
  return true;
}

/** Uses the setup link once to choose the username and password. */
export async function completeCompanySetup(deps: AuthDeps, input: z.output<typeof companySetupRequest>) {
  const problem = passwordProblem(input.newPassword, { username: input.username });
  if (problem) throw new AppError("VALIDATION", problem, { newPassword: problem });
  const tokenHash = keyedHash(deps.config.sessionSecret, "company_setup", input.token);
  const now = deps.now();
  try {
    const [company] = await deps.db
      .update(companies)
      .set({
        username: input.username,
        passwordHash: await hashPassword(input.newPassword),
        setupTokenUsedAt: now,
        setupTokenHash: null,
        failedLoginAttempts: 0,
        lockedUntil: null,
      })
      .where(
        and(
          eq(companies.setupTokenHash, tokenHash),
          gt(companies.setupTokenExpiresAt, now),
          isNull(companies.setupTokenUsedAt),
          isNull(companies.deletedAt),
        ),
      )
      .returning();
    if (!company) {
      throw new AppError(
        "BAD_REQUEST",
        "This setup link is invalid, expired or already used. Ask for a new one.",
        {
          token: "This setup link is invalid, expired or already used",
        },
      );
    }
    return company;
  } catch (error) {
    if (uniqueViolationConstraint(error)) {
      throw new AppError("CONFLICT", "This username is already taken", {
        username: "This username is already taken",
      });
    }
    throw error;
  }
}

function minutesUntil(deps: AuthDeps, date: Date): number {
  return Math.max(1, Math.ceil((date.getTime() - deps.now().getTime()) / 60_000));
}

// Verifying against a real hash when the username does not exist keeps the answer time the same.
let absentCompanyHash: Promise<string> | undefined;

/**
 * Checks a company's username and password. Each attempt is reserved before the password is checked,
 * in one statement that refuses while the account is locked, so parallel guesses cannot get past five:
 * the fifth failure locks the account for 15 minutes; a success clears the count.
 */
export async function authenticateCompany(
  deps: AuthDeps,
  credentials: { username: string; password: string },
  ipAddress: string,
): Promise<Company> {
  const [company] = await deps.db
    .select()
    .from(companies)
    .where(
      and(
        eq(sql`lower(${companies.username})`, credentials.username.toLowerCase()),
        isNull(companies.deletedAt),
      ),
    )
    .limit(1);
  const invalid = new AppError("UNAUTHENTICATED", "Invalid username or password");
  if (!company?.passwordHash) {
    absentCompanyHash ??= hashPassword("no-such-company-password");
    await verifyPassword(await absentCompanyHash, credentials.password);
    throw invalid;
  }
  const now = deps.now();
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  // A lock that has run out starts a fresh count.
  const previous = sql`(case when ${companies.lockedUntil} <= ${nowSql} then 0 else ${companies.failedLoginAttempts} end)`;
  const [reserved] = await deps.db
    .update(companies)
    .set({
      failedLoginAttempts: sql`${previous} + 1`,
      lockedUntil: sql`case when ${previous} + 1 >= ${maxFailedLogins} then ${new Date(now.getTime() + lockoutMs).toISOString()}::timestamptz else null end`,
    })
    .where(
      and(
        eq(companies.id, company.id),
        sql`(${companies.lockedUntil} is null or ${companies.lockedUntil} <= ${nowSql})`,
      ),
    )
    .returning({ lockedUntil: companies.lockedUntil });
  if (!reserved) {
    const lockedUntil = company.lockedUntil ?? new Date(now.getTime() + lockoutMs);
    throw new AppError(
      "RATE_LIMITED",
      `Too many failed attempts. Try again in ${minutesUntil(deps, lockedUntil)} minutes.`,
    );
  }
  if (!(await verifyPassword(company.passwordHash, credentials.password))) {
    if (reserved.lockedUntil)
      throw new AppError("RATE_LIMITED", "Too many failed attempts. Try again in 15 minutes.");
    throw invalid;
  }
  if (company.status !== "active" || !company.isActive) {
    throw new AppError("FORBIDDEN", "This business account is suspended. Contact Anigye support.");
  }
  const [signedIn] = await deps.db
    .update(companies)
    .set({ failedLoginAttempts: 0, lockedUntil: null, lastLoginAt: now, lastLoginIp: ipAddress })
    .where(eq(companies.id, company.id))
    .returning();
  return signedIn!;
}

const companyCodeAttempts = 5;

/**
 * The optional second step: a 6-digit code by email or SMS. Only its keyed hash is stored, with an
 * attempt count; the browser holds just the row's id in a signed cookie.
 */
export async function sendCompanyLoginCode(deps: AuthDeps, company: Company): Promise<number> {
  const code = newSixDigitCode();
  const bySms = company.otpChannel === "sms" && Boolean(company.contactPhone);
  const [row] = await deps.db
    .insert(otpVerifications)
    .values({
      companyId: company.id,
      channel: bySms ? "sms" : "email",
      phoneNumber: bySms ? company.contactPhone : null,
      email: bySms ? null : company.contactEmail,
      codeHash: keyedHash(deps.config.sessionSecret, "company_login", String(company.id), code),
      purpose: "company_login",
      expiresAt: new Date(deps.now().getTime() + loginCodeLifetimeMs),
    })
    .returning({ id: otpVerifications.id });
  const text = `Your ${brand.name} business sign-in code is ${code}. It expires in 10 minutes.`;
  if (bySms) {
    await deliverQuietly(deps, "company sign-in code", () => deps.sms.send(company.contactPhone!, text));
  } else if (company.contactEmail) {
    const body = renderEmail({
      heading: "Your sign-in code",
      paragraphs: [text, "If this was not you, change your password."],
    });
    await deliverQuietly(deps, "company sign-in code", () =>
      deps.mailer.send({ to: company.contactEmail!, subject: `${brand.name} sign-in code`, ...body }),
    );
  }
  return row!.id;
}

/** Spends one attempt, then compares; a right code is used up at once, so it never signs in twice. */
export async function checkCompanyLoginCode(deps: AuthDeps, codeId: number, code: string): Promise<number> {
  const now = deps.now();
  const [spent] = await deps.db
    .update(otpVerifications)
    .set({ attempts: sql`${otpVerifications.attempts} + 1` })
    .where(
      and(
        eq(otpVerifications.id, codeId),
        eq(otpVerifications.purpose, "company_login"),
        eq(otpVerifications.isUsed, false),
        gt(otpVerifications.expiresAt, now),
        lt(otpVerifications.attempts, companyCodeAttempts),
      ),
    )
    .returning();
  if (!spent?.companyId) throw new AppError("BAD_REQUEST", "Your sign-in code has expired. Sign in again.");
  const expected = keyedHash(deps.config.sessionSecret, "company_login", String(spent.companyId), code);
  if (!hashesMatch(spent.codeHash, expected)) {
    throw new AppError("BAD_REQUEST", "That code is not correct.", { code: "Incorrect code" });
  }
  const [used] = await deps.db
    .update(otpVerifications)
    .set({ isUsed: true, usedAt: now })
    .where(and(eq(otpVerifications.id, codeId), eq(otpVerifications.isUsed, false)))
    .returning({ companyId: otpVerifications.companyId });
  if (!used?.companyId) throw new AppError("BAD_REQUEST", "Your sign-in code has expired. Sign in again.");
  return used.companyId;
}
