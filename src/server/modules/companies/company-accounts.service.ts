import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { brand } from "../../../shared/brand";
import type {
  companySetupRequest,
  createCompanyRequest,
  resendSetupRequest,
} from "../../../shared/contracts/companies";
import type { AppDeps } from "../../app-deps";
import { type Company, companies } from "../../db/schema/companies";
import { renderEmail } from "../../integrations/mail/mailer";
import { queueEmail, queueSms } from "../../integrations/message-queue/message-queue";
import { uniqueViolationConstraint } from "../../lib/db-errors";
import { AppError } from "../../lib/errors";
import { deviceKnownTo, type KnownDevice } from "../../lib/known-devices";
import { hashPassword, verifyPassword } from "../../lib/password";
import { passwordProblem } from "../../lib/password-policy";
import { keyedHash, newLinkToken } from "../../lib/secrets";
import { recordAudit } from "../audit";
import {
  consumeSignInLink,
  issueCompanySignInCode,
  issueSignInLink,
  keepNewestCompanyCodeWorking,
  redeemCompanySignInCode,
  sendSignInLinkWithinCap,
} from "../auth";
import {
  admitPasswordAttempt,
  consumeRateLimit,
  passwordAttemptFailed,
  passwordAttemptSucceeded,
  sendWithinAccountCap,
} from "../rate-limit";
import { companySuspended, isCompanyActive } from "./company-access";
import { addFirstBranch, assertPinServed } from "./company-branches.service";
import { currentPlanLimits } from "./company-plan.service";

const setupLinkLifetimeMs = 72 * 60 * 60 * 1000;

type CreateCompanyInput = z.output<typeof createCompanyRequest>;

function mapsUrlFor(input: CreateCompanyInput): string | undefined {
  if (input.googleMapsUrl) return input.googleMapsUrl;
  return `https://www.google.com/maps/search/?api=1&query=${input.latitude},${input.longitude}`;
}

/**
 * An admin registers a business; it starts on its plan's limits and gets a setup link. The new row and
 * its audit entry are written in one transaction, so neither happens without the other.
 */
export async function createCompanyAccount(
  deps: AppDeps,
  admin: { id: number; displayName: string },
  input: CreateCompanyInput,
): Promise<Company> {
  await assertPinServed(deps.db, input.latitude, input.longitude);
  const company = await deps.db.transaction(async (tx) => {
    const [created] = await tx
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
        ...(await currentPlanLimits(tx, input.plan)),
      })
      .returning();
    await addFirstBranch(tx, created!);
    await recordAudit(
      tx,
      {
        actor: admin,
        action: "company.create",
        targetType: "company",
        targetId: created!.id,
        after: registeredDetails(created!),
      },
      deps.now(),
    );
    return created!;
  });
  await sendSetupLink(deps, company);
  return company;
}

const registeredDetails = (company: Company) => ({
  name: company.name,
  category: company.category,
  subcategory: company.subcategory,
  city: company.city,
  address: company.address,
  contactEmail: company.contactEmail,
  contactPhone: company.contactPhone,
  plan: company.plan,
});

/** A new single-use setup link (72 hours); any earlier link stops working. Sent by email, else SMS. */
export async function sendSetupLink(deps: AppDeps, company: Company): Promise<void> {
  const token = newLinkToken();
  const url = `${deps.config.appUrl}/company?setup=${encodeURIComponent(token)}`;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(companies)
      .set({
        setupTokenHash: keyedHash(deps.config.sessionSecret, "company_setup", token),
        setupTokenExpiresAt: new Date(deps.now().getTime() + setupLinkLifetimeMs),
        setupTokenUsedAt: null,
      })
      .where(eq(companies.id, company.id));
    if (company.contactEmail) {
      const body = renderEmail({
        heading: `Set up ${company.name} on ${brand.name}`,
        paragraphs: [
          `Your business has been added to ${brand.name}. Choose a username and password to open your dashboard, publish ads and scan customers' codes.`,
          "The link works once and expires in 72 hours.",
        ],
        action: { label: "Set up my business account", url },
      });
      // The owner asked for it (or is told to look for it): a setup link is a way in, sent before alerts.
      await queueEmail(tx, {
        to: company.contactEmail,
        subject: `Set up ${company.name} on ${brand.name}`,
        ...body,
        waitedFor: true,
      });
    } else if (company.contactPhone) {
      await queueSms(tx, {
        to: company.contactPhone,
        text: `Set up ${company.name} on ${brand.name}: ${url} (expires in 72 hours)`,
        waitedFor: true,
      });
    }
  });
}

