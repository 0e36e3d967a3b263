import { and, eq, lt, sql } from "drizzle-orm";
import { startOfAccraDay } from "../../../shared/accra-time";
import { brand } from "../../../shared/brand";
import type {
  PhoneCheckinRequest,
  PhoneCheckinResult,
  PhoneCheckinSent,
} from "../../../shared/contracts/counter";
import type { Language } from "../../../shared/i18n/languages";
import type { PlanId } from "../../../shared/plans";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { heldPhoneRewards, type PhoneCheckin, phoneCheckins, phoneInvites } from "../../db/schema/counter";
import { queueSms } from "../../integrations/message-queue/message-queue";
import type { ClientSignals } from "../../lib/client-signals";
import { retryOnTransientConflict } from "../../lib/db-errors";
import { AppError } from "../../lib/errors";
import { smsText } from "../../lib/i18n";
import { assertSameRequest, requestHash } from "../../lib/request-hash";
import { hashesMatch, keyedHash, newSixDigitCode } from "../../lib/secrets";
import type { CounterActorRecord } from "../companies";
import { recordFraudSignal } from "../fraud";
import { findActiveProgram } from "../loyalty";
import { allocationThisMonth, dailyPointsLimit } from "../points";
import { consumeRateLimit } from "../rate-limit";
import { countCounterText } from "./counter-texts.service";
import { landHeldRewards } from "./held-rewards.service";
import { stampMember } from "./member-code-scan";
import { newInviteToken } from "./phone-invite-token";
import { memberOfVerifiedPhone, verifiedOwnerOf } from "./phone-member";
import { grantMemberPoints } from "./point-grant.service";
import { once, runLogged, type Said, type ScanContext, saying } from "./scan-log";

/*
 * The counter by phone number (docs/product-rules.md#counter-phone-check-ins): staff send a customer
 * without the app an SMS code, the customer reads it back, and the stamp or points go to the member who
 * verified that number, or are held for the number.
 */

/** A code lives 5 minutes; 5 wrong codes close the check-in. */
export const checkinLifetimeMs = 5 * 60 * 1000;
export const maxWrongCodes = 5;
/** At most 3 codes to one number from one shop in an hour (counted per shop, so no stranger locks a number out elsewhere). */
const codesPerNumberPerShop = { action: "counter_phone_code", limit: 3, windowSeconds: 60 * 60 };
/** A number asked for codes at this many shops in a day is flagged. */
const manyShopsPerDay = 3;
/** A staff member (or owner) sending this many codes in an hour is flagged. */
const manyCodesPerHour = 20;

/** "+233 24 *** **33": enough for staff to see they typed the right number, not enough to read it off. */
export function maskPhone(phoneNumber: string): string {
  return `${phoneNumber.slice(0, 4)} ${phoneNumber.slice(4, 6)} *** **${phoneNumber.slice(-2)}`;
}

function codeHash(deps: AppDeps, companyId: number, idempotencyKey: string, code: string): string {
  return keyedHash(deps.config.sessionSecret, "phone-checkin", String(companyId), idempotencyKey, code);
}

function sentAnswer(checkin: PhoneCheckin): PhoneCheckinSent {
  return {
    id: checkin.id,
    status: "code_sent",
    expiresAt: checkin.expiresAt.toISOString(),
    maskedPhone: maskPhone(checkin.phoneNumber),
    action: checkin.action as PhoneCheckinSent["action"],
  };
}

/** The answer for a resent request: the check-in its key made, if it asked the same. */
function sentAgain(earlier: PhoneCheckin, asked: string): PhoneCheckinSent {
  assertSameRequest(earlier.requestHash, asked);
  return sentAnswer(earlier);
}

async function findByKey(db: Executor, companyId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(phoneCheckins)
    .where(and(eq(phoneCheckins.companyId, companyId), eq(phoneCheckins.idempotencyKey, idempotencyKey)));
  return row;
}

/**
 * Sends a customer a code for a stamp or points. A resend with the same idempotency key gets the same
 * answer and sends nothing; the same key with another request is refused
 * (docs/product-rules.md#conventions-idempotency-keys).
 */
