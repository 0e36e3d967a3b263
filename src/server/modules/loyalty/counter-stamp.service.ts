import { eq, type SQL, sql } from "drizzle-orm";
import { accraDay } from "../../../shared/accra-time";
import { formatCedis } from "../../../shared/money";
import { type Executor, withinTransaction } from "../../db/client";
import { columnNames, executeNamed } from "../../db/prepared";
import {
  dailyScanLimits,
  loyaltyCards,
  loyaltyCheckIns,
  loyaltyCounters,
  loyaltyPrograms,
} from "../../db/schema/loyalty";
import { undoAndRetryWhen } from "../../lib/db-errors";
import { AppError } from "../../lib/errors";
import { signInAtCounterAgain } from "../companies";
import { addMonthlyDrawEntry } from "../draws";
import { memberStanding, memberSuspendedAtCounter, recordCompletedCycle, xpCreditCtes } from "../ledger";
import { reserveCashback } from "../money";
import { noticeInsertFromRow, queueMemberSms } from "../notifications";
import { numberSettingFrom, storedSettingSql } from "../settings";
import { memberCodeUseSql } from "./member-qr.service";
import type { CardState } from "./stamps.service";

/**
 * One stamp per member per shop per Accra day unless a shop allows more
 * (docs/product-rules.md#counter-daily-stamp-limit).
 */
export const defaultDailyScans = 1;

/**
 * The columns the stamp's statements name, by their schema names: each renders its bare name
 * (`"current_stamps"`), as an INSERT's column list and `set` need (see columnNames).
 */
const scanLimits = columnNames(dailyScanLimits);
const cards = columnNames(loyaltyCards);
const checkIns = columnNames(loyaltyCheckIns);
const counters = columnNames(loyaltyCounters);

/** What a stamp needs to know about the shop's program and the member's card, read with the member. */
export interface StampCardState {
  program: {
    id: number;
    programName: string;
    rewardTitle: string;
    requiredVisits: number;
    minimumSpendPesewas: number;
    validityDays: number;
    maxActiveCards: number;
    /** Cashback that comes with a completed card's reward; null for none. */
    rewardCashbackPesewas: number | null;
  } | null;
  card: { id: number; currentStamps: number; requiredStamps: number; expiresAt: Date | null } | null;
  /** A completed card's reward is waiting to be handed over. */
  unclaimed: boolean;
  /** The member already had the day's stamps here (the stamp's own statement re-checks it). */
  usedToday: boolean;
  xpPerStamp: number;
}

/**
 * The shop's active program, the member's live card and whether a reward waits, as one JSON value the
 * counter reads in the statement that finds the member (`userId` is an expression of that statement).
 */
export function stampCardStateSql(userId: SQL, companyId: number, scannedAt: Date): SQL {
  const activeProgram = sql`${loyaltyPrograms.companyId} = ${companyId} and ${loyaltyPrograms.isActive}`;
  return sql`json_build_object(
    'program', (select json_build_object('id', ${loyaltyPrograms.id}, 'programName', ${loyaltyPrograms.programName},
        'rewardTitle', ${loyaltyPrograms.rewardTitle}, 'requiredVisits', ${loyaltyPrograms.requiredVisits},
        'minimumSpendPesewas', ${loyaltyPrograms.minimumSpendPesewas}, 'validityDays', ${loyaltyPrograms.validityDays},
        'maxActiveCards', ${loyaltyPrograms.maxActiveCards}, 'rewardCashbackPesewas', ${loyaltyPrograms.rewardCashbackPesewas})
      from ${loyaltyPrograms} where ${activeProgram}),
    'card', (select json_build_object('id', ${loyaltyCards.id}, 'currentStamps', ${loyaltyCards.currentStamps},
        'requiredStamps', ${loyaltyCards.requiredStamps}, 'expiresAt', ${loyaltyCards.expiresAt})
      from ${loyaltyCards} join ${loyaltyPrograms} on ${loyaltyPrograms.id} = ${loyaltyCards.programId} and ${activeProgram}
      where ${loyaltyCards.userId} = ${userId} and ${loyaltyCards.isActive}),
    'unclaimed', exists (select 1 from ${loyaltyCards} where ${loyaltyCards.userId} = ${userId}
      and ${loyaltyCards.companyId} = ${companyId} and ${loyaltyCards.isCompleted} and not ${loyaltyCards.rewardClaimed}),
    'usedToday', exists (select 1 from ${dailyScanLimits} where ${dailyScanLimits.userId} = ${userId}
      and ${dailyScanLimits.companyId} = ${companyId} and ${dailyScanLimits.scanDate} = ${accraDay(scannedAt)}::date
      and ${dailyScanLimits.scanCount} >= ${dailyScanLimits.maxScansAllowed}),
    'xpPerStamp', ${storedSettingSql("xp_stamp")})`;
}

