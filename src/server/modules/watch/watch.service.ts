import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { EarnedReward, ProgressResponse, WatchSession } from "../../../shared/contracts/watch";
import type { FraudSignalType } from "../../../shared/fraud-signals";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { preparedQuery } from "../../db/prepared";
import { watchProgress } from "../../db/schema/watch";
import { retryOnTransientConflict } from "../../lib/db-errors";
import { AppError } from "../../lib/errors";
import { type Ad, findShownAd, recordCompletion, recordUnlock, recordView } from "../ads";
import { countRewardedView, lockMemberInGoodStanding, type User } from "../auth";
import { type ClientSignals, fraudFlagsViewSql, recordFraudSignal } from "../fraud";
import { memberStanding } from "../ledger";
import { chargeCompletedView } from "../money";
import { notifyMember } from "../notifications";
import { completeReferral } from "../referrals";
import { issueReward, rewardIssuedBy } from "../rewards";
import { lockMemberEarning, recordDiscovery } from "./discoveries.service";
import { flagSharedDevice } from "./shared-device.service";
import { moveInBatch, rememberRequiredSeconds } from "./watch-report-batch";
import { requiredSecondsFor, sessionGraceSeconds, toleranceRatio, toleranceSeconds } from "./watch-rules";
import { findViewWithAd, type MovedView } from "./watch-view.read-model";

export type { ClientSignals } from "../fraud";

type WatchRow = typeof watchProgress.$inferSelect;

function sessionOf(
  row: Pick<WatchRow, "id" | "watchedSeconds" | "completed">,
  ad: Pick<Ad, "id" | "durationSeconds" | "minWatchPercent">,
): WatchSession {
  return {
    sessionId: row.id,
    adId: ad.id,
    durationSeconds: ad.durationSeconds,
    minWatchPercent: ad.minWatchPercent,
    requiredSeconds: requiredSecondsFor(ad),
    watchedSeconds: row.watchedSeconds,
    completed: row.completed,
  };
}

/** Starts a timed view of an ad the member may see, and counts the view. */
export async function startWatch(
  deps: AppDeps,
  user: User,
  adId: number,
  signals: ClientSignals,
): Promise<WatchSession> {
  const now = deps.now();
  const ad = await findShownAd(deps.db, user, adId, now);
  if (!ad) throw new AppError("NOT_FOUND", "This ad is not available");
  const [row] = await retryOnTransientConflict(() => openView(deps, user, ad, signals, now));
  await flagSharedDevice(deps, user, signals, now);
  rememberRequiredSeconds(deps.db, row!.id, requiredSecondsFor(ad));
  return sessionOf(row!, ad);
}

/** Counts the view and opens it (closing the member's other open view) in one transaction. */
function openView(deps: AppDeps, user: User, ad: Ad, signals: ClientSignals, now: Date) {
  return deps.db.transaction(async (tx) => {
    // One open view per member: opening this one ends any other, so ads can't be watched in parallel.
    // The member's lock makes views opened at the same moment take turns, so exactly one stays open.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`watch_start:${user.id}`}))`);
    await tx
      .update(watchProgress)
      .set({ closedAt: now })
      .where(
        and(
          eq(watchProgress.userId, user.id),
          isNull(watchProgress.closedAt),
          eq(watchProgress.completed, false),
        ),
      );
    await recordView(tx, ad.id, now);
    return tx
      .insert(watchProgress)
      .values({
        userId: user.id,
        adId: ad.id,
        startedAt: now,
        lastProgressAt: now,
        ip: signals.ipAddress,
        userAgent: signals.userAgent?.slice(0, 300),
        deviceFingerprint: signals.deviceFingerprint?.slice(0, 200),
      })
      .returning();
  });
}