export async function startPhoneCheckin(
  deps: AppDeps,
  actor: CounterActorRecord,
  input: PhoneCheckinRequest,
  client: ClientSignals,
  language: Language,
): Promise<PhoneCheckinSent> {
  const asked = requestHash(input);
  const earlier = await findByKey(deps.db, actor.companyId, input.idempotencyKey);
  if (earlier) return sentAgain(earlier, asked);
  if (input.action === "stamp") await refuseStampEarly(deps.db, actor.companyId, input.purchaseAmount);
  const now = deps.now();
  const code = newSixDigitCode();
  // The check-in, its SMS and the counts of texts commit together: a code is never sent for a check-in
  // that isn't kept, and a refused one (past a cap) changes nothing.
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(phoneCheckins)
      .values({
        companyId: actor.companyId,
        staffId: actor.staffId,
        branchId: actor.branchId,
        phoneNumber: input.phoneNumber,
        action: input.action,
        purchasePesewas: input.purchaseAmount === undefined ? null : Math.round(input.purchaseAmount * 100),
        points: input.action === "points" ? (input.points ?? null) : null,
        codeHash: codeHash(deps, actor.companyId, input.idempotencyKey, code),
        expiresAt: new Date(now.getTime() + checkinLifetimeMs),
        idempotencyKey: input.idempotencyKey,
        requestHash: asked,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [phoneCheckins.companyId, phoneCheckins.idempotencyKey] })
      .returning();
    if (!row) return row;
    await refuseFourthCodeHere(tx, actor, input.phoneNumber, now);
    const pastCap = await countCounterText(tx, actor, input.phoneNumber, now);
    if (pastCap) throw pastCap;
    await queueSms(tx, {
      to: input.phoneNumber,
      text: codeText(language, actor.companyName, code, input),
      key: `phone-checkin:${row.id}`,
      // The customer stands at the counter waiting for it.
      waitedFor: true,
    });
    return row;
  });
  // Two copies of one request at once: the second answers with the first's check-in, and sends nothing.
  if (!created) return sentAgain((await findByKey(deps.db, actor.companyId, input.idempotencyKey))!, asked);
  await flagSuspiciousSends(deps, actor, created, client, now);
  return sentAnswer(created);
}

/** At most 3 codes to one number from one shop in an hour (counted in the check-in's transaction). */
async function refuseFourthCodeHere(tx: Executor, actor: CounterActorRecord, phoneNumber: string, now: Date) {
  await consumeRateLimit(
    tx,
    { identifier: `${actor.companyId}:${phoneNumber}`, identifierType: "phone" },
    codesPerNumberPerShop,
    now,
  ).catch((error) => {
    if (!(error instanceof AppError && error.code === "RATE_LIMITED")) throw error;
    throw new AppError(
      "RATE_LIMITED",
      "This number already got 3 codes from this shop in the last hour. Scan their app's QR, or try again later.",
      undefined,
      error.headers,
    );
  });
}

/** The code's SMS, in the language the counter works in (the customer is standing at it). */
function codeText(language: Language, shop: string, code: string, input: PhoneCheckinRequest): string {
  const points = input.action === "points" ? (input.points ?? 0) : 0;
  return smsText(language, "sms.counter_code", { shop, brand: brand.name, code, points: String(points) });
}

/** A stamp the confirm would refuse for the shop's program is refused before any SMS is sent. */
async function refuseStampEarly(db: Executor, companyId: number, purchaseAmount: number | undefined) {
  const program = await findActiveProgram(db, companyId);
  if (!program) throw new AppError("NO_PROGRAM", "This shop has no active loyalty program to stamp.");
  const purchase = purchaseAmount === undefined ? undefined : Math.round(purchaseAmount * 100);
  if (program.minimumSpendPesewas > 0 && (purchase ?? 0) < program.minimumSpendPesewas) {
    const minimum = `GH₵ ${(program.minimumSpendPesewas / 100).toFixed(2)}`;
    throw new AppError(
      "BELOW_MINIMUM",
      purchase === undefined
        ? {
            message: "Enter the purchase amount: a stamp needs a purchase of at least {minimum}.",
            values: { minimum },
          }
        : { message: "The purchase is below the {minimum} minimum for a stamp.", values: { minimum } },
    );
  }
}

/**
 * Flags a send that looks like abuse (docs/product-rules.md#counter-phone-check-ins): one number asked
 * for codes at many shops in a day, or one staff member sending many codes in an hour. The check-in is
 * marked, and the anti-cheat review gets one signal when a count reaches its threshold.
 */
