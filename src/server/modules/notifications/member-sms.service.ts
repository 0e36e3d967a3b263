import { and, eq } from "drizzle-orm";
import { accraDay } from "../../../shared/accra-time";
import { brand } from "../../../shared/brand";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { type MemberSmsKind, memberSms } from "../../db/schema/notifications";
import { queueSms } from "../../integrations/message-queue/message-queue";
import { uniqueViolationConstraint } from "../../lib/db-errors";
import { smsText } from "../../lib/i18n";
import { membersForWeeklySummary, queuedSmsWithMembers } from "./member-sms.read-model";

export interface MemberSmsRequest {
  userId: number;
  kind: MemberSmsKind;
  /** One text per event, e.g. `draw_won:monthly:12`. */
  dedupeKey: string;
  /** The values its message needs (`sms.<kind>` in `sms.<language>.json`), less brand and link. */
  values: Record<string, string | number>;
  /** The screen its link opens, e.g. `/rewards`. */
  path: string;
  /** No longer worth sending after this (the reward it is about expires). */
  expiresAt?: Date;
}

/** Accra is GMT all year: texts go out from 07:00 to 21:00 there, never at night. */
const daytime = { from: 7, to: 21 };
const sendBatch = 200;
const maxBatchesPerRun = 25;
type SendOutcome = "sent" | "skipped" | "waiting";
const weekMs = 7 * 24 * 3600 * 1000;

export function isSmsDaytime(now: Date): boolean {
  const hour = now.getUTCHours();
  return hour >= daytime.from && hour < daytime.to;
}

/**
 * Queues a text for a member, in the transaction of the event that causes it (a rolled-back event leaves
 * none); the same event queues once. Whether and when it goes out is the sender's job.
 */
export async function queueMemberSms(tx: Executor, request: MemberSmsRequest, now: Date): Promise<void> {
  await tx
    .insert(memberSms)
    .values({
      userId: request.userId,
      kind: request.kind,
      dedupeKey: request.dedupeKey,
      values: request.values,
      path: request.path,
      expiresAt: request.expiresAt,
      createdAt: now,
    })
    .onConflictDoNothing();
}

type Queued = Awaited<ReturnType<typeof queuedSmsWithMembers>>[number];

/** Why a queued text must not go out, or null when it may. Checked at send time: consent can change. */
function reasonNotToSend(row: Queued, now: Date): string | null {
  if (row.sms.expiresAt && row.sms.expiresAt <= now) return "out_of_date";
  if (!row.active) return "account_closed";
  if (!row.smsConsent) return "no_consent";
  if (!row.phone || !row.phoneVerified) return "no_verified_phone";
  return null;
}

async function settle(db: Executor, id: number, status: "skipped", reason: string) {
  await db.update(memberSms).set({ status, reason, sentOn: null }).where(eq(memberSms.id, id));
}

/**
 * Claims today's one text for the member: the unique (member, day) index refuses a second, so two
 * instances, or two texts in one run, can't both send. False when the member already had today's.
 * Runs in a savepoint of the caller's transaction, which the refusal leaves usable.
 */
async function claimTodaysText(tx: Executor, row: Queued, body: string, now: Date): Promise<boolean> {
  try {
    const claimed = await tx.transaction((savepoint) =>
      savepoint
        .update(memberSms)
        .set({ status: "sent", sentOn: accraDay(now), sentAt: now, body })
        .where(and(eq(memberSms.id, row.sms.id), eq(memberSms.status, "queued")))
        .returning({ id: memberSms.id }),
    );
    return claimed.length > 0;
  } catch (error) {
    if (uniqueViolationConstraint(error) === "member_sms_one_a_day") return false;
    throw error;
  }
}

/**
 * Sends what is queued, in Accra daytime only: at most one text a day per member (the most important
 * first; the rest wait for the next day), in the member's language, each row left as the log of what
 * happened. A text is marked sent in the transaction that hands it to the message queue, which sends it
 * once, retrying a failed send, and never outside these hours (docs/product-rules.md#notifications-retries).
 */
export async function sendQueuedMemberSms(deps: AppDeps, now: Date) {
  const result = { sent: 0, skipped: 0, waiting: 0 };
  if (!isSmsDaytime(now)) return result;
  for (let batch = 0; batch < maxBatchesPerRun; batch++) {
    const rows = await queuedSmsWithMembers(deps.db, accraDay(now), sendBatch);
    for (const row of rows) await sendOne(deps, row, now, result);
    if (rows.length < sendBatch) break;
  }
  return result;
}

async function sendOne(deps: AppDeps, row: Queued, now: Date, result: Record<SendOutcome, number>) {
  const reason = reasonNotToSend(row, now);
  if (reason) {
    await settle(deps.db, row.sms.id, "skipped", reason);
    result.skipped += 1;
    return;
  }
  const body = smsText(row.language ?? "en", `sms.${row.sms.kind}`, {
    ...row.sms.values,
    brand: brand.name,
    link: `${deps.config.appUrl}${row.sms.path}`,
  });
  const handedOver = await deps.db.transaction(async (tx) => {
    if (!(await claimTodaysText(tx, row, body, now))) return false;
    await queueSms(tx, {
      to: row.phone!,
      text: body,
      key: `member-sms:${row.sms.id}`,
      sendingHours: { fromHour: daytime.from, toHour: daytime.to },
      // An alert: codes and sign-in links someone is waiting for go before it.
      waitedFor: false,
    });
    return true;
  });
  result[handedOver ? "sent" : "waiting"] += 1;
}

/**
 * The weekly summary (at most one a week): "You have 2 rewards worth up to 15% off at …" for members who
 * agreed to SMS and haven't opened the app in 7 days. Queued here, sent by the sender in daytime.
 */
export async function queueWeeklySummaries(deps: AppDeps, weekKey: string, now: Date): Promise<number> {
  const quietSince = new Date(now.getTime() - weekMs);
  let queued = 0;
  let afterUserId = 0;
  for (;;) {
    const batch = await membersForWeeklySummary(deps.db, {
      now,
      quietSince,
      weekKey,
      afterUserId,
      limit: 500,
    });
    for (const member of batch) {
      await queueMemberSms(
        deps.db,
        {
          userId: member.userId,
          kind: "weekly_summary",
          dedupeKey: `weekly_summary:${member.userId}:${weekKey}`,
          values: { count: member.count, best: member.best ?? 0, places: member.places.join(", ") },
          path: "/rewards",
          expiresAt: new Date(now.getTime() + 2 * 24 * 3600 * 1000),
        },
        now,
      );
      queued += 1;
    }
    if (batch.length < 500) return queued;
    afterUserId = batch[batch.length - 1]!.userId;
  }
}