/** Sends a fresh setup link to a business that has not finished setup; false when there is none to send. */
export async function resendSetupLink(
  deps: AppDeps,
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
export async function completeCompanySetup(deps: AppDeps, input: z.output<typeof companySetupRequest>) {
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

// Verifying against a real hash when the username does not exist keeps the answer time the same.
let absentCompanyHash: Promise<string> | undefined;

/**
 * Checks a company's username and password. Guessing is throttled per username and source together
 * (rate-limit's password guessing): a stranger's wrong guesses pause only their own source; past the
 * username's wrong passwords of the day only a device that signed in to the business before may try a
 * password; and the owner can always sign in with an emailed (or texted) link.
 */
export async function authenticateCompany(
  deps: AppDeps,
  credentials: { username: string; password: string },
  from: { address: string; device: KnownDevice },
): Promise<Company> {
  const now = deps.now();
  const company = await findCompanyByUsername(deps, credentials.username);
  const attempt = await admitPasswordAttempt(
    deps.db,
    {
      account: `company:${credentials.username.toLowerCase()}`,
      source: from.address,
      knownDevice: deviceKnownTo(from.device, company?.id),
    },
    "signInLink",
    now,
  );
  absentCompanyHash ??= hashPassword("no-such-company-password");
  const valid = await verifyPassword(
    company?.passwordHash ?? (await absentCompanyHash),
    credentials.password,
  );
  if (!company?.passwordHash || !valid) {
    await passwordAttemptFailed(deps.db, attempt, now);
    if (company) {
      await deps.db
        .update(companies)
        .set({ failedLoginAttempts: sql`${companies.failedLoginAttempts} + 1` })
        .where(eq(companies.id, company.id));
    }
    throw new AppError("UNAUTHENTICATED", "Invalid username or password");
  }
  await passwordAttemptSucceeded(deps.db, attempt);
  assertCompanyActive(company);
  const [signedIn] = await deps.db
    .update(companies)
    .set({ failedLoginAttempts: 0, lockedUntil: null, lastLoginAt: now, lastLoginIp: from.address })
    .where(eq(companies.id, company.id))
    .returning();
  return signedIn!;
}

function assertCompanyActive(company: Company) {
  if (!isCompanyActive(company)) throw companySuspended();
}

async function findCompanyByUsername(deps: AppDeps, username: string): Promise<Company | undefined> {
  const [company] = await deps.db
    .select()
    .from(companies)
    .where(and(eq(sql`lower(${companies.username})`, username.toLowerCase()), isNull(companies.deletedAt)))
    .limit(1);
  return company;
}

/**
 * Sends a business a one-time sign-in link (15 minutes) by email, else by SMS: the way in that always
 * works for the owner. An unknown username gets the same answer and nothing is sent.
 */
export async function sendCompanySignInLink(deps: AppDeps, username: string): Promise<void> {
  const company = await findCompanyByUsername(deps, username);
  if (!company?.passwordHash || (!company.contactEmail && !company.contactPhone)) return;
  await sendSignInLinkWithinCap(deps, { companyId: company.id }, () => deliverSignInLink(deps, company));
}

async function deliverSignInLink(deps: AppDeps, company: Company): Promise<void> {
  const sentTo = company.contactEmail
    ? { email: company.contactEmail }
    : { phoneNumber: company.contactPhone! };
  await deps.db.transaction(async (tx) => {
    const token = await issueSignInLink(deps, { companyId: company.id }, sentTo, tx);
    const url = `${deps.config.appUrl}/company?signin=${encodeURIComponent(token)}`;
    if (company.contactEmail) {
      const body = renderEmail({
        heading: `Sign in to ${company.name}`,
        paragraphs: [
          "Use this link to open your business dashboard without your password.",
          "It works once and expires in 15 minutes. If you ask for another link and no new email comes, this one works again.",
        ],
        action: { label: "Open my dashboard", url },
        footer: "If you didn't ask for this, ignore it: nobody can use the link without your inbox.",
      });
      await queueEmail(tx, {
        to: company.contactEmail,
        subject: `${brand.name} sign-in link for ${company.name}`,
        ...body,
        waitedFor: true,
      });
    } else {
      await queueSms(tx, {
        to: company.contactPhone!,
        text: `Sign in to ${company.name} on ${brand.name}: ${url} (works once, 15 minutes)`,
        waitedFor: true,
      });
    }
  });
}

/** Signs a business in with a link from its inbox or phone; this source's wrong passwords are forgotten. */
export async function signInCompanyWithLink(deps: AppDeps, token: string, source: string): Promise<Company> {
  const { companyId } = await consumeSignInLink(deps, token);
  const [company] = companyId
    ? await deps.db
        .update(companies)
        .set({ lastLoginAt: deps.now() })
        .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)))
        .returning()
    : [];
  if (!company) throw new AppError("BAD_REQUEST", "This sign-in link is not for a business account.");
  assertCompanyActive(company);
  if (company.username) {
    await passwordAttemptSucceeded(deps.db, { account: `company:${company.username.toLowerCase()}`, source });
  }
  return company;
}