/** Cheating attempts on a view are logged for the anti-cheat review. */
function flagView(
  deps: AppDeps,
  eventType: FraudSignalType,
  user: User,
  adId: number,
  signals: ClientSignals,
  details: Record<string, unknown>,
) {
  const riskScore = eventType === "foreign_watch_session" ? 80 : 60;
  return recordFraudSignal(
    deps.db,
    { userId: user.id, adId, eventType, riskScore, details },
    signals,
    deps.now(),
  );
}

/**
 * Accepts a progress report only as fast as real time allows since the last accepted one. Faster,
 * backwards (replayed) or foreign reports are refused, not counted, and logged as fraud signals. When the
 * verified watch reaches the ad's minimum, the reward is issued in the same transaction that completes it.
 */
export async function reportProgress(
  deps: AppDeps,
  user: User,
  sessionId: number,
  watchedSeconds: number,
  signals: ClientSignals,
): Promise<ProgressResponse> {
  const now = deps.now();
  const report = { viewId: sessionId, userId: user.id, watchedSeconds, at: now, member: user };
  const moved = await moveInBatch(deps.db, report);
  if (moved) return movedOnly(user, moved);
  const found = await findViewWithAd(deps.db, user, sessionId, now);
  if (!found) throw new AppError("NOT_FOUND", "This viewing session does not exist");
  const { row, ad, adStillShown } = found;
  if (row.userId === user.id) rememberRequiredSeconds(deps.db, row.id, requiredSecondsFor(ad));
  if (row.userId !== user.id) {
    await flagView(deps, "foreign_watch_session", user, ad.id, signals, {
      sessionId,
      ownerId: row.userId,
    });
    throw new AppError("FORBIDDEN", "This viewing session belongs to another account");
  }
  if (row.completed) {
    // A retry after a lost answer gets the reward this view issued, so the reveal still shows.
    const reward = await rewardIssuedBy(deps.db, row);
    return withMember(deps, user, sessionOf(row, ad), reward, false);
  }
  assertStillCounting(row, ad, adStillShown, now);

  const claimed = Math.min(watchedSeconds, ad.durationSeconds);
  const sinceStart = (now.getTime() - row.startedAt.getTime()) / 1000;
  if (claimed < row.watchedSeconds) {
    await flagView(deps, "replayed_watch_progress", user, ad.id, signals, {
      sessionId,
      claimed,
      stored: row.watchedSeconds,
    });
    throw new AppError("CONFLICT", "This progress report is out of date");
  }
  if (claimed > sinceStart * toleranceRatio + toleranceSeconds) {
    await flagView(deps, "watch_faster_than_real_time", user, ad.id, signals, {
      sessionId,
      claimed,
      sinceStart,
    });
    throw new AppError("BAD_REQUEST", "Progress is ahead of real time; keep watching");
  }

  const reachesMinimum = claimed >= requiredSecondsFor(ad);
  if (!reachesMinimum) return recordProgressOnly(deps, user, row, ad, claimed, now);
  // The same member finishing two ads at once can meet in the database; the loser simply runs again.
  return retryOnTransientConflict(() => completeReport(deps, { user, row, ad, claimed, now }));
}

/** The answer to a report its batch moved: the view's seconds, and the member's balance as this request read it. */
function movedOnly(user: User, moved: MovedView): ProgressResponse {
  const view = { id: moved.id, watchedSeconds: moved.watchedSeconds, completed: false };
  const ad = {
    id: moved.adId,
    durationSeconds: moved.durationSeconds,
    minWatchPercent: moved.minWatchPercent,
  };
  return {
    ...sessionOf(view, ad),
    reward: null,
    xpPoints: user.xpPoints,
    tier: user.tier,
    tierChanged: false,
  };
}

/**
 * A report short of the minimum (most of them, every 2 s per viewer) moves the view's seconds and nothing
 * else: one conditional update, no transaction, and the member's balance as this request read it.
 */