type StoredCardState = Omit<StampCardState, "card" | "xpPerStamp"> & {
  card: (Omit<NonNullable<StampCardState["card"]>, "expiresAt"> & { expiresAt: string | null }) | null;
  xpPerStamp: string | null;
};

export function stampCardStateFrom(json: StoredCardState): StampCardState {
  const card = json.card && {
    ...json.card,
    expiresAt: json.card.expiresAt ? new Date(json.card.expiresAt) : null,
  };
  return { ...json, card, xpPerStamp: numberSettingFrom("xp_stamp", json.xpPerStamp) };
}

/** Refuses before anything is written when the shop has no program or the purchase is too small. */
export function assertStampAllowed(
  program: StampCardState["program"],
  purchasePesewas: number | undefined,
): asserts program is NonNullable<StampCardState["program"]> {
  if (!program) throw new AppError("NO_PROGRAM", "This shop has no active loyalty program to stamp.");
  if (program.minimumSpendPesewas > 0 && (purchasePesewas ?? 0) < program.minimumSpendPesewas) {
    const minimum = formatCedis(program.minimumSpendPesewas);
    throw new AppError(
      "BELOW_MINIMUM",
      purchasePesewas === undefined
        ? {
            message: "Enter the purchase amount: a stamp needs a purchase of at least {minimum}.",
            values: { minimum },
          }
        : { message: "The purchase is below the {minimum} minimum for a stamp.", values: { minimum } },
    );
  }
}

export interface CounterStamp {
  userId: number;
  /** The member's first name, for the refusal staff read. */
  memberName: string;
  companyId: number;
  purchasePesewas: number | undefined;
  staffId: number | null;
  /** What staff presented: the member's QR or short code, or (for a phone check-in) the number's check-in. */
  qrCodeData: string;
  method: "qr" | "short_code" | "phone";
  ipAddress: string;
  deviceFingerprint: string | undefined;
  /** When the stamp happened (a queued scan's own time): its Accra day is the day it counts for. */
  scannedAt: Date;
  state: StampCardState;
  /** Conditions the stamp's own statement re-checks: the member may earn, the staff member is on duty. */
  memberInGoodStanding: SQL;
  staffOnDuty: SQL;
  /** The member's code staff presented, marked used by the stamp (none for a phone check-in). */
  presentedCodeId?: number;
  /**
   * The counter's log row for this stamp, written by the stamp's own statement so the two commit together:
   * an insert for a CTE, given the card as the stamp leaves it and the condition it must be written under
   * (the stamp was). Its `returning` comes back as `loggedRow`; a stamp that wrote one without the other
   * is undone.
   */
  logRow?: (card: CardState, whenStamped: SQL) => SQL;
}

/** The card as the stamp left it, and the log row its statement wrote (when asked for one). */
export interface StampOutcome {
  card: CardState;
  cardId: number;
  loggedRow: Record<string, unknown> | null;
}

/**
 * A stamp at the counter: the day's stamp taken, the card stamped (or started), the check-in and the visit
 * recorded, the stamp's XP credited, the member told and the code marked used, all in one statement that
 * also re-checks who may earn and stamp, and undoes itself when the card moved since it was read. That
 * statement commits on its own when `db` is no transaction (docs/product-rules.md#hot-writes-one-statement).
 * An expired card stepping aside, and a completed card's cycle, draw entry, SMS and cashback, take a few
 * more statements: those run in a transaction (the caller's, when it has one).
 */
export async function stampAtCounter(db: Executor, stamp: CounterStamp, now: Date): Promise<StampOutcome> {
  const program = stamp.state.program;
  assertStampAllowed(program, stamp.purchasePesewas);
  // The second scan of the day (the counter's commonest refusal) is answered without the stamp's statement.
  if (stamp.state.usedToday) throw dailyLimitReached(stamp.memberName);
  const readCard = stamp.state.card;
  const expired = readCard?.expiresAt ? readCard.expiresAt <= now : false;
  // An expired card steps aside (rare), so this stamp starts a new one.
  const card = expired ? null : readCard;
  const leaves = cardAfterStamp(program, card, stamp.state.unclaimed);
  if (!expired && !leaves.isCompleted) return writeStamp(db, stamp, program, card, leaves, now);
  return withinTransaction(db, async (tx) => {
    if (readCard && expired) await retireCard(tx, readCard.id, now);
    const outcome = await writeStamp(tx, stamp, program, card, leaves, now);
    if (leaves.isCompleted) {
      await celebrateCompletedCard(tx, stamp.userId, program, outcome.cardId, now);
      await setCardCashbackAside(tx, stamp.companyId, program, outcome.cardId, now);
    }
    return outcome;
  });
}

