import { and, eq, sql } from "drizzle-orm";
import type { PhoneCheckinRequest, PhoneCheckinSent } from "../../../shared/contracts/counter";
import type { Language } from "../../../shared/i18n/languages";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { executeRows } from "../../db/prepared";
import { type PhoneCheckin, phoneCheckins } from "../../db/schema/counter";
import { queueSms } from "../../integrations/message-queue/message-queue";
import type { ClientSignals } from "../../lib/client-signals";
import { AppError } from "../../lib/errors";
import { assertSameRequest, requestHash } from "../../lib/request-hash";
import { newSixDigitCode } from "../../lib/secrets";
import type { CounterActorRecord } from "../companies";
import { recordFraudSignal } from "../fraud";
import { consumeRateLimit } from "../rate-limit";
import { countCounterText } from "./counter-texts.service";
import { checkinLifetimeMs, codeHash, maskPhone, refuseStampEarly } from "./phone-checkin-rows";
import { codeText } from "./phone-checkin-texts";
import { verifiedOwnerOf } from "./phone-member";

/*
 * The counter by phone number (docs/product-rules.md#counter-phone-check-ins), its first half: staff send
 * a customer without the app an SMS code, within the per-number and per-shop caps. The customer reads it
 * back (phone-checkin-confirm.service.ts), and the stamp or points go to the member who verified that
 * number, or are held for the number (phone-checkin-hold.service.ts).
 */

/** At most 3 codes to one number from one shop in an hour (counted per shop, so no stranger locks a number out elsewhere). */
const codesPerNumberPerShop = { action: "counter_phone_code", limit: 3, windowSeconds: 60 * 60 };
/** A number asked for codes at this many shops in a day is flagged. */
const manyShopsPerDay = 3;
/** A staff member (or owner) sending this many codes in an hour is flagged. */
const manyCodesPerHour = 20;

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
  const counting = sql`
    select
      (select count(distinct company_id) from ${phoneCheckins} where phone_number = ${checkin.phoneNumber}::text
        and created_at > ${dayAgo}::timestamptz)::int as shops,
      (select count(*) from ${phoneCheckins} where ${sender} and created_at > ${hourAgo}::timestamptz)::int as sent`;
  const [counts] = await executeRows<{ shops: number; sent: number }>(deps.db, counting);
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
