import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type MoneyAccount, moneyAccounts, moneyTransfers } from "../../db/schema/money";

type AccountKind = MoneyAccount["kind"];
type TransferKind = (typeof moneyTransfers.$inferSelect)["kind"];

/** An account by what it is: a kind of account of one company, or of one member. */
export type AccountRef = { kind: AccountKind; companyId: number } | { kind: AccountKind; userId: number };

export interface TransferRequest {
  from: AccountRef;
  to: AccountRef;
  amountPesewas: number;
  kind: TransferKind;
  /** Unique per movement: the same key twice moves the money once. */
  idempotencyKey: string;
  paymentId?: number;
  campaignId?: number;
  rewardId?: number;
  loyaltyCardId?: number;
  withdrawalId?: number;
  at: Date;
}

export type TransferOutcome =
  | { status: "moved"; transferId: number; fromBalanceAfterPesewas: number; toBalanceAfterPesewas: number }
  /** This key's transfer was made before (a retry): nothing moved now. */
  | { status: "already"; transferId: number }
  /** The paying account holds less than the amount: nothing moved. */
  | { status: "insufficient"; balancePesewas: number };

/** The account's owner as its two columns: one of them null. */
function ownerOf(ref: AccountRef): { companyId: number | null; userId: number | null } {
  return "companyId" in ref
    ? { companyId: ref.companyId, userId: null }
    : { companyId: null, userId: ref.userId };
}

/** Accounts whose balance is the negative of what came in from outside; all others never go below zero. */
const mayGoNegative = (kind: AccountKind) => kind === "money_received";

/**
 * Moves money from one account to another inside the caller's transaction: both accounts locked (in id
 * order, so two transfers never wait on each other in a circle), the paying one checked for funds, then
 * the transfer row and both balances written by one statement. The caller's transaction makes it part of
 * whatever else it does (a payment settled, a view charged); a refusal writes nothing and leaves the
 * transaction usable.
 */
export async function transferMoney(tx: Executor, transfer: TransferRequest): Promise<TransferOutcome> {
  if (!Number.isSafeInteger(transfer.amountPesewas) || transfer.amountPesewas <= 0) {
    throw new Error(`a transfer moves a positive whole number of pesewas, not ${transfer.amountPesewas}`);
  }
  const [from, to] = await lockAccounts(tx, transfer.from, transfer.to, transfer.at);
  const amount = transfer.amountPesewas;
  if (!mayGoNegative(from.kind) && from.balancePesewas < amount) {
    return { status: "insufficient", balancePesewas: from.balancePesewas };
  }
  const fromAfter = from.balancePesewas - amount;
  const toAfter = to.balancePesewas + amount;
  const [written] = await rowsOf<{ transfer_id: number | null }>(
    tx.execute(sql`
      with inserted as (
        insert into ${moneyTransfers} (debit_account_id, credit_account_id, amount_pesewas, kind, idempotency_key,
          debit_balance_after_pesewas, credit_balance_after_pesewas, payment_id, campaign_id, reward_id, loyalty_card_id, withdrawal_id, created_at)
        values (${from.id}, ${to.id}, ${amount}, ${transfer.kind}, ${transfer.idempotencyKey}, ${fromAfter},
          ${toAfter}, ${transfer.paymentId ?? null}, ${transfer.campaignId ?? null}, ${transfer.rewardId ?? null},
          ${transfer.loyaltyCardId ?? null}, ${transfer.withdrawalId ?? null}, ${transfer.at.toISOString()}::timestamptz)
        on conflict (idempotency_key) do nothing
        returning id
      ),
      moved as (
        update ${moneyAccounts}
        set balance_pesewas = case when id = ${to.id} then ${toAfter}::bigint else ${fromAfter}::bigint end,
          updated_at = ${transfer.at.toISOString()}::timestamptz
        where id in (${from.id}, ${to.id}) and exists (select 1 from inserted)
      )
      select (select id from inserted) as transfer_id`),
  );
  if (written?.transfer_id != null) {
    return {
      status: "moved",
      transferId: written.transfer_id,
      fromBalanceAfterPesewas: fromAfter,
      toBalanceAfterPesewas: toAfter,
    };
  }
  return { status: "already", transferId: await transferIdFor(tx, transfer.idempotencyKey) };
}

/** Both accounts, made when first used, locked for the rest of the transaction; `[from, to]`. */
async function lockAccounts(tx: Executor, from: AccountRef, to: AccountRef, at: Date) {
  let locked = await selectForUpdate(tx, [from, to]);
  if (locked.length < 2) {
    await tx
      .insert(moneyAccounts)
      .values([from, to].map((ref) => ({ kind: ref.kind, ...ownerOf(ref), createdAt: at, updatedAt: at })))
      .onConflictDoNothing();
    locked = await selectForUpdate(tx, [from, to]);
  }
  const find = (ref: AccountRef) => {
    const owner = ownerOf(ref);
    const account = locked.find(
      (row) => row.kind === ref.kind && row.companyId === owner.companyId && row.userId === owner.userId,
    );
    if (!account) throw new Error(`money account ${ref.kind} of ${JSON.stringify(owner)} is missing`);
    return account;
  };
  return [find(from), find(to)] as const;
}

async function selectForUpdate(tx: Executor, refs: AccountRef[]) {
  const rows = await rowsOf<{
    id: number;
    kind: AccountKind;
    company_id: number | null;
    user_id: number | null;
    balance_pesewas: string;
  }>(
    tx.execute(sql`
      select id, kind, company_id, user_id, balance_pesewas from ${moneyAccounts}
      where ${sql.join(refs.map(matchesRef), sql` or `)}
      order by id
      for update`),
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    companyId: row.company_id,
    userId: row.user_id,
    balancePesewas: Number(row.balance_pesewas),
  }));
}

function matchesRef(ref: AccountRef) {
  return "companyId" in ref
    ? sql`(kind = ${ref.kind} and company_id = ${ref.companyId})`
    : sql`(kind = ${ref.kind} and user_id = ${ref.userId})`;
}

async function transferIdFor(tx: Executor, idempotencyKey: string): Promise<number> {
  const [found] = await rowsOf<{ id: number }>(
    tx.execute(sql`select id from ${moneyTransfers} where idempotency_key = ${idempotencyKey}`),
  );
  if (!found) throw new Error(`no transfer has the key ${idempotencyKey}`);
  return found.id;
}

async function rowsOf<Row>(result: Promise<unknown>): Promise<Row[]> {
  return ((await result) as { rows: Row[] }).rows;
}