async function retireCard(tx: Executor, cardId: number, now: Date) {
  await tx.execute(sql`update ${loyaltyCards} set ${cards.isActive} = false,
      ${cards.updatedAt} = ${now.toISOString()}::timestamptz
    where ${cards.id} = ${cardId}::integer and ${cards.isActive}`);
}

/** The card as this stamp leaves it, from the card as read: the stamp's statement checks it came out so. */
function cardAfterStamp(
  program: NonNullable<StampCardState["program"]>,
  card: StampCardState["card"],
  unclaimed: boolean,
): CardState {
  const currentStamps = (card?.currentStamps ?? 0) + 1;
  const requiredStamps = card?.requiredStamps ?? program.requiredVisits;
  const isCompleted = currentStamps >= requiredStamps;
  return {
    currentStamps,
    requiredStamps,
    isCompleted,
    rewardUnlocked: isCompleted || unclaimed,
    rewardTitle: program.rewardTitle,
  };
}

/** The stamp statement's one row. */
interface StampRow {
  member_ok: boolean;
  staff_ok: boolean;
  took_daily: boolean;
  program_full: boolean;
  card_id: number | null;
  /** The log row's `returning`, when the statement was given one to write. */
  logged_row: Record<string, unknown> | null;
}

function dailyLimitReached(memberName: string) {
  return new AppError("DAILY_LIMIT", {
    message: "{name} already got today's stamp here. Come back tomorrow!",
    values: { name: memberName },
  });
}

/**
 * The day's stamp (a conditional upsert, so 50 scans of one member at once stamp once), then the live card
 * stamped or, without one, a new card started (within the program's card limit), then the check-in and
 * the visit: each part runs only when the one before it did. A statement that took the day's stamp but
 * didn't leave the card as `leaves` says (another stamp moved it since the read: last night's queued scan
 * with this morning's live one) undoes itself, and the counter runs the stamp again from a fresh read.
 */
