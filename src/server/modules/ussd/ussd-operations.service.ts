import { count, gte, lt, sql } from "drizzle-orm";
import { accraDay, addDays, startOfAccraDay } from "../../../shared/accra-time";
import { simulatorSessionPrefix } from "../../../shared/contracts/ussd-simulator";
import type { Executor } from "../../db/client";
import { ussdSessions } from "../../db/schema/ussd";

/*
 * The operators' view of USSD: sessions counted per day and per provider, and old sessions forgotten
 * (docs/product-rules.md#ussd-operations). The simulator's sessions are its own, never a provider's bill.
 */

/** Sessions are kept this long, then deleted by the cleanup job. */
export const ussdSessionRetentionDays = 30;

// The prefix is written into the SQL (a constant, not a parameter) so the grouped expression is the same
// text in the select list and the GROUP BY.
const isSimulated = sql<boolean>`${ussdSessions.sessionId} like ${sql.raw(`'${simulatorSessionPrefix}%'`)}`;
/** The provider a session is billed by, or "simulator". */
const source = sql<string>`case when ${isSimulated} then 'simulator' else ${ussdSessions.provider} end`;

/** Sessions begun since a moment, per provider ("hubtel", "africastalking", "simulator"). */
export async function countUssdSessionsSince(db: Executor, since: Date) {
  return db
    .select({ source, n: count() })
    .from(ussdSessions)
    .where(gte(ussdSessions.createdAt, since))
    .groupBy(source);
}

export interface UssdDay {
  /** The Accra day, "YYYY-MM-DD". */
  date: string;
  /** Sessions providers carried (and bill for). */
  sessions: number;
  /** Sessions the simulator opened (free). */
  simulated: number;
}

/** The last `days` Accra days up to today, oldest first, each with its sessions (zero days included). */
export async function ussdSessionsByDay(db: Executor, now: Date, days: number): Promise<UssdDay[]> {
  const first = addDays(startOfAccraDay(now), -(days - 1));
  // Accra keeps GMT all year, so its day is the UTC date.
  const day = sql<string>`to_char(${ussdSessions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      sessions: sql<number>`count(*) filter (where not ${isSimulated})`.mapWith(Number),
      simulated: sql<number>`count(*) filter (where ${isSimulated})`.mapWith(Number),
    })
    .from(ussdSessions)
    .where(gte(ussdSessions.createdAt, first))
    .groupBy(day);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return Array.from({ length: days }, (_, index) => {
    const date = accraDay(addDays(first, index));
    const row = byDay.get(date);
    return { date, sessions: row?.sessions ?? 0, simulated: row?.simulated ?? 0 };
  });
}

/** Deletes sessions begun before the retention window; returns how many went. */
export async function deleteOldUssdSessions(db: Executor, now: Date): Promise<number> {
  const cutoff = addDays(now, -ussdSessionRetentionDays);
  const deleted = await db
    .delete(ussdSessions)
    .where(lt(ussdSessions.createdAt, cutoff))
    .returning({ id: ussdSessions.id });
  return deleted.length;
}
