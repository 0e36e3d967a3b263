import { eq } from "drizzle-orm";
import type { PayoutAccountRequest } from "../../../shared/contracts/cashback";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { payoutAccounts } from "../../db/schema/money";
import {
  type PaystackClient,
  PaystackError,
  paystackMobileMoneyBankCode,
} from "../../integrations/payments/paystack";
import { AppError } from "../../lib/errors";
import { checkPayoutNumberCode, sendPayoutNumberCode, type User } from "../auth";

/** A changed payout number waits this long before money is sent to it (docs/product-rules.md#cashback-trust). */
export const payoutHoldMs = 24 * 60 * 60 * 1000;

export type PayoutAccount = typeof payoutAccounts.$inferSelect;

export async function findPayoutAccount(db: Executor, userId: number): Promise<PayoutAccount | undefined> {
  const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return account;
}

/** The answer's shape: what the member sees of her wallet. */
export function payoutAccountView(account: PayoutAccount, now: Date) {
  return {
    phoneNumber: account.phoneNumber,
    network: account.network,
    accountName: account.accountName,
    holdUntil: account.holdUntil && account.holdUntil > now ? account.holdUntil.toISOString() : null,
  };
}

/**
 * Sets the wallet a member's cashback is paid to. A number other than her verified phone must first
 * prove it is hers with a texted code (`codeSent` until then). With Paystack, the wallet is registered as a
 * transfer recipient before it is saved, so a number the provider refuses is never stored. A changed
 * number is held for a day.
 */
export async function setPayoutAccount(
  deps: AppDeps,
  user: User,
  request: PayoutAccountRequest,
  deviceFingerprint: string | undefined,
): Promise<{ codeSent: true; phoneNumber: string } | { account: PayoutAccount }> {
  const ownVerifiedPhone = user.isPhoneVerified && user.phoneNumber === request.phoneNumber;
  if (!ownVerifiedPhone) {
    if (!request.verificationCode) {
      await sendPayoutNumberCode(deps, user.id, request.phoneNumber);
      return { codeSent: true, phoneNumber: request.phoneNumber };
    }
    await checkPayoutNumberCode(deps, {
      userId: user.id,
      phoneNumber: request.phoneNumber,
      code: request.verificationCode,
    }).catch(asVerificationCodeError);
  }
  const name = request.accountName ?? user.displayName;
  const recipient = deps.paystack ? await registerRecipient(deps.paystack, request, name) : undefined;
  const now = deps.now();
  const previous = await findPayoutAccount(deps.db, user.id);
  const numberChanged = previous !== undefined && previous.phoneNumber !== request.phoneNumber;
  const values = {
    phoneNumber: request.phoneNumber,
    network: request.network,
    accountName: recipient?.accountName ?? name,
    recipientCode: recipient?.recipientCode ?? null,
    holdUntil: numberChanged ? new Date(now.getTime() + payoutHoldMs) : (previous?.holdUntil ?? null),
    deviceFingerprint: deviceFingerprint ?? null,
    updatedAt: now,
  };
  const [account] = await deps.db
    .insert(payoutAccounts)
    .values({ userId: user.id, ...values, createdAt: now })
    .onConflictDoUpdate({ target: payoutAccounts.userId, set: values })
    .returning();
  return { account: account! };
}

/** A wrong code is the `verificationCode` field's error here (the auth module names it `otp`). */
function asVerificationCodeError(error: unknown): never {
  if (error instanceof AppError && error.fields?.otp) {
    const { message, values } = error.said;
    throw new AppError(error.code, values ? { message, values } : message, {
      verificationCode: error.fields.otp,
    });
  }
  throw error;
}

/** The wallet as a Paystack transfer recipient (mobile_money, GHS); the provider's refusal is the member's to read. */
async function registerRecipient(paystack: PaystackClient, request: PayoutAccountRequest, name: string) {
  try {
    return await paystack.createTransferRecipient({
      name,
      accountNumber: localNumberOf(request.phoneNumber),
      bankCode: paystackMobileMoneyBankCode[request.network],
    });
  } catch (error) {
    if (error instanceof PaystackError) {
      throw new AppError(
        "BAD_REQUEST",
        "This MoMo number could not be registered with the network. Check the number and the network and try again.",
      );
    }
    throw error;
  }
}

/** +233241234567 → 0241234567, as Ghana's mobile-money wallets are numbered. */
export function localNumberOf(e164: string): string {
  return `0${e164.replace(/^\+233/, "")}`;
}