async function flagSuspiciousSends(
  deps: AppDeps,
  actor: CounterActorRecord,
  checkin: PhoneCheckin,
  client: ClientSignals,
  now: Date,
) {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000).toISOString();
  const sender =
    actor.staffId === null
      ? sql`staff_id is null and company_id = ${actor.companyId}::integer`
      : sql`staff_id = ${actor.staffId}::integer`;
  const result = await deps.db.execute(sql`
    select
      (select count(distinct company_id) from ${phoneCheckins} where phone_number = ${checkin.phoneNumber}::text
        and created_at > ${dayAgo}::timestamptz)::int as shops,
      (select count(*) from ${phoneCheckins} where ${sender} and created_at > ${hourAgo}::timestamptz)::int as sent`);
  const [counts] = (result as unknown as { rows: { shops: number; sent: number }[] }).rows;
  const reasons = [
    ...(counts && counts.shops >= manyShopsPerDay ? ["one_number_many_shops"] : []),
    ...(counts && counts.sent >= manyCodesPerHour ? ["staff_many_codes"] : []),
  ];
  if (reasons.length === 0 || !counts) return;
  await deps.db
    .update(phoneCheckins)
    .set({ isSuspicious: true, suspiciousReasons: reasons })
    .where(eq(phoneCheckins.id, checkin.id));
  const details = { companyId: actor.companyId, staffId: actor.staffId, checkinId: checkin.id };
  if (counts.shops === manyShopsPerDay) {
    await recordFraudSignal(
      deps.db,
      {
        userId: await verifiedOwnerOf(deps.db, checkin.phoneNumber),
        adId: null,
        eventType: "phone_checkin_many_shops",
        riskScore: 40,
        details: { ...details, shops: counts.shops, maskedPhone: maskPhone(checkin.phoneNumber) },
      },
      client,
      now,
    );
  }
  if (counts.sent === manyCodesPerHour) {
    await recordFraudSignal(
      deps.db,
      {
        userId: null,
        adId: null,
        eventType: "phone_checkin_staff_burst",
        riskScore: 40,
        details: { ...details, codesInAnHour: counts.sent },
      },
      client,
      now,
    );
  }
}

async function findCheckin(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(phoneCheckins)
    .where(and(eq(phoneCheckins.id, id), eq(phoneCheckins.companyId, companyId)));
  if (!row) throw new AppError("NOT_FOUND", "This phone check-in isn't one of this shop's.");
  return row;
}

const closedMessage = "This check-in is closed after 5 wrong codes. Send the customer a new code.";
const expiredMessage = "This code has expired (codes last 5 minutes). Send the customer a new code.";

/**
 * Confirms a check-in with the code the customer read out. A confirmed check-in answers the same again
 * for its code; a wrong code is counted, and the 5th closes the check-in.
 */
export async function confirmPhoneCheckin(
  deps: AppDeps,
  actor: CounterActorRecord,
  id: number,
  code: string,
  client: ClientSignals,
  language: Language,
): Promise<Said<PhoneCheckinResult>> {
  const checkin = await findCheckin(deps.db, actor.companyId, id);
  const now = deps.now();
  const rightCode = hashesMatch(
    codeHash(deps, checkin.companyId, checkin.idempotencyKey, code),
    checkin.codeHash,
  );
  if (checkin.answer) {
    if (!rightCode) throw new AppError("ALREADY_USED", "This check-in is already confirmed.");
    return replayed(checkin.answer);
  }
  if (checkin.wrongAttempts >= maxWrongCodes) throw new AppError("EXPIRED_CODE", closedMessage);
  if (checkin.expiresAt <= now) throw new AppError("EXPIRED_CODE", expiredMessage);
  if (!rightCode) throw await wrongCode(deps.db, checkin.id);
  const owner = await verifiedOwnerOf(deps.db, checkin.phoneNumber);
  if (owner === null) {
    const held = await holdForNumber(deps, actor, checkin, now, language);
    if (held.alreadyApplied) return held;
    // A member who verified the number while this was being held collects it at once.
    const verifiedMeanwhile = await verifiedOwnerOf(deps.db, checkin.phoneNumber);
    if (verifiedMeanwhile !== null) await landHeldRewards(deps, verifiedMeanwhile, checkin.phoneNumber);
    return held;
  }
  return confirmForMember(deps, actor, checkin, client);
}