async function recordProgressOnly(
  deps: AppDeps,
  user: User,
  row: WatchRow,
  ad: Ad,
  claimed: number,
  now: Date,
): Promise<ProgressResponse> {
  const change = progressChange(ad, claimed, false, now);
  const [updated] = await recordWatchedSeconds(deps.db).execute({
    id: row.id,
    stored: row.watchedSeconds,
    claimed: change.watchedSeconds,
    percent: change.progressPercent,
    now,
  });
  if (!updated) throw new AppError("CONFLICT", "This progress report is out of date");
  return {
    ...sessionOf({ ...row, ...updated }, ad),
    reward: null,
    xpPoints: user.xpPoints,
    tier: user.tier,
    tierChanged: false,
  };
}

// Prepared once: building this update with Drizzle cost more CPU than running it (a CPU profile of the load
// bench).
const recordWatchedSeconds = preparedQuery((db) =>
  db
    .update(watchProgress)
    .set({
      watchedSeconds: sql`${sql.placeholder("claimed")}`,
      progressPercent: sql`${sql.placeholder("percent")}`,
      lastProgressAt: sql`${sql.placeholder("now")}`,
    })
    .where(
      and(
        eq(watchProgress.id, sql.placeholder("id")),
        eq(watchProgress.watchedSeconds, sql.placeholder("stored")),
        eq(watchProgress.completed, false),
      ),
    )
    .returning({ watchedSeconds: watchProgress.watchedSeconds, completed: watchProgress.completed })
    .prepare("record_watched_seconds"),
);

function progressChange(ad: Ad, claimed: number, reachesMinimum: boolean, now: Date) {
  return {
    watchedSeconds: claimed,
    progressPercent: Math.min(100, Math.floor((claimed / ad.durationSeconds) * 100)),
    lastProgressAt: now,
    completed: reachesMinimum,
    completedAt: reachesMinimum ? now : null,
  };
}

/** The stored seconds in the condition make two reports at once count only once. */
function staleReportGuard(row: WatchRow) {
  return and(
    eq(watchProgress.id, row.id),
    eq(watchProgress.watchedSeconds, row.watchedSeconds),
    eq(watchProgress.completed, false),
  );
}

/**
 * The completing report: the view, its reward, the ad's counters and its campaign's charge in one
 * transaction. A reward refused on the way (an empty pool, a reached cap) undoes the whole transaction,
 * which then runs again without earning, so the completed watch still counts and the member is told
 * plainly. Refusals are rare; a savepoint around the earning would cost every completion two round trips.
 */
async function completeReport(deps: AppDeps, view: CompletingView): Promise<ProgressResponse> {
  const earning = { refusal: null as AppError | null };
  try {
    return await completeView(deps, view, earning);
  } catch (error) {
    if (!earning.refusal || error !== earning.refusal) throw error;
  }
  await completeView(deps, view, earning);
  throw earning.refusal;
}

/** The view a report completes, as the report found it. */
interface CompletingView {
  user: User;
  row: WatchRow;
  ad: Ad;
  claimed: number;
  now: Date;
}

async function completeView(
  deps: AppDeps,
  { user, row, ad, claimed, now }: CompletingView,
  earning: { refusal: AppError | null },
): Promise<ProgressResponse> {
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(watchProgress)
      .set(progressChange(ad, claimed, true, now))
      .where(staleReportGuard(row))
      .returning();
    if (!updated) throw new AppError("CONFLICT", "This progress report is out of date");
    const tierBefore = user.tier;
    await lockMemberEarning(tx, user.id);
    await lockMemberInGoodStanding(tx, user.id, "Your account is suspended, so watching earns nothing.");
    const reward = earning.refusal ? null : await earnRefusingOnce(tx, user.id, ad, row, now, earning);
    await recordCompletion(tx, ad.id, now);
    const member = await memberStanding(tx, user.id);
    // Last, so the campaign's row (every completion of its ad takes turns on it) is held only to the commit.
    if (reward) {
      await chargeCompletedView(tx, {
        adId: ad.id,
        watchId: row.id,
        userId: user.id,
        rewardId: reward.id,
        flagged: flaggedViewSql(user.id, row, now),
        now,
      });
    }
    return {
      ...sessionOf(updated, ad),
      reward,
      xpPoints: member.xpPoints,
      tier: member.tier,
      tierChanged: member.tier !== tierBefore,
    };
  });
}

