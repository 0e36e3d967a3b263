import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { brand } from "../../../shared/brand";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { emailTokens, type User } from "../../db/schema/auth";
import type { EmailTokenPurpose } from "../../db/schema/enums";
import { renderEmail } from "../../integrations/mail/mailer";
import { queueEmail } from "../../integrations/message-queue/message-queue";
import { AppError } from "../../lib/errors";
import { keyedHash, newLinkToken } from "../../lib/secrets";
import { sendWithinAccountCap } from "../rate-limit";

type LinkPurpose = "verify_email" | "password_reset";

const linkLifetimes: Record<LinkPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
};

/** Where each link lands in the web app. */
function linkUrl(deps: AppDeps, purpose: LinkPurpose, token: string): string {
  const path = purpose === "verify_email" ? "/register?verify=" : "/login?reset=";
  return `${deps.config.appUrl}${path}${encodeURIComponent(token)}`;
}

async function issueLink(tx: Executor, deps: AppDeps, user: User, purpose: LinkPurpose): Promise<string> {
  const token = newLinkToken();
  const now = deps.now();
  await tx.insert(emailTokens).values({
    purpose,
    userId: user.id,
    email: user.email,
    tokenHash: keyedHash(deps.config.sessionSecret, purpose, token),
    expiresAt: new Date(now.getTime() + linkLifetimes[purpose]),
    // The app's clock, as the expiry: how long a link may be kept working is counted from here.
    createdAt: now,
  });
  return linkUrl(deps, purpose, token);
}

/** The link and the email that carries it are saved together: the email is queued with the link it holds. */
async function sendLinkEmail(
  deps: AppDeps,
  user: User,
  purpose: LinkPurpose,
  email: (url: string) => { subject: string; body: ReturnType<typeof renderEmail> },
) {
  await deps.db.transaction(async (tx) => {
    const { subject, body } = email(await issueLink(tx, deps, user, purpose));
    // Verification and reset links: the member is waiting for them.
    await queueEmail(tx, { to: user.email, subject, ...body, waitedFor: true });
  });
}

export async function sendVerificationEmail(deps: AppDeps, user: User): Promise<void> {
  await sendLinkEmail(deps, user, "verify_email", (url) => ({
    subject: `Verify your email for ${brand.name}`,
    body: renderEmail({
      heading: `Welcome to ${brand.name}, ${user.displayName}!`,
      paragraphs: [
        "Confirm your email address to activate your account and collect your 100 XP sign-in bonus.",
        "The link works once and expires in 24 hours. Accounts that are not verified within 24 hours are deleted.",
      ],
      action: { label: "Verify my email", url },
      footer: "If you did not create this account, you can ignore this email.",
    }),
  }));
}

async function sendPasswordResetEmail(deps: AppDeps, user: User): Promise<void> {
  await sendLinkEmail(deps, user, "password_reset", (url) => ({
    subject: `Reset your ${brand.name} password`,
    body: renderEmail({
      heading: "Reset your password",
      paragraphs: [
        `Someone asked to reset the password of your ${brand.name} account.`,
        "The link works once and expires in 1 hour; if you ask again and no new email comes, this one works again. Resetting signs you out on every device.",
      ],
      action: { label: "Choose a new password", url },
      footer: "If this was not you, ignore this email: your password stays the same.",
    }),
  }));
}

/**
 * A verification or reset link someone asked for (anyone may ask): sent within the account's message cap;
 * past it, the newest such link sent keeps working instead
 * (docs/product-rules.md#accounts-messages-a-stranger-can-cause).
 */
export async function sendAskedForLink(deps: AppDeps, user: User, purpose: LinkPurpose): Promise<void> {
  const now = deps.now();
  await sendWithinAccountCap(deps.db, { userId: user.id }, now, {
    send: async () => {
      await (purpose === "verify_email" ? sendVerificationEmail : sendPasswordResetEmail)(deps, user);
      return true as const;
    },
    keepNewest: () =>
      keepNewestLinkWorking(deps.db, { userId: user.id }, purpose, linkLifetimes[purpose], now),
  });
}