async function writeStamp(
  db: Executor,
  stamp: CounterStamp,
  program: NonNullable<StampCardState["program"]>,
  card: StampCardState["card"],
  leaves: CardState,
  now: Date,
): Promise<StampOutcome> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const user = sql`${stamp.userId}::integer`;
  const company = sql`${stamp.companyId}::integer`;
  const cardId = card?.id ?? null;
  const completesAtOnce = program.requiredVisits <= 1;
  const expiresAt = new Date(now.getTime() + program.validityDays * 24 * 60 * 60 * 1000);
  // Only a new card counts the program's cards (a count over up to its limit, once in the statement).
  const programFull = cardId === null ? sql`(select is_full from room)` : sql`false`;
  const room =
    cardId === null
      ? sql`room as materialized (select count(*) >= ${program.maxActiveCards}::integer as is_full
          from ${loyaltyCards} where ${cards.programId} = ${program.id}::integer and ${cards.isActive}),`
      : sql``;
  const stamped = sql`exists (select 1 from card where card.current_stamps = ${leaves.currentStamps}::integer
    and card.is_completed = ${sql.raw(String(leaves.isCompleted))})`;
  const logged = stamp.logRow ? sql`exists (select 1 from logged)` : sql`true`;
  const result = await executeNamed<StampRow>(
    db,
    "counter_stamp",
    sql`
    with ${room} daily as (
      insert into ${dailyScanLimits} (${scanLimits.userId}, ${scanLimits.companyId}, ${scanLimits.scanDate},
        ${scanLimits.scanCount}, ${scanLimits.maxScansAllowed}, ${scanLimits.updatedAt})
      select ${user}, ${company}, ${accraDay(stamp.scannedAt)}::date, 1, ${defaultDailyScans}::integer, ${at}
      where ${stamp.memberInGoodStanding} and ${stamp.staffOnDuty} and not ${programFull}
      on conflict (${scanLimits.userId}, ${scanLimits.companyId}, ${scanLimits.scanDate}) do update
        set ${scanLimits.scanCount} = ${dailyScanLimits.scanCount} + 1, ${scanLimits.updatedAt} = excluded.${scanLimits.updatedAt}
        where ${dailyScanLimits.scanCount} < ${dailyScanLimits.maxScansAllowed}
      returning ${scanLimits.scanCount}
    ),
    stamped as (
      update ${loyaltyCards} set ${cards.currentStamps} = ${cards.currentStamps} + 1,
        ${cards.isCompleted} = ${cards.currentStamps} + 1 >= ${cards.requiredStamps},
        ${cards.completedAt} = case when ${cards.currentStamps} + 1 >= ${cards.requiredStamps} then ${at} end,
        ${cards.isActive} = ${cards.currentStamps} + 1 < ${cards.requiredStamps},
        ${cards.updatedAt} = ${at}
      where ${cards.id} = ${cardId}::integer and ${cards.isActive} and exists (select 1 from daily)
      returning ${cards.id}, ${cards.currentStamps}, ${cards.requiredStamps}, ${cards.isCompleted}
    ),
    started as (
      insert into ${loyaltyCards} (${cards.userId}, ${cards.companyId}, ${cards.programId}, ${cards.currentStamps},
        ${cards.requiredStamps}, ${cards.isCompleted}, ${cards.completedAt}, ${cards.isActive}, ${cards.expiresAt},
        ${cards.createdAt}, ${cards.updatedAt})
      select ${user}, ${company}, ${program.id}::integer, 1, ${program.requiredVisits}::integer,
        ${sql.raw(String(completesAtOnce))}, ${completesAtOnce ? at : sql`null`}, ${sql.raw(String(!completesAtOnce))},
        ${expiresAt.toISOString()}::timestamptz, ${at}, ${at}
      where ${cardId}::integer is null and exists (select 1 from daily)
      on conflict do nothing
      returning ${cards.id}, ${cards.currentStamps}, ${cards.requiredStamps}, ${cards.isCompleted}
    ),
    card as (select * from stamped union all select * from started),
    check_in as (
      insert into ${loyaltyCheckIns} (${checkIns.userId}, ${checkIns.companyId}, ${checkIns.cardId}, ${checkIns.qrCodeData},
        ${checkIns.purchaseAmountPesewas}, ${checkIns.meetsMinimum}, ${checkIns.staffMemberId},
        ${checkIns.verificationMethod}, ${checkIns.ipAddress}, ${checkIns.deviceFingerprint}, ${checkIns.createdAt})
      select ${user}, ${company}, card.id, ${stamp.qrCodeData.slice(0, 100)}::text,
        ${stamp.purchasePesewas ?? null}::integer, true, ${stamp.staffId}::integer,
        ${stamp.method}::text, ${stamp.ipAddress}::text,
        ${stamp.deviceFingerprint?.slice(0, 200) ?? null}::text, ${at}
      from card
      returning ${checkIns.id}
    ),
    visit as (
      insert into ${loyaltyCounters} (${counters.userId}, ${counters.companyId}, ${counters.visitCount},
        ${counters.lastVisit}, ${counters.hasActiveReward}, ${counters.rewardUnlockedAt})
      select ${user}, ${company}, 1, ${at}, card.is_completed, case when card.is_completed then ${at} end from card
      on conflict (${counters.userId}, ${counters.companyId}) do update set
        ${counters.visitCount} = ${loyaltyCounters.visitCount} + 1,
        ${counters.lastVisit} = excluded.${counters.lastVisit},
        ${counters.hasActiveReward} = ${loyaltyCounters.hasActiveReward} or excluded.${counters.hasActiveReward},
        ${counters.rewardUnlockedAt} = coalesce(excluded.${counters.rewardUnlockedAt}, ${loyaltyCounters.rewardUnlockedAt}),
        ${counters.updatedAt} = excluded.${counters.lastVisit}
    ),
    ${stampXpCtes(stamp, now)}
    ${stamp.presentedCodeId === undefined ? sql`` : sql`code_used as (${memberCodeUseSql(sql`${stamp.presentedCodeId}::integer`, now, sql`exists (select 1 from check_in)`)}),`}
    ${stamp.logRow ? sql`logged as (${stamp.logRow(leaves, sql`exists (select 1 from check_in)`)}),` : sql``}
    notice as (${stampNoticeInsert(stamp.userId, program, leaves, now)})
    select ${stamp.memberInGoodStanding} as member_ok, ${stamp.staffOnDuty} as staff_ok,
      exists (select 1 from daily) as took_daily, ${programFull} as program_full,
      (select id from card) as card_id,
      ${stamp.logRow ? sql`(select to_jsonb(logged) from logged)` : sql`null::jsonb`} as logged_row,
      ${undoAndRetryWhen(sql`exists (select 1 from daily) and not (${stamped} and ${logged})`, "the member's card moved during the stamp")} as undone`,
  );
  const [row] = result.rows;
  if (!row?.member_ok) throw memberSuspendedAtCounter();
  if (!row.staff_ok) throw signInAtCounterAgain();
  if (row.program_full) {
    throw new AppError(
      "CARD_LIMIT",
      "This shop's loyalty program is full: it can't start new cards right now.",
    );
  }
  if (!row.took_daily || row.card_id === null) throw dailyLimitReached(stamp.memberName);
  return { card: leaves, cardId: Number(row.card_id), loggedRow: row.logged_row };
}

