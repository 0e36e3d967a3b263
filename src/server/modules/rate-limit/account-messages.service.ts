import type { Executor } from "../../db/client";
import { readNumberSettings } from "../settings";
import {
  countRateLimitedCall,
  type RateLimitRule,
  type RateLimitSubject,
  refundRateLimitedCall,
} from "./rate-limit.service";

/**
 * Messages anyone may ask us to send to an account: a sign-in link, a password-reset link or code, a
 * business's sign-in link or two-step code (docs/product-rules.md#accounts-messages-a-stranger-can-cause).
 * Each account gets at most `account_messages_per_hour` (3) and `account_messages_per_day` (10) of them,
 * all kinds together, however many people ask from however many addresses. Past the cap the caller sends
 * nothing and keeps the newest one already sent working, and answers exactly as if it had sent one.
 */
const hourly = (limit: number): RateLimitRule => ({
  action: "account_messages_hour",
  limit,
  windowSeconds: 60 * 60,
});
const daily = (limit: number): RateLimitRule => ({
  action: "account_messages_day",
  limit,
  windowSeconds: 24 * 60 * 60,
});

/** The account a message goes to: a member or a business, by id. */
type MessagedAccount = { userId: number } | { companyId: number };

const subjectOf = (account: MessagedAccount): RateLimitSubject => ({
  identifier: "userId" in account ? `member:${account.userId}` : `company:${account.companyId}`,
  identifierType: "account",
});

/**
 * Counts one message against the account's hour and day (one upsert each, so requests on several
 * instances at once never slip past) and says whether it may be sent; one that may not is given back,
 * so the windows count messages sent, not requests.
 */
async function admitAccountMessage(db: Executor, account: MessagedAccount, now: Date): Promise<boolean> {
  const limits = await readNumberSettings(db, ["account_messages_per_hour", "account_messages_per_day"]);
  const subject = subjectOf(account);
  const rules = [hourly(limits.account_messages_per_hour), daily(limits.account_messages_per_day)];
  const counted: { rule: RateLimitRule; windowStart: Date }[] = [];
  for (const rule of rules) {
    const window = await countRateLimitedCall(db, subject, rule, now);
    counted.push({ rule, windowStart: window.windowStart });
    if (window.count > rule.limit) {
      for (const { rule: spent, windowStart } of counted) {
        await refundRateLimitedCall(db, subject, spent, windowStart);
      }
      return false;
    }
  }
  return true;
}

/**
 * Sends an asked-for message within the account's cap. Past the cap, nothing new is sent and the newest
 * one already sent is kept working (`keepNewest`, which gives back what the caller answers with, e.g. the
 * code's id). Only when the account has no unused one from the last 24 hours (the owner used it, or none
 * was sent) does a new one go out anyway: that takes the owner's own use, so no stranger can repeat it.
 */
export async function sendWithinAccountCap<T>(
  db: Executor,
  account: MessagedAccount,
  now: Date,
  message: { send(): Promise<T>; keepNewest(): Promise<T | undefined> },
): Promise<T> {
  if (await admitAccountMessage(db, account, now)) return message.send();
  return (await message.keepNewest()) ?? message.send();
}