function replayed(answer: Record<string, unknown>): Said<PhoneCheckinResult> {
  return { ...(answer as Said<PhoneCheckinResult>), alreadyApplied: true };
}

/** Counts a wrong code in one conditional update, so parallel guesses are each counted and stop at 5. */
async function wrongCode(db: Executor, id: number): Promise<AppError> {
  const [counted] = await db
    .update(phoneCheckins)
    .set({ wrongAttempts: sql`${phoneCheckins.wrongAttempts} + 1` })
    .where(
      and(
        eq(phoneCheckins.id, id),
        eq(phoneCheckins.status, "code_sent"),
        lt(phoneCheckins.wrongAttempts, maxWrongCodes),
      ),
    )
    .returning({ wrongAttempts: phoneCheckins.wrongAttempts });
  const left = counted ? maxWrongCodes - counted.wrongAttempts : 0;
  if (left === 0) {
    return new AppError(
      "BAD_REQUEST",
      "Wrong code. That was the 5th wrong code, so this check-in is closed. Send the customer a new code.",
      { code: "Wrong code" },
    );
  }
  return new AppError(
    "BAD_REQUEST",
    {
      message: "Wrong code. {left, plural, one {# try} other {# tries}} left.",
      values: { left },
    },
    { code: "Wrong code" },
  );
}

/**
 * The stamp or points for the member who verified the number, with every rule of a QR scan, logged in
 * the counter's scan log under the check-in's own key (so parallel confirms apply it once).
 */
async function confirmForMember(
  deps: AppDeps,
  actor: CounterActorRecord,
  checkin: PhoneCheckin,
  client: ClientSignals,
): Promise<Said<PhoneCheckinResult>> {
  const action = checkin.action === "points" ? "points" : "stamp";
  return once(deps, actor, { idempotencyKey: `phone-checkin-${checkin.id}` }, client, (context) =>
    runLogged(context, action, async (tx, log) => {
      await claimCheckin(tx, checkin.id, "confirmed", context.now);
      const member = await memberOfVerifiedPhone(
        tx,
        checkin.phoneNumber,
        actor.companyId,
        context.scannedAt,
        action === "stamp",
      );
      if (!member) throw new AppError("UNKNOWN_CODE", "No member has verified this number any more.");
      log.userId = member.summary.id;
      const answer =
        action === "stamp"
          ? await stampByPhone(tx, context, checkin, member)
          : await pointsByPhone(tx, context, checkin, member, log);
      await tx
        .update(phoneCheckins)
        .set({ answer, userId: member.summary.id })
        .where(eq(phoneCheckins.id, checkin.id));
      return answer;
    }),
  );
}

/**
 * Takes the check-in for its confirm in one conditional update: the first confirm wins, a parallel one
 * waits for it and then finds it taken (and answers with the winner's result).
 */
