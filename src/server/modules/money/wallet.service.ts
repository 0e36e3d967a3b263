import { and, desc, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import {
  type WalletResponse,
  walletEntriesPageSize,
  walletEntryKinds,
} from "../../../shared/contracts/money";
import type { Executor } from "../../db/client";
import { adCampaigns, moneyAccounts, moneyTransfers } from "../../db/schema/money";

/**
 * A business's balance and its movements, newest first, a page at a time: each entry signed as the
 * balance saw it (a top-up adds, a charge takes) with the balance it left.
 */
export async function companyWallet(
  db: Executor,
  companyId: number,
  before?: number,
): Promise<WalletResponse> {
  const accounts = await db
    .select({ id: moneyAccounts.id, kind: moneyAccounts.kind, balancePesewas: moneyAccounts.balancePesewas })
    .from(moneyAccounts)
    .where(
      and(
        inArray(moneyAccounts.kind, ["company_balance", "cashback_reserved"]),
        eq(moneyAccounts.companyId, companyId),
      ),
    );
  const account = accounts.find((row) => row.kind === "company_balance");
  const cashbackReservedPesewas = Number(
    accounts.find((row) => row.kind === "cashback_reserved")?.balancePesewas ?? 0,
  );
  if (!account) return { balancePesewas: 0, cashbackReservedPesewas, entries: [] };
  const rows = await db
    .select()
    .from(moneyTransfers)
    .where(
      and(
        or(eq(moneyTransfers.debitAccountId, account.id), eq(moneyTransfers.creditAccountId, account.id)),
        inArray(moneyTransfers.kind, [...walletEntryKinds]),
        before === undefined ? undefined : lt(moneyTransfers.id, before),
      ),
    )
    .orderBy(desc(moneyTransfers.id))
    .limit(walletEntriesPageSize + 1);
  const page = rows.slice(0, walletEntriesPageSize);
  return {
    balancePesewas: Number(account.balancePesewas),
    cashbackReservedPesewas,
    entries: page.map((transfer) => {
      const credited = transfer.creditAccountId === account.id;
      return {
        id: transfer.id,
        at: transfer.createdAt.toISOString(),
        kind: transfer.kind as (typeof walletEntryKinds)[number],
        amountPesewas: credited ? Number(transfer.amountPesewas) : -Number(transfer.amountPesewas),
        balanceAfterPesewas: Number(
          credited ? transfer.creditBalanceAfterPesewas : transfer.debitBalanceAfterPesewas,
        ),
        ...(transfer.campaignId === null ? {} : { campaignId: transfer.campaignId }),
        ...(transfer.paymentId === null ? {} : { paymentId: transfer.paymentId }),
      };
    }),
    ...(rows.length > walletEntriesPageSize ? { nextBefore: page.at(-1)!.id } : {}),
  };
}

export interface MoneyLedgerCheck {
  /** True when every account sums to zero together and each equals its own transfers. */
  balanced: boolean;
  /** The sum of every account's balance: zero when the books balance. */
  totalPesewas: number;
  /** Accounts whose balance differs from the sum of their transfers, with both figures. */
  mismatched: { accountId: number; balancePesewas: number; fromTransfersPesewas: number }[];
  /** Campaigns whose spend differs from their charges less their refunds, with both figures. */
  campaignsMismatched: { campaignId: number; spentPesewas: number; fromTransfersPesewas: number }[];
}

/**
 * The books' own proof: all balances sum to zero, each account's balance is exactly its credits minus
 * its debits, and each campaign's spend is exactly its charges less its refunds. Run by a test after every money test and by a daily job that logs and counts any difference.
 */
export async function checkMoneyLedger(db: Executor): Promise<MoneyLedgerCheck> {
  const result = (await db.execute(sql`
    with movements as (
      select credit_account_id as account_id, amount_pesewas as amount from ${moneyTransfers}
      union all
      select debit_account_id, -amount_pesewas from ${moneyTransfers}
    ),
    sums as (select account_id, sum(amount) as total from movements group by account_id)
    select a.id as account_id, a.balance_pesewas, coalesce(s.total, 0) as from_transfers
    from ${moneyAccounts} a left join sums s on s.account_id = a.id`)) as unknown as {
    rows: { account_id: number; balance_pesewas: string; from_transfers: string }[];
  };
  const accounts = result.rows.map((row) => ({
    accountId: row.account_id,
    balancePesewas: Number(row.balance_pesewas),
    fromTransfersPesewas: Number(row.from_transfers),
  }));
  const totalPesewas = accounts.reduce((sum, account) => sum + account.balancePesewas, 0);
  const mismatched = accounts.filter((account) => account.balancePesewas !== account.fromTransfersPesewas);
  const campaignsMismatched = await campaignsOffTheirTransfers(db);
  return {
    balanced: totalPesewas === 0 && mismatched.length === 0 && campaignsMismatched.length === 0,
    totalPesewas,
    mismatched,
    campaignsMismatched,
  };
}

/** Each campaign's spend is its views' charges less their refunds, as the transfers record them. */
async function campaignsOffTheirTransfers(db: Executor): Promise<MoneyLedgerCheck["campaignsMismatched"]> {
  const result = (await db.execute(sql`
    with moved as (
      select campaign_id, sum(case when kind = 'view_charge' then amount_pesewas else -amount_pesewas end) as total
      from ${moneyTransfers} where kind in ('view_charge', 'view_refund') group by campaign_id
    )
    select c.id as campaign_id, c.spent_pesewas, coalesce(m.total, 0) as from_transfers
    from ${adCampaigns} c left join moved m on m.campaign_id = c.id
    where c.spent_pesewas <> coalesce(m.total, 0)`)) as unknown as {
    rows: { campaign_id: number; spent_pesewas: string; from_transfers: string }[];
  };
  return result.rows.map((row) => ({
    campaignId: row.campaign_id,
    spentPesewas: Number(row.spent_pesewas),
    fromTransfersPesewas: Number(row.from_transfers),
  }));
}

/** What campaigns were charged since a moment and what was refunded, for the admin's overview. */
export async function campaignMoneySince(
  db: Executor,
  since: Date,
): Promise<{ chargedPesewas: number; refundedPesewas: number }> {
  const rows = await db
    .select({ kind: moneyTransfers.kind, total: sql<string>`sum(${moneyTransfers.amountPesewas})` })
    .from(moneyTransfers)
    .where(
      and(inArray(moneyTransfers.kind, ["view_charge", "view_refund"]), gte(moneyTransfers.createdAt, since)),
    )
    .groupBy(moneyTransfers.kind);
  const totalOf = (kind: string) => Number(rows.find((row) => row.kind === kind)?.total ?? 0);
  return { chargedPesewas: totalOf("view_charge"), refundedPesewas: totalOf("view_refund") };
}
