import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { sessions, users } from "../../db/schema/auth";
import { companies } from "../../db/schema/companies";
import { memberSms } from "../../db/schema/notifications";
import { rewards } from "../../db/schema/rewards";

// The order a member's queued texts go out in when only one may go today: a win first, a summary last.
const priority = sql`case ${memberSms.kind} when 'draw_won' then 1 when 'loyalty_reward_ready' then 2 when 'reward_expiring' then 3 else 4 end`;

/**
 * Queued texts with what sending needs to know about their member now (consent can change), leaving out
 * members who already had today's text, so those waiting for tomorrow never hold up the rest.
 */
export function queuedSmsWithMembers(db: Executor, today: string, limit: number) {
  return db
    .select({
      sms: memberSms,
      phone: users.phoneNumber,
      phoneVerified: users.isPhoneVerified,
      smsConsent: users.smsConsent,
      language: users.language,
      active: sql<boolean>`${users.isActive} and ${users.deletedAt} is null`.mapWith(Boolean),
    })
    .from(memberSms)
    .innerJoin(users, eq(users.id, memberSms.userId))
    .where(
      and(
        eq(memberSms.status, "queued"),
        sql`not exists (select 1 from member_sms sent_today where sent_today.user_id = member_sms.user_id and sent_today.sent_on = ${today}::date)`,
      ),
    )
    .orderBy(priority, asc(memberSms.createdAt))
    .limit(limit);
}

/**
 * Members for the weekly summary: they agreed to SMS with a verified phone, haven't opened the app in
 * 7 days (no sign-in and no session seen since), hold unused rewards, and have no summary queued for this week yet.
 */
export function membersForWeeklySummary(
  db: Executor,
  input: { now: Date; quietSince: Date; weekKey: string; afterUserId: number; limit: number },
) {
  const dedupeKey = sql`'weekly_summary:' || ${users.id} || ':' || ${input.weekKey}`;
  return db
    .select({
      userId: users.id,
      count: sql<number>`count(*)::int`,
      best: sql<number>`max(${rewards.discountPercent})::int`,
      places: sql<string[]>`(array_agg(distinct ${companies.name}))[1:2]`,
    })
    .from(users)
    .innerJoin(rewards, eq(rewards.userId, users.id))
    .innerJoin(companies, eq(companies.id, rewards.companyId))
    .where(
      and(
        gt(users.id, input.afterUserId),
        eq(users.smsConsent, true),
        eq(users.isPhoneVerified, true),
        eq(users.isActive, true),
        isNull(users.deletedAt),
        eq(rewards.rewardType, "discount"),
        eq(rewards.isUsed, false),
        gt(rewards.expiresAt, input.now),
        sql`(${users.lastLoginAt} is null or ${users.lastLoginAt} <= ${input.quietSince})`,
        sql`not exists (select 1 from ${sessions} where ${sessions.userId} = ${users.id} and ${sessions.lastSeenAt} > ${input.quietSince})`,
        sql`not exists (select 1 from ${memberSms} where ${memberSms.dedupeKey} = ${dedupeKey})`,
      ),
    )
    .groupBy(users.id)
    .orderBy(asc(users.id))
    .limit(input.limit);
}
