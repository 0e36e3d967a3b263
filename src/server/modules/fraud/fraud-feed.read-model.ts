import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { fraudDetection } from "../../db/schema/fraud";

export interface FraudFeedFilter {
  type?: string;
  userId?: number;
  companyId?: number;
  deviceFingerprint?: string;
  from?: Date;
  to?: Date;
  page: number;
}

const feedPageSize = 50;

/** The signal feed, newest first, filtered and paged in SQL. */
export async function listFraudEvents(db: Executor, filter: FraudFeedFilter) {
  const where = and(...feedConditions(filter));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(fraudDetection)
      .where(where)
      .orderBy(desc(fraudDetection.createdAt), desc(fraudDetection.id))
      .limit(feedPageSize)
      .offset((filter.page - 1) * feedPageSize),
    db.select({ n: count() }).from(fraudDetection).where(where),
  ]);
  return { items: rows, total: total?.n ?? 0, page: filter.page, pageSize: feedPageSize };
}

function feedConditions(filter: FraudFeedFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(fraudDetection.eventType, filter.type));
  if (filter.userId) conditions.push(eq(fraudDetection.userId, filter.userId));
  if (filter.deviceFingerprint)
    conditions.push(eq(fraudDetection.deviceFingerprint, filter.deviceFingerprint));
  if (filter.companyId) {
    conditions.push(sql`${fraudDetection.suspiciousActivity}->>'companyId' = ${String(filter.companyId)}`);
  }
  if (filter.from) conditions.push(gte(fraudDetection.createdAt, filter.from));
  if (filter.to) conditions.push(lt(fraudDetection.createdAt, filter.to));
  return conditions;
}

/** Signal counts per type in the last day, for the admin overview. */
export async function countSignalsSince(db: Executor, since: Date) {
  return db
    .select({ type: fraudDetection.eventType, n: count() })
    .from(fraudDetection)
    .where(gte(fraudDetection.createdAt, since))
    .groupBy(fraudDetection.eventType);
}