/**
 * The optional second step: a 6-digit code by email or SMS. The browser holds just the code's id in a
 * signed cookie; the accounts module keeps its hash and attempt count. Codes count towards the business's
 * message cap: past it, nothing is sent and the newest code sent keeps working
 * (docs/product-rules.md#accounts-messages-a-stranger-can-cause).
 */
export function sendCompanyLoginCode(deps: AppDeps, company: Company): Promise<number> {
  const now = deps.now();
  return sendWithinAccountCap(deps.db, { companyId: company.id }, now, {
    send: () => deliverCompanyLoginCode(deps, company),
    keepNewest: () => keepNewestCompanyCodeWorking(deps, company.id),
  });
}

function deliverCompanyLoginCode(deps: AppDeps, company: Company): Promise<number> {
  const bySms = company.otpChannel === "sms" && Boolean(company.contactPhone);
  return deps.db.transaction(async (tx) => {
    const recipient = {
      companyId: company.id,
      channel: bySms ? ("sms" as const) : ("email" as const),
      phoneNumber: company.contactPhone,
      email: company.contactEmail,
    };
    const { codeId, code } = await issueCompanySignInCode(deps, recipient, tx);
    const text = `Your ${brand.name} business sign-in code is ${code}. It expires in 10 minutes.`;
    if (bySms) {
      await queueSms(tx, { to: company.contactPhone!, text, waitedFor: true });
    } else if (company.contactEmail) {
      const body = renderEmail({
        heading: "Your sign-in code",
        paragraphs: [text, "If this was not you, change your password."],
      });
      await queueEmail(tx, {
        to: company.contactEmail,
        subject: `${brand.name} sign-in code`,
        ...body,
        waitedFor: true,
      });
    }
    return codeId;
  });
}

/** Checks the second-step code; returns the company it signs in. */
export function checkCompanyLoginCode(deps: AppDeps, codeId: number, code: string): Promise<number> {
  return redeemCompanySignInCode(deps, codeId, code);
}
