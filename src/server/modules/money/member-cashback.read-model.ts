import { sql } from "drizzle-orm";
import type { MyCashback, WithdrawalStatus } from "../../../shared/contracts/cashback";
import type { Executor } from "../../db/client";
import { companies } from "../../db/schema/companies";
import { loyaltyCards } from "../../db/schema/loyalty";
import { moneyAccounts, moneyTransfers } from "../../db/schema/money";
import { rewards } from "../../db/schema/rewards";
import { findPayoutAccount, payoutAccountView } from "./payout-account.service";
import { memberWithdrawals, withdrawalSettings } from "./withdrawals.service";

const entriesShown = 100;

/**
 * A member's cashback as My Rewards shows it: her balance, what her unused cashback rewards hold, and
 * both as one history, newest first.
 */
export async function memberCashback(db: Executor, userId: number, now: Date): Promise<MyCashback> {
  const [balancePesewas, earned, { pending, pendingPesewas }, withdrawals, account, settings] =
    await Promise.all([
      cashbackBalance(db, userId),
      earnedEntries(db, userId),
      pendingEntries(db, userId, now),
      withdrawalEntries(db, userId),
      findPayoutAccount(db, userId),
      withdrawalSettings(db),
    ]);
  const entries = [...earned, ...pending, ...withdrawals]
    .sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id))
    .slice(0, entriesShown);
  return {
    balancePesewas,
    pendingPesewas,
    entries,
    payoutAccount: account ? payoutAccountView(account, now) : null,
    withdrawalMinPesewas: settings.minPesewas,
    withdrawalFeePesewas: settings.memberFeePesewas,
    withdrawalsPerDay: settings.perDay,
  };
}

async function cashbackBalance(db: Executor, userId: number): Promise<number> {
  const result = (await db.execute(sql`
    select balance_pesewas from ${moneyAccounts} where kind = 'member_cashback' and user_id = ${userId}`)) as unknown as {
    rows: { balance_pesewas: string }[];
  };
  return Number(result.rows[0]?.balance_pesewas ?? 0);
}

/** Each used cashback reward's payment into her balance, with the business that paid it. */
async function earnedEntries(db: Executor, userId: number): Promise<MyCashback["entries"]> {
  const result = (await db.execute(sql`
    select t.id, t.amount_pesewas, t.created_at, t.reward_id, c.name as company_name
    from ${moneyTransfers} t
    join ${moneyAccounts} a on a.id = t.credit_account_id and a.kind = 'member_cashback' and a.user_id = ${userId}
    join ${moneyAccounts} paid_from on paid_from.id = t.debit_account_id
    left join ${companies} c on c.id = paid_from.company_id
    where t.kind = 'cashback_earn'
    order by t.id desc
    limit ${entriesShown}`)) as unknown as {
    rows: {
      id: number;
      amount_pesewas: string;
      created_at: string | Date;
      reward_id: number | null;
      company_name: string | null;
    }[];
  };
  return result.rows.map((row) => ({
    id: `earned:${row.id}`,
    kind: "earned",
    amountPesewas: Number(row.amount_pesewas),
    at: new Date(row.created_at).toISOString(),
    companyName: row.company_name,
    rewardId: row.reward_id,
    expiresAt: null,
    withdrawalId: null,
    withdrawalStatus: null,
  }));
}

/**
 * Her cashback rewards not used yet and still usable (hers once staff confirm them): ad rewards, and
 * completed stamp cards whose reward waits at the counter; and their sum.
 */
async function pendingEntries(db: Executor, userId: number, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = (await db.execute(sql`
    with waiting as (
      select 'reward' as source, r.id, r.cashback_pesewas, r.created_at, r.expires_at, r.company_id
      from ${rewards} r
      where r.user_id = ${userId} and r.cashback_pesewas is not null and not r.is_used
        and (r.expires_at is null or r.expires_at > ${at})
      union all
      select 'card', lc.id, lc.cashback_pesewas, lc.completed_at, lc.expires_at, lc.company_id
      from ${loyaltyCards} lc
      where lc.user_id = ${userId} and lc.cashback_pesewas is not null and lc.is_completed
        and not lc.reward_claimed and (lc.expires_at is null or lc.expires_at > ${at})
    )
    select w.source, w.id, w.cashback_pesewas, w.created_at, w.expires_at, c.name as company_name,
      sum(w.cashback_pesewas) over () as total
    from waiting w join ${companies} c on c.id = w.company_id
    order by w.created_at desc
    limit ${entriesShown}`)) as unknown as {
    rows: {
      source: "reward" | "card";
      id: number;
      cashback_pesewas: number;
      created_at: string | Date;
      expires_at: string | Date | null;
      company_name: string;
      total: string;
    }[];
  };
  const pending: MyCashback["entries"] = result.rows.map((row) => ({
    id: `pending:${row.source}:${row.id}`,
    kind: "pending",
    amountPesewas: row.cashback_pesewas,
    at: new Date(row.created_at).toISOString(),
    companyName: row.company_name,
    rewardId: row.source === "reward" ? row.id : null,
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
    withdrawalId: null,
    withdrawalStatus: null,
  }));
  return { pending, pendingPesewas: Number(result.rows[0]?.total ?? 0) };
}

/** Her withdrawals: on their way (taken from her balance), paid, or returned to it. */
async function withdrawalEntries(db: Executor, userId: number): Promise<MyCashback["entries"]> {
  const rows = await memberWithdrawals(db, userId, entriesShown);
  return rows.map((row) => {
    const kind = entryKindOf(row.status);
    return {
      id: `withdrawal:${row.id}`,
      kind,
      amountPesewas: kind === "returned" ? row.amountPesewas : -row.amountPesewas,
      at: row.createdAt.toISOString(),
      companyName: null,
      rewardId: null,
      expiresAt: null,
      withdrawalId: row.id,
      withdrawalStatus: row.status,
    };
  });
}

function entryKindOf(status: WithdrawalStatus): "withdrawing" | "paid_out" | "returned" {
  if (status === "paid") return "paid_out";
  if (status === "failed" || status === "reversed" || status === "rejected") return "returned";
  return "withdrawing";
}
