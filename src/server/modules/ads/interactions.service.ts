import { and, count, eq, gt, gte, sql } from "drizzle-orm";
import { startOfAccraDay } from "../../../shared/accra-time";
import type { InteractionRequest, LikeState } from "../../../shared/contracts/interactions";
import type { Executor } from "../../db/client";
import { adInteractions, adLikes, ads } from "../../db/schema/ads";
import { AppError } from "../../lib/errors";
import type { User } from "../auth";
import { recordMapVisit } from "./ad-counters.service";
import { findShownAd } from "./discovery.read-model";

async function assertVisible(db: Executor, user: User, adId: number, now: Date) {
  if (!(await findShownAd(db, user, adId, now))) throw new AppError("NOT_FOUND", "This ad is not available");
}

async function likeCountOf(db: Executor, adId: number): Promise<number> {
  const [row] = await db.select({ likeCount: ads.likeCount }).from(ads).where(eq(ads.id, adId));
  return row?.likeCount ?? 0;
}

/** Likes an ad once: a second like (a double tap, two tabs) changes nothing. */
export async function likeAd(db: Executor, user: User, adId: number, now: Date): Promise<LikeState> {
  await assertVisible(db, user, adId, now);
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(adLikes)
      .values({ userId: user.id, adId, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: adLikes.id });
    if (inserted) {
      await tx
        .update(ads)
        .set({ likeCount: sql`${ads.likeCount} + 1` })
        .where(eq(ads.id, adId));
      await tx
        .insert(adInteractions)
        .values({ userId: user.id, adId, interactionType: "like", timestamp: now });
    }
    return { liked: true, likeCount: await likeCountOf(tx, adId) };
  });
}

/** Takes a like back, once; the total never goes below zero. A hidden ad's total is not told. */
export async function unlikeAd(db: Executor, user: User, adId: number, now: Date): Promise<LikeState> {
  await assertVisible(db, user, adId, now);
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(adLikes)
      .where(and(eq(adLikes.userId, user.id), eq(adLikes.adId, adId)))
      .returning({ id: adLikes.id });
    if (removed) {
      await tx
        .update(ads)
        .set({ likeCount: sql`${ads.likeCount} - 1` })
        .where(and(eq(ads.id, adId), gt(ads.likeCount, 0)));
      await tx
        .insert(adInteractions)
        .values({ userId: user.id, adId, interactionType: "unlike", timestamp: now });
    }
    return { liked: false, likeCount: await likeCountOf(tx, adId) };
  });
}

/** How many of each event one member may add to an ad's numbers in an Accra day. */
const dailyCaps = { share: 5, click: 1 } as const;

/**
 * Records a share or a map-link visit. A member's shares count up to 5 an ad a day (sharing with a few
 * friends counts; a script doesn't), a map visit once an ad a day, so tapping again doesn't inflate the
 * business's numbers. The advisory lock makes taps at the same moment count once.
 */
export async function recordInteraction(
  db: Executor,
  user: User,
  adId: number,
  interaction: InteractionRequest,
  now: Date,
): Promise<void> {
  await assertVisible(db, user, adId, now);
  const type = interaction.type === "share" ? "share" : "click";
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ad_${type}:${user.id}:${adId}`}))`);
    const [today] = await tx
      .select({ events: count() })
      .from(adInteractions)
      .where(
        and(
          eq(adInteractions.userId, user.id),
          eq(adInteractions.adId, adId),
          eq(adInteractions.interactionType, type),
          gte(adInteractions.timestamp, startOfAccraDay(now)),
        ),
      );
    if ((today?.events ?? 0) >= dailyCaps[type]) return;
    await tx.insert(adInteractions).values({
      userId: user.id,
      adId,
      interactionType: type,
      timestamp: now,
      metadata: interaction.type === "share" ? { channel: interaction.channel } : { target: "map" },
    });
    if (type === "click") await recordMapVisit(tx, adId, now);
  });
}
