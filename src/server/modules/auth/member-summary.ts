import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema/auth";

export interface MemberSummary {
  id: number;
  /** What staff may see at the counter: a first name, never the email or phone. */
  displayName: string;
  tier: string;
}

/** The little staff are shown about a member they scan. */
export async function findMemberSummary(db: Executor, userId: number): Promise<MemberSummary | undefined> {
  const [member] = await db
    .select({ id: users.id, displayName: users.displayName, username: users.username, tier: users.tier })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true), isNull(users.deletedAt)));
  if (!member) return undefined;
  const firstName = (member.displayName ?? member.username).trim().split(/\s+/)[0] ?? member.username;
  return { id: member.id, displayName: firstName, tier: member.tier };
}
