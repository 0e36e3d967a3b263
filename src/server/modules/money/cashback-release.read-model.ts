import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { executeRows } from "../../db/prepared";
import { loyaltyCards } from "../../db/schema/loyalty";
import { moneyTransfers } from "../../db/schema/money";
import { rewards } from "../../db/schema/rewards";
import type { Cashback } from "./cashback";

/**
 * Cashback set aside and never paid whose reward ended before `endedBefore`: ad rewards unused at their
 * end, and completed stamp cards whose reward was not handed over by the card's end. Locked for the
 * caller's transaction (rows another release or a hand-over holds are skipped, so two instances share the
 * work and a hand-over is never paid from money given back).
 */
export async function endedUnusedCashback(
  tx: Executor,
  endedBefore: Date,
  limit: number,
): Promise<Cashback[]> {
  const before = endedBefore.toISOString();
  const released = (column: "reward_id" | "loyalty_card_id") =>
    sql`not exists (select 1 from ${moneyTransfers} t where t.${sql.identifier(column)} = x.id and t.kind = 'cashback_release')`;
  const rewardRows = await executeRows<Row>(
    tx,
    sql`
    select x.id, x.company_id, x.cashback_pesewas from ${rewards} x
    where x.cashback_pesewas is not null and not x.is_used and x.expires_at <= ${before}::timestamptz
      and ${released("reward_id")}
    order by x.expires_at
    limit ${limit}
    for update of x skip locked`,
  );
  const cardRows = await executeRows<Row>(
    tx,
    sql`
    select x.id, x.company_id, x.cashback_pesewas from ${loyaltyCards} x
    where x.cashback_pesewas is not null and x.is_completed and not x.reward_claimed
      and x.expires_at <= ${before}::timestamptz and ${released("loyalty_card_id")}
    order by x.expires_at
    limit ${limit}
    for update of x skip locked`,
  );
  return [
    ...rewardRows.map((row) => cashbackOf(row, { rewardId: row.id })),
    ...cardRows.map((row) => cashbackOf(row, { loyaltyCardId: row.id })),
  ];
}

interface Row {
  id: number;
  company_id: number;
  cashback_pesewas: number;
}

function cashbackOf(row: Row, source: Cashback["source"]): Cashback {
  return { companyId: row.company_id, amountPesewas: row.cashback_pesewas, source };
}
