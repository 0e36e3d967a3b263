import { type SQL, sql } from "drizzle-orm";
import { accraDay } from "../../../shared/accra-time";
import { dailyPointLimits } from "../../db/schema/points";

/**
 * The points the member named by `userId` (an expression of the caller's statement) received today,
 * Africa/Accra, so the counter reads it in the statement that finds the member.
 */
export function pointsReceivedTodaySql(userId: SQL, now: Date): SQL {
  return sql`coalesce((select ${dailyPointLimits.pointsReceived} from ${dailyPointLimits}
    where ${dailyPointLimits.userId} = ${userId} and ${dailyPointLimits.day} = ${accraDay(now)}), 0)`;
}
