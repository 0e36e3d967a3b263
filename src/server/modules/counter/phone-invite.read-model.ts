import { and, eq, gt, isNull, min, sql, sum } from "drizzle-orm";
import type { PhoneInviteHolding } from "../../../shared/contracts/counter";
import type { Executor } from "../../db/client";
import { companies } from "../../db/schema/companies";
import { heldPhoneRewards, phoneInvites } from "../../db/schema/counter";
import { notFound } from "../../lib/errors";
import { maskPhone } from "./phone-checkin-rows";
import { inviteTokenHash } from "./phone-invite-token";

/**
 * What the shop that sent an invite still holds for its number, read by the invite link's token alone
 * (docs/product-rules.md#counter-invite-says-what-is-held): the shop's name, the number masked as the
 * counter shows it, and the stamps and points waiting with the soonest day one expires. No member data:
 * nothing about who holds the number, or what other shops hold for it.
 */
export async function readPhoneInvite(db: Executor, token: string, now: Date): Promise<PhoneInviteHolding> {
  const waiting = and(
    eq(heldPhoneRewards.companyId, phoneInvites.companyId),
    eq(heldPhoneRewards.phoneNumber, phoneInvites.phoneNumber),
    isNull(heldPhoneRewards.landedAt),
    gt(heldPhoneRewards.claimUntil, now),
  );
  const [invite] = await db
    .select({
      shopName: companies.name,
      phoneNumber: phoneInvites.phoneNumber,
      stamps: sql<number>`coalesce(${sum(heldPhoneRewards.stamps)}, 0)::int`,
      points: sql<number>`coalesce(${sum(heldPhoneRewards.points)}, 0)::int`,
      claimUntil: min(heldPhoneRewards.claimUntil),
    })
    .from(phoneInvites)
    .innerJoin(companies, and(eq(companies.id, phoneInvites.companyId), isNull(companies.deletedAt)))
    .leftJoin(heldPhoneRewards, waiting)
    .where(eq(phoneInvites.tokenHash, inviteTokenHash(token)))
    .groupBy(companies.name, phoneInvites.phoneNumber);
  if (!invite) throw notFound("We couldn't find this invite. Check the link in your SMS.");
  return {
    shopName: invite.shopName,
    maskedPhone: maskPhone(invite.phoneNumber),
    stamps: invite.stamps,
    points: invite.points,
    claimUntil: invite.claimUntil ? new Date(invite.claimUntil).toISOString() : null,
  };
}
