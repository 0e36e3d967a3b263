import { and, eq, lt, sql } from "drizzle-orm";
import type { PhoneCheckinResult } from "../../../shared/contracts/counter";
import type { Language } from "../../../shared/i18n/languages";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { type PhoneCheckin, phoneCheckins } from "../../db/schema/counter";
import type { ClientSignals } from "../../lib/client-signals";
import { AppError } from "../../lib/errors";
import { hashesMatch } from "../../lib/secrets";
import type { CounterActorRecord } from "../companies";
import { landHeldRewards } from "./held-rewards.service";
import { stampMember } from "./member-code-scan";
import { holdForNumber } from "./phone-checkin-hold.service";
import {
  closedMessage,
  codeHash,
  expiredMessage,
  findCheckin,
  maxWrongCodes,
  notHeld,
  replayed,
} from "./phone-checkin-rows";
import { memberOfVerifiedPhone, verifiedOwnerOf } from "./phone-member";
import { grantMemberPoints } from "./point-grant.service";
import { once, runLogged, type Said, type ScanContext } from "./scan-log";

/*
 * Confirming the code the customer reads back: the stamp or points go to the member who verified the
 * number (docs/product-rules.md#counter-phone-check-ins), or are held for it (phone-checkin-hold.service.ts).
 */

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