export async function claimCheckin(tx: Executor, id: number, status: "confirmed" | "held", now: Date) {
  const [claimed] = await tx
    .update(phoneCheckins)
    .set({ status, confirmedAt: now })
    .where(
      and(
        eq(phoneCheckins.id, id),
        eq(phoneCheckins.status, "code_sent"),
        lt(phoneCheckins.wrongAttempts, maxWrongCodes),
        sql`${phoneCheckins.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: phoneCheckins.id });
  if (!claimed) throw new AppError("ALREADY_USED", "This check-in was already confirmed.");
}

type Member = NonNullable<Awaited<ReturnType<typeof memberOfVerifiedPhone>>>;

const notHeld = {
  held: false,
  points: null,
  pointsToday: null,
  memberPointsToday: null,
  allocationRemaining: null,
  drawEntryEarned: false,
  claimUntil: null,
} as const;

async function stampByPhone(
  tx: Executor,
  context: ScanContext,
  checkin: PhoneCheckin,
  member: Member,
): Promise<Said<PhoneCheckinResult>> {
  const base = {
    ok: true as const,
    action: "stamp" as const,
    alreadyApplied: false,
    member: { displayName: member.summary.displayName, tier: member.summary.tier },
    reward: null,
    pointsToday: member.pointsToday,
    scannedAt: context.scannedAt.toISOString(),
  };
  const purchase = checkin.purchasePesewas === null ? undefined : checkin.purchasePesewas / 100;
  const presented = { qrCodeData: `phone-checkin:${checkin.id}`, method: "phone" } as const;
  const stamped = await stampMember(tx, context, member, purchase, presented, base);
  return {
    ...notHeld,
    ok: true,
    action: "stamp",
    alreadyApplied: false,
    message: stamped.message,
    said: stamped.said,
    member: stamped.member,
    card: stamped.card,
    pointsToday: stamped.pointsToday,
  };
}

async function pointsByPhone(
  tx: Executor,
  context: ScanContext,
  checkin: PhoneCheckin,
  member: Member,
  log: { points: number | null },
): Promise<Said<PhoneCheckinResult>> {
  const points = checkin.points ?? 0;
  log.points = points;
  const purchaseAmount = checkin.purchasePesewas === null ? undefined : checkin.purchasePesewas / 100;
  const granted = await grantMemberPoints(tx, context, member.summary, {
    points,
    purchaseAmount,
    transactionNote: "Phone check-in",
    merchantStaff: undefined,
  });
  return {
    ...notHeld,
    ok: true,
    action: "points",
    alreadyApplied: false,
    message: granted.message,
    said: granted.said,
    member: granted.member,
    card: null,
    points,
    pointsToday: granted.memberPointsToday,
    memberPointsToday: granted.memberPointsToday,
    allocationRemaining: granted.allocationRemaining,
    drawEntryEarned: granted.drawEntryEarned,
  };
}

/** How long a stamp or points wait for the number to be verified. */
export const holdDays = 30;

/**
 * Holds the stamp or points for a number no member has verified, within the counter's limits for that
 * number at this shop (one held stamp and at most the daily points limit a day, and points only from an
 * allocation that has them), and invites the number once per shop
 * (docs/product-rules.md#counter-phone-invite-once).
 */
async function holdForNumber(
  deps: AppDeps,
  actor: CounterActorRecord,
  checkin: PhoneCheckin,
  now: Date,
  language: Language,
): Promise<Said<PhoneCheckinResult>> {
  const outcome = await retryOnTransientConflict(() =>
    deps.db.transaction(async (tx) => {
      // One number's holds at one shop are decided one at a time, so the day's limits hold under parallel confirms.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`phone_hold:${checkin.companyId}:${checkin.phoneNumber}`}))`,
      );
      const taken = await tx
        .update(phoneCheckins)
        .set({ status: "held", confirmedAt: now })
        .where(
          and(
            eq(phoneCheckins.id, checkin.id),
            eq(phoneCheckins.status, "code_sent"),
            lt(phoneCheckins.wrongAttempts, maxWrongCodes),
            sql`${phoneCheckins.expiresAt} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: phoneCheckins.id });
      if (taken.length === 0) return undefined;
      await refuseBeyondHoldLimits(tx, actor, checkin, now);
      const claimUntil = new Date(now.getTime() + holdDays * 24 * 60 * 60 * 1000);
      await tx.insert(heldPhoneRewards).values({
        checkinId: checkin.id,
        companyId: checkin.companyId,
        staffId: checkin.staffId,
        phoneNumber: checkin.phoneNumber,
        stamps: checkin.action === "stamp" ? 1 : 0,
        points: checkin.action === "points" ? (checkin.points ?? 0) : 0,
        purchasePesewas: checkin.purchasePesewas,
        heldAt: now,
        claimUntil,
      });
      const invite = newInviteToken();
      const invited = await tx
        .insert(phoneInvites)
        .values({
          companyId: checkin.companyId,
          phoneNumber: checkin.phoneNumber,
          checkinId: checkin.id,
          sentAt: now,
          tokenHash: invite.tokenHash,
        })
        .onConflictDoNothing()
        .returning({ companyId: phoneInvites.companyId });
      const inviting = invited.length > 0 && (await inviteWithinCaps(tx, actor, checkin, now));
      if (inviting)
        await queueSms(tx, {
          to: checkin.phoneNumber,
          text: inviteText(deps, language, actor, checkin, invite.token),
          key: `phone-invite:${checkin.companyId}:${checkin.phoneNumber}`,
          waitedFor: false,
        });
      const answer = heldAnswer(checkin, claimUntil);
      await tx
        .update(phoneCheckins)
        .set({ answer, smsSent: inviting ? 2 : 1 })
        .where(eq(phoneCheckins.id, checkin.id));
      return { answer };
    }),
  );
  if (!outcome) {
    // A parallel confirm took it first: its answer, or why it can't be confirmed any more.
    const now2 = await findCheckin(deps.db, actor.companyId, checkin.id);
    if (now2.answer) return replayed(now2.answer);
    throw new AppError("EXPIRED_CODE", now2.wrongAttempts >= maxWrongCodes ? closedMessage : expiredMessage);
  }
  return outcome.answer;
}

/**
 * The invite is a text like the code, under the same caps. Past one, the hold still stands and the
 * invite waits for the number's next hold at this shop (its invite row is taken back).
 */
async function inviteWithinCaps(tx: Executor, actor: CounterActorRecord, checkin: PhoneCheckin, now: Date) {
  if ((await countCounterText(tx, actor, checkin.phoneNumber, now)) === null) return true;
  await tx
    .delete(phoneInvites)
    .where(
      and(eq(phoneInvites.companyId, checkin.companyId), eq(phoneInvites.phoneNumber, checkin.phoneNumber)),
    );
  return false;
}

async function refuseBeyondHoldLimits(
  tx: Executor,
  actor: CounterActorRecord,
  checkin: PhoneCheckin,
  now: Date,
) {
  const today = startOfAccraDay(now).toISOString();
  const result = await tx.execute(sql`
    select count(*) filter (where stamps > 0)::int as stamps, coalesce(sum(points), 0)::int as points
    from ${heldPhoneRewards}
    where company_id = ${checkin.companyId}::integer and phone_number = ${checkin.phoneNumber}::text
      and held_at >= ${today}::timestamptz`);
  const [heldToday] = (result as unknown as { rows: { stamps: number; points: number }[] }).rows;
  if (checkin.action === "stamp") {
    if ((heldToday?.stamps ?? 0) > 0) {
      throw new AppError(
        "DAILY_LIMIT",
        "This number already has today's stamp held here. Come back tomorrow!",
      );
    }
    await refuseStampEarly(
      tx,
      checkin.companyId,
      checkin.purchasePesewas === null ? undefined : checkin.purchasePesewas / 100,
    );
    return;
  }
  const points = checkin.points ?? 0;
  const limit = await dailyPointsLimit(tx);
  if ((heldToday?.points ?? 0) + points > limit) {
    throw new AppError("POINTS_LIMIT", {
      message: "At most {limit} points a day can be held for one number here.",
      values: { limit },
    });
  }
  const allocation = await allocationThisMonth(tx, actor.companyId, actor.plan as PlanId, now);
  if (allocation.remaining < points) {
    throw new AppError("ALLOCATION_USED", {
      message: "This month's points allocation has {remaining} points left.",
      values: { remaining: allocation.remaining },
    });
  }
}

function heldAnswer(checkin: PhoneCheckin, claimUntil: Date): Said<PhoneCheckinResult> {
  const phone = maskPhone(checkin.phoneNumber);
  const answer = {
    ...notHeld,
    ok: true as const,
    held: true,
    action: checkin.action === "points" ? ("points" as const) : ("stamp" as const),
    alreadyApplied: false,
    member: null,
    card: null,
    points: checkin.action === "points" ? checkin.points : null,
    claimUntil: claimUntil.toISOString(),
  };
  return checkin.action === "points"
    ? saying(
        answer,
        "{points} points are held for {phone} for 30 days: they land when the customer joins Anigye and verifies this number.",
        { points: checkin.points ?? 0, phone },
      )
    : saying(
        answer,
        "A stamp is held for {phone} for 30 days: it lands when the customer joins Anigye and verifies this number.",
        { phone },
      );
}

function inviteText(
  deps: AppDeps,
  language: Language,
  actor: CounterActorRecord,
  checkin: PhoneCheckin,
  inviteToken: string,
): string {
  // The number fills in the form; the token lets the page say what is held (phone-invite.read-model.ts).
  const link = `${deps.config.appUrl}/register?phone=${encodeURIComponent(checkin.phoneNumber)}&invite=${inviteToken}`;
  const points = checkin.action === "points" ? (checkin.points ?? 0) : 0;
  return smsText(language, "sms.counter_invite", {
    shop: actor.companyName,
    brand: brand.name,
    points: String(points),
    link,
  });
}