const linkMessages: Record<LinkPurpose, { invalid: string; used: string; expired: string }> = {
  verify_email: {
    invalid: "This verification link is invalid.",
    used: "This verification link has already been used.",
    expired: "This verification link has expired. Request a new one.",
  },
  password_reset: {
    invalid: "This reset link is invalid.",
    used: "This reset link has already been used.",
    expired: "This reset link has expired. Request a new one.",
  },
};

/**
 * Uses a link exactly once: the update that marks it used is the check, so two clicks at once
 * cannot both succeed. Returns the user id and the email the link was sent to.
 */
export async function consumeLink(db: Executor, deps: AppDeps, purpose: LinkPurpose, token: string) {
  const tokenHash = keyedHash(deps.config.sessionSecret, purpose, token);
  const now = deps.now();
  const [used] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId, email: emailTokens.email });
  if (used?.userId) return { userId: used.userId, email: used.email };

  const [known] = await db
    .select({ usedAt: emailTokens.usedAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
    .limit(1);
  const messages = linkMessages[purpose];
  if (!known) throw new AppError("BAD_REQUEST", messages.invalid);
  throw new AppError("BAD_REQUEST", known.usedAt ? messages.used : messages.expired);
}

/** After a password or email change, links sent earlier must stop working. */
export async function deleteOutstandingLinks(db: Executor, userId: number): Promise<void> {
  await db.delete(emailTokens).where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt)));
}

/**
 * A new password ends every way in that was sent before it: the account's unused reset and sign-in
 * links stop working (they read as expired, so their page says to ask for a new one). Their expiry is
 * moved back to when they were sent, which marks them as ended for good: nothing makes them work again,
 * and a request past the account's message cap sends a new link instead (`keepNewestLinkWorking`).
 */
export async function endSignInAndResetLinks(db: Executor, userId: number): Promise<void> {
  await db
    .update(emailTokens)
    .set({ expiresAt: sql`${emailTokens.createdAt}` })
    .where(
      and(
        eq(emailTokens.userId, userId),
        inArray(emailTokens.purpose, ["password_reset", "login_otp"]),
        isNull(emailTokens.usedAt),
      ),
    );
}

/** How long after it was sent a link or code may still be kept working by requests past the cap. */
export const keptWorkingForMs = 24 * 60 * 60 * 1000;

/**
 * A request past the account's message cap sends nothing: instead the newest link of this kind sent in the
 * last 24 hours works for another full lifetime from now (never past 24 hours after it was sent), so the
 * newest link that reached the owner's inbox always gets them in
 * (docs/product-rules.md#accounts-messages-a-stranger-can-cause). Returns true when it was kept working;
 * undefined when the owner used it or a new password ended it (only the owner can do either, so a new
 * one may go out), or when none was sent.
 */
export async function keepNewestLinkWorking(
  db: Executor,
  owner: { userId: number } | { companyId: number },
  purpose: EmailTokenPurpose,
  lifetimeMs: number,
  now: Date,
): Promise<true | undefined> {
  const sentSince = new Date(now.getTime() - keptWorkingForMs);
  const [newest] = await db
    .select({
      id: emailTokens.id,
      createdAt: emailTokens.createdAt,
      expiresAt: emailTokens.expiresAt,
      usedAt: emailTokens.usedAt,
    })
    .from(emailTokens)
    .where(
      and(
        "userId" in owner ? eq(emailTokens.userId, owner.userId) : eq(emailTokens.companyId, owner.companyId),
        eq(emailTokens.purpose, purpose),
        gt(emailTokens.createdAt, sentSince),
      ),
    )
    .orderBy(desc(emailTokens.createdAt), desc(emailTokens.id))
    .limit(1);
  // A link a new password ended has its expiry moved back to its sending (`endSignInAndResetLinks`).
  if (!newest || newest.usedAt || newest.expiresAt <= newest.createdAt) return undefined;
  const until = new Date(Math.min(newest.createdAt.getTime() + keptWorkingForMs, now.getTime() + lifetimeMs));
  const [kept] = await db
    .update(emailTokens)
    .set({ expiresAt: sql`greatest(${emailTokens.expiresAt}, ${until.toISOString()}::timestamptz)` })
    .where(
      and(
        eq(emailTokens.id, newest.id),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, emailTokens.createdAt),
      ),
    )
    .returning({ id: emailTokens.id });
  // Used or ended in the meantime: as above, a new one may go out.
  return kept ? true : undefined;
}
