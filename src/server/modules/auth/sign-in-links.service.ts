import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { brand } from "../../../shared/brand";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { emailTokens, type User, users } from "../../db/schema/auth";
import { renderEmail } from "../../integrations/mail/mailer";
import { queueEmail } from "../../integrations/message-queue/message-queue";
import { AppError } from "../../lib/errors";
import { keyedHash, newLinkToken } from "../../lib/secrets";
import { passwordAttemptSucceeded, sendWithinAccountCap } from "../rate-limit";
import { keepNewestLinkWorking } from "./email-links.service";
import { suspendedAccountError } from "./members-admin.service";

/**
 * Sign-in links: the way in that always works for the real owner, whatever strangers do to the password
 * sign-in (docs/product-rules.md#accounts-sign-in-links). Each link signs in once and lives 15 minutes;
 * sending a new one leaves the earlier ones valid, so a stranger asking for links only fills the owner's
 * inbox with working ones, and only a few an hour: past the account's cap the newest link sent is kept
 * working instead (docs/product-rules.md#accounts-messages-a-stranger-can-cause).
 */
const signInLinkLifetimeMs = 15 * 60 * 1000;
const purpose = "login_otp";

export type SignInLinkOwner = { userId: number } | { companyId: number };

/** Stores a new link for the owner (its keyed hash only) and returns the token to put in the message. */
export async function issueSignInLink(
  deps: AppDeps,
  owner: SignInLinkOwner,
  sentTo: { email: string } | { phoneNumber: string },
  tx: Executor = deps.db,
): Promise<string> {
  const token = newLinkToken();
  const now = deps.now();
  await tx.insert(emailTokens).values({
    purpose,
    userId: "userId" in owner ? owner.userId : null,
    companyId: "companyId" in owner ? owner.companyId : null,
    email: "email" in sentTo ? sentTo.email : null,
    phoneNumber: "phoneNumber" in sentTo ? sentTo.phoneNumber : null,
    tokenHash: keyedHash(deps.config.sessionSecret, purpose, token),
    expiresAt: new Date(now.getTime() + signInLinkLifetimeMs),
    createdAt: now,
  });
  return token;
}

/**
 * Sends the owner's sign-in link (`send`) within the account's message cap; past it, keeps the newest one
 * sent working instead and sends nothing.
 */
export function sendSignInLinkWithinCap(
  deps: AppDeps,
  owner: SignInLinkOwner,
  send: () => Promise<void>,
): Promise<unknown> {
  const now = deps.now();
  return sendWithinAccountCap(deps.db, owner, now, {
    send: async () => {
      await send();
      return true as const;
    },
    keepNewest: () => keepNewestLinkWorking(deps.db, owner, purpose, signInLinkLifetimeMs, now),
  });
}

/** Uses a sign-in link once (two taps at once: one wins) and returns whom it signs in. */
export async function consumeSignInLink(
  deps: AppDeps,
  token: string,
): Promise<{ userId: number | null; companyId: number | null }> {
  const now = deps.now();
  const [used] = await deps.db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, keyedHash(deps.config.sessionSecret, purpose, token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId, companyId: emailTokens.companyId });
  if (!used) {
    throw new AppError(
      "BAD_REQUEST",
      "This sign-in link has expired or was already used. Ask for a new one.",
    );
  }
  return used;
}

/** Emails a member a sign-in link; an unknown email gets nothing and the same answer. */
export async function sendMemberSignInLink(deps: AppDeps, email: string): Promise<void> {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.email})`, email.toLowerCase()),
        eq(users.isActive, true),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (!user) return;
  await sendSignInLinkWithinCap(deps, { userId: user.id }, () => emailSignInLink(deps, user));
}

async function emailSignInLink(deps: AppDeps, user: User): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const token = await issueSignInLink(deps, { userId: user.id }, { email: user.email }, tx);
    const url = `${deps.config.appUrl}/login?signin=${encodeURIComponent(token)}`;
    const body = renderEmail({
      heading: `Sign in to ${brand.name}`,
      paragraphs: [
        `Hello ${user.displayName}, use this link to sign in without your password.`,
        "It works once and expires in 15 minutes. If you ask for another link and no new email comes, this one works again.",
      ],
      action: { label: "Sign me in", url },
      footer: "If you didn't ask for this, ignore it: nobody can use the link without your inbox.",
    });
    await queueEmail(tx, {
      to: user.email,
      subject: `Your ${brand.name} sign-in link`,
      ...body,
      waitedFor: true,
    });
  });
}

/**
 * Signs a member in with a link from their inbox. Only the owner has the link, so the wrong passwords
 * this source typed for the account are forgotten, as after a right password.
 */
export async function signInMemberWithLink(deps: AppDeps, token: string, source: string): Promise<User> {
  const { userId } = await consumeSignInLink(deps, token);
  const [user] = userId
    ? await deps.db
        .update(users)
        .set({ lastLoginAt: deps.now() })
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .returning()
    : [];
  if (user && !user.isActive) throw suspendedAccountError(user);
  if (!user) throw new AppError("BAD_REQUEST", "This sign-in link is not for a member account.");
  await passwordAttemptSucceeded(deps.db, { account: `member:${user.email.toLowerCase()}`, source });
  return user;
}
