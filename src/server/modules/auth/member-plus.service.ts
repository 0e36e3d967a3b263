import { and, eq, gt, isNull, lte } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type User, users } from "../../db/schema/auth";

/*
 * A member's Anigye+ columns, as the money module's paid periods set them. Premium ads follow
 * users.isPlus; the expiry job turns it off when the paid period ends.
 */

/** Anigye+ is paid through `expiresAt`. */
export async function setMemberPlus(tx: Executor, userId: number, expiresAt: Date, now: Date) {
  const [member] = await tx
    .select({ plusSince: users.plusSince, isPlus: users.isPlus })
    .from(users)
    .where(eq(users.id, userId));
  await tx
    .update(users)
    .set({
      isPlus: true,
      plusSince: member?.isPlus && member.plusSince ? member.plusSince : now,
      subscriptionType: "plus",
      subscriptionStatus: "active",
      subscriptionExpiresAt: expiresAt,
    })
    .where(eq(users.id, userId));
}

/** Ends Anigye+ for every member whose paid period is over; returns who lapsed. */
export async function expireMemberPlus(tx: Executor, now: Date) {
  return tx
    .update(users)
    .set({ isPlus: false, subscriptionStatus: "expired" })
    .where(and(eq(users.isPlus, true), lte(users.subscriptionExpiresAt, now)))
    .returning({ id: users.id, email: users.email, displayName: users.displayName });
}

/** Members whose Anigye+ ends in (from, to]: the reminder job's list. */
export async function membersPlusEndingBetween(db: Executor, from: Date, to: Date): Promise<User[]> {
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.isPlus, true),
        gt(users.subscriptionExpiresAt, from),
        lte(users.subscriptionExpiresAt, to),
        isNull(users.deletedAt),
      ),
    );
}