/**
 * The stamp's XP, credited by the stamp's own statement (keyed by its check-in), followed by a comma; nothing
 * when stamps earn no XP. The setting is read with each stamp, so an admin's change applies to the next scan.
 */
function stampXpCtes(stamp: CounterStamp, now: Date): SQL {
  if (stamp.state.xpPerStamp <= 0) return sql``;
  const credit = xpCreditCtes(
    {
      userId: stamp.userId,
      amount: stamp.state.xpPerStamp,
      reason: "stamp",
      idempotencyKey: sql`'stamp:check_in:' || check_in.id`,
      sourceType: "loyalty_check_in",
      sourceId: sql`check_in.id`,
      from: sql`check_in`,
    },
    now,
  );
  return sql`${credit},`;
}

/**
 * A full card's cashback (docs/product-rules.md#cashback-stamp-cards) is set aside from the business's
 * balance now, and noted on the card; with too little on the balance the card's reward comes without it.
 */
async function setCardCashbackAside(
  tx: Executor,
  companyId: number,
  program: NonNullable<StampCardState["program"]>,
  cardId: number,
  now: Date,
) {
  const amountPesewas = program.rewardCashbackPesewas;
  if (!amountPesewas) return;
  const cashback = { companyId, amountPesewas, source: { loyaltyCardId: cardId } };
  if (!(await reserveCashback(tx, cashback, now))) return;
  await tx
    .update(loyaltyCards)
    .set({ cashbackPesewas: amountPesewas, updatedAt: now })
    .where(eq(loyaltyCards.id, cardId));
}

/** A full card counts as a completed cycle and a draw entry, and its reward is announced by SMS. */
async function celebrateCompletedCard(
  tx: Executor,
  userId: number,
  program: NonNullable<StampCardState["program"]>,
  cardId: number,
  now: Date,
) {
  await recordCompletedCycle(tx, userId, now);
  const standing = await memberStanding(tx, userId);
  await addMonthlyDrawEntry(tx, userId, standing.tier, now, { kind: "loyalty_cycle", key: `card:${cardId}` });
  await queueMemberSms(
    tx,
    {
      userId,
      kind: "loyalty_reward_ready",
      dedupeKey: `loyalty_reward_ready:${cardId}`,
      values: { program: program.programName, reward: program.rewardTitle },
      path: "/loyalty-dashboard",
    },
    now,
  );
}

/** The member's notice of the stamp, written by the stamp's statement once the card and check-in are. */
function stampNoticeInsert(
  userId: number,
  program: NonNullable<StampCardState["program"]>,
  card: CardState,
  now: Date,
): SQL {
  const link = "/loyalty-dashboard";
  const from = sql`card, check_in`;
  if (card.isCompleted) {
    const notice = {
      userId,
      type: "card_completed" as const,
      title: "Card complete!",
      message: {
        message: "Your {program} card is full: {reward} is waiting for you at the counter.",
        values: { program: program.programName, reward: program.rewardTitle },
      },
      link,
    };
    return noticeInsertFromRow(notice, sql`'card_completed:' || card.id`, from, now);
  }
  const notice = {
    userId,
    type: "stamp_added" as const,
    title: "Stamp added",
    message: {
      message: "{current} of {required} stamps on your {program} card.",
      values: { current: card.currentStamps, required: card.requiredStamps, program: program.programName },
    },
    link,
  };
  return noticeInsertFromRow(notice, sql`'stamp:' || check_in.id`, from, now);
}
