import { sql } from "drizzle-orm";
import { formatAccraTime, startOfAccraDay } from "../../../shared/accra-time";
import type { CounterTexts, TextAllowance } from "../../../shared/contracts/counter";
import type { Executor } from "../../db/client";
import { executeRows } from "../../db/prepared";
import { counterTextCounts } from "../../db/schema/counter";
import { AppError } from "../../lib/errors";
import { readNumberSettings } from "../settings";

/*
 * Caps on the texts a counter sends, codes and invites alike (docs/product-rules.md#counter-text-caps):
 * per sender (a staff member, or the owner), per business and per number across all businesses, each per
 * Accra clock hour and per Accra day, set by an admin. A text is counted in the transaction that queues
 * it, by one conditional upsert of its six rows; past a cap it is refused and nothing is counted.
 */

type Kind = "sender" | "shop" | "number";
type Period = "hour" | "day";
const kinds: Kind[] = ["shop", "sender", "number"];
const periods: Period[] = ["hour", "day"];

const capSettings = {
  sender: { hour: "counter_texts_staff_hour", day: "counter_texts_staff_day" },
  shop: { hour: "counter_texts_shop_hour", day: "counter_texts_shop_day" },
  number: { hour: "counter_texts_number_hour", day: "counter_texts_number_day" },
} as const;
const capKeys = kinds.flatMap((kind) => periods.map((period) => capSettings[kind][period]));

type Caps = Record<Kind, Record<Period, number>>;

async function readCaps(db: Executor): Promise<Caps> {
  const values = await readNumberSettings(db, capKeys);
  const of = (kind: Kind) => ({ hour: values[capSettings[kind].hour], day: values[capSettings[kind].day] });
  return { sender: of("sender"), shop: of("shop"), number: of("number") };
}

/** Who sends: a staff member, or the business's owner at the counter (no staff id). */
export interface TextSender {
  companyId: number;
  staffId: number | null;
}

function subjectsOf(sender: TextSender, phoneNumber?: string): Partial<Record<Kind, string>> {
  return {
    shop: String(sender.companyId),
    sender: sender.staffId === null ? `owner:${sender.companyId}` : `staff:${sender.staffId}`,
    ...(phoneNumber === undefined ? {} : { number: phoneNumber }),
  };
}

/** The Accra clock hour and day `now` falls in (Accra keeps GMT all year, so the hour is UTC's). */
function periodStarts(now: Date): Record<Period, Date> {
  const hour = new Date(now);
  hour.setUTCMinutes(0, 0, 0);
  return { hour, day: startOfAccraDay(now) };
}

function periodEnd(period: Period, start: Date): Date {
  return new Date(start.getTime() + (period === "hour" ? 60 : 24 * 60) * 60 * 1000);
}

interface CountRow {
  kind: Kind;
  subject: string;
  period: Period;
  start: Date;
}

/**
 * Counts one text from `sender` to `phoneNumber` against every cap, in the caller's transaction. Answers
 * null when counted, or the refusal (saying when the counter may text again) with nothing counted.
 */
export async function countCounterText(
  tx: Executor,
  sender: TextSender,
  phoneNumber: string,
  now: Date,
): Promise<AppError | null> {
  const caps = await readCaps(tx);
  const starts = periodStarts(now);
  const subjects = subjectsOf(sender, phoneNumber);
  // Always in this order (shop, sender, number), so two transactions never wait on each other's rows.
  const rows: CountRow[] = kinds.flatMap((kind) =>
    periods.map((period) => ({ kind, subject: subjects[kind]!, period, start: starts[period] })),
  );
  const table = counterTextCounts;
  const capOfRow = sql.join(
    [
      sql`case`,
      ...rows.map(
        (row) =>
          sql`when ${table.kind} = ${row.kind} and ${table.period} = ${row.period} then ${caps[row.kind][row.period]}::integer`,
      ),
      sql`end`,
    ],
    sql` `,
  );
  const counting = sql`
    insert into ${table} (kind, subject, period, period_start, texts)
    values ${sql.join(
      rows.map(
        (row) =>
          sql`(${row.kind}, ${row.subject}, ${row.period}, ${row.start.toISOString()}::timestamptz, 1)`,
      ),
      sql`, `,
    )}
    on conflict (kind, subject, period, period_start) do update set texts = ${table}.texts + 1
      where ${table}.texts < ${capOfRow}
    returning kind, period`;
  const counted = await executeRows<{ kind: Kind; period: Period }>(tx, counting);
  if (counted.length === rows.length) return null;
  const full = rows.filter((row) => !counted.some((c) => c.kind === row.kind && c.period === row.period));
  // Past a cap: the rows this text did count are taken back (this transaction still holds them).
  if (counted.length > 0) {
    await tx.execute(sql`
      update ${table} set texts = texts - 1
      where (kind, subject, period, period_start) in (${sql.join(
        rows
          .filter((row) => !full.includes(row))
          .map(
            (row) =>
              sql`(${row.kind}, ${row.subject}, ${row.period}, ${row.start.toISOString()}::timestamptz)`,
          ),
        sql`, `,
      )})`);
  }
  return refusal(full, caps, now);
}