/** The earning, its refusal (CONFLICT) kept so the completion runs again without it. */
async function earnRefusingOnce(
  tx: Executor,
  userId: number,
  ad: Ad,
  row: WatchRow,
  now: Date,
  earning: { refusal: AppError | null },
): Promise<EarnedReward | null> {
  try {
    return await earnFromWatch(tx, userId, ad, row.deviceFingerprint, now);
  } catch (error) {
    if (error instanceof AppError && error.code === "CONFLICT") earning.refusal = error;
    throw error;
  }
}

/**
 * Whether the anti-cheat rules flag a completed view, so its campaign doesn't charge for it
 * (docs/product-rules.md#invalid-views): the fraud module's flags, or another account that already
 * completed this ad on this device.
 */
function flaggedViewSql(userId: number, row: WatchRow, now: Date): SQL<boolean> {
  const fraudFlags = fraudFlagsViewSql({
    userId,
    adId: row.adId,
    deviceFingerprint: row.deviceFingerprint,
    startedAt: row.startedAt,
    now,
  });
  if (!row.deviceFingerprint) return fraudFlags;
  return sql<boolean>`(${fraudFlags} or exists (select 1 from ${watchProgress}
    where ${watchProgress.deviceFingerprint} = ${row.deviceFingerprint} and ${watchProgress.adId} = ${row.adId}
      and ${watchProgress.userId} <> ${userId} and ${watchProgress.completed}))`;
}

/**
 * What a verified watch earns: the reward (code, XP, badge or draw entry), the ad's unlock (refused at its
 * cap), the company discovered (perhaps a milestone badge), the member's view count and, on a referred
 * member's first earning watch, their inviter's referral XP (with a notice to the inviter).
 */
async function earnFromWatch(
  tx: Executor,
  userId: number,
  ad: Ad,
  fingerprint: string | null,
  now: Date,
): Promise<EarnedReward | null> {
  const reward = await issueReward(tx, userId, ad, now);
  if (!reward) return null;
  await recordUnlock(tx, ad.id, now);
  const milestones = await recordDiscovery(tx, userId, ad, now);
  await countRewardedView(tx, userId);
  const referralNotice = await completeReferral(tx, { userId, fingerprint }, now);
  if (referralNotice) await notifyMember(tx, referralNotice, now);
  return { ...reward, badges: [...reward.badges, ...milestones] };
}

/**
 * A view counts only while it is the member's open view, not too old, and its ad may still be shown to
 * them (not paused, expired, sold out or moved out of their tier since it started).
 */
function assertStillCounting(row: WatchRow, ad: Ad, adStillShown: boolean, now: Date) {
  if (row.closedAt) {
    throw new AppError(
      "SESSION_ENDED",
      "You opened another ad, so this view stopped counting. Start it again to keep watching.",
    );
  }
  const ageSeconds = (now.getTime() - row.startedAt.getTime()) / 1000;
  if (ageSeconds > ad.durationSeconds * 2 + sessionGraceSeconds) {
    throw new AppError("SESSION_ENDED", "This view was left open too long. Start it again to keep watching.");
  }
  if (!adStillShown) throw new AppError("SESSION_ENDED", "This ad is no longer available.");
}

async function withMember(
  deps: AppDeps,
  user: User,
  session: WatchSession,
  reward: ProgressResponse["reward"],
  tierChanged: boolean,
): Promise<ProgressResponse> {
  const member = await memberStanding(deps.db, user.id);
  return { ...session, reward, xpPoints: member.xpPoints, tier: member.tier, tierChanged };
}
