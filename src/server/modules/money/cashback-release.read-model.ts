import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { moneyTransfers } from "../../db/schema/money";
import { rewards } from "../../db/schema/rewards";
import { offlineScanWindowMs } from "../loyalty";

/**
 * How long after a cashback reward ends its money stays set aside: a counter that scanned it before the
 * end may send the scan up to a day later (docs/product-rules.md#counter-queued-scan-claims), and that
 * use must still find the money.
 */
const releaseAfterEndMs = offlineScanWindowMs + 60 * 60 * 1000;

/**
 * Cashback rewards that ended unused long enough ago and whose money is still set aside, locked for the
 * caller's transaction (rows another release holds are skipped, so two instances share the work).
 */
export async function expiredUnreleasedCashback(
  tx: Executor,
  now: Date,
  limit: number,
): Promise<{ id: number; companyId: number; cashbackPesewas: number }[]> {
  const endedBefore = new Date(now.getTime() - releaseAfterEndMs).toISOString();
  const result = (await tx.execute(sql`
    select r.id, r.company_id, r.cashback_pesewas from ${rewards} r
    where r.cashback_pesewas is not null and not r.is_used and r.expires_at <= ${endedBefore}::timestamptz
      and not exists (select 1 from ${moneyTransfers} t where t.reward_id = r.id and t.kind = 'cashback_release')
    order by r.expires_at
    limit ${limit}
    for update of r skip locked`)) as unknown as {
    rows: { id: number; company_id: number; cashback_pesewas: number }[];
  };
  return result.rows.map((row) => ({
    id: row.id,
    companyId: row.company_id,
    cashbackPesewas: row.cashback_pesewas,
  }));
}