const refusals: Record<Kind, Record<Period, string>> = {
  sender: {
    hour: "You have sent {limit} texts this hour, the most one person at the counter may send. You can send again at {time}.",
    day: "You have sent {limit} texts today, the most one person at the counter may send in a day. You can send again tomorrow from {time}.",
  },
  shop: {
    hour: "This shop has sent {limit} texts this hour, the most a shop may send. It can send again at {time}.",
    day: "This shop has sent {limit} texts today, the most a shop may send in a day. It can send again tomorrow from {time}.",
  },
  number: {
    hour: "This number has had {limit} texts from Anigye shops this hour. It can get a code again at {time}; scan their app's QR instead.",
    day: "This number has had {limit} texts from Anigye shops today. It can get a code again tomorrow from {time}; scan their app's QR instead.",
  },
};

/** The cap that reopens last decides when the counter may text again. */
function refusal(full: CountRow[], caps: Caps, now: Date): AppError {
  const latest = full.reduce((a, b) => (periodEnd(b.period, b.start) > periodEnd(a.period, a.start) ? b : a));
  const reopens = periodEnd(latest.period, latest.start);
  const retryAfterSeconds = Math.max(1, Math.ceil((reopens.getTime() - now.getTime()) / 1000));
  return new AppError(
    "RATE_LIMITED",
    {
      message: refusals[latest.kind][latest.period],
      values: { limit: caps[latest.kind][latest.period], time: formatAccraTime(reopens) },
    },
    undefined,
    { "retry-after": String(retryAfterSeconds) },
  );
}

/** The texts the signed-in sender and their business have used and have left, this hour and today. */
export async function counterTextsLeft(db: Executor, sender: TextSender, now: Date): Promise<CounterTexts> {
  const caps = await readCaps(db);
  const starts = periodStarts(now);
  const subjects = subjectsOf(sender);
  const reading = sql`
    select kind, period, texts from ${counterTextCounts}
    where (kind, subject, period, period_start) in (${sql.join(
      (["sender", "shop"] as const).flatMap((kind) =>
        periods.map(
          (period) =>
            sql`(${kind}, ${subjects[kind]!}, ${period}, ${starts[period].toISOString()}::timestamptz)`,
        ),
      ),
      sql`, `,
    )})`;
  const used = await executeRows<{ kind: Kind; period: Period; texts: number }>(db, reading);
  const allowance = (kind: Kind, period: Period): TextAllowance => {
    const texts = Number(used.find((row) => row.kind === kind && row.period === period)?.texts ?? 0);
    const limit = caps[kind][period];
    return {
      used: texts,
      limit,
      left: Math.max(0, limit - texts),
      resetsAt: periodEnd(period, starts[period]).toISOString(),
    };
  };
  return {
    you: { hour: allowance("sender", "hour"), day: allowance("sender", "day") },
    shop: { hour: allowance("shop", "hour"), day: allowance("shop", "day") },
  };
}

/** Counts of hours and days gone by are no use: the cleanup job removes them. */
export async function deleteOldCounterTextCounts(db: Executor, before: Date): Promise<void> {
  await db.execute(
    sql`delete from ${counterTextCounts} where period_start < ${before.toISOString()}::timestamptz`,
  );
}
