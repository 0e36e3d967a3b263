import { Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { WalletResponse } from "../../../shared/contracts/money";
import { formatCedis } from "../../../shared/money";
import { paymentReceiptPath } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { formatAccraDateTime } from "../../lib/dates";
import { useCampaigns, useWallet } from "./api";

type WalletEntry = WalletResponse["entries"][number];

const entryLabels: Record<WalletEntry["kind"], string> = {
  top_up: "Top-up",
  view_charge: "View charge",
  view_refund: "Refund",
  cashback_reserve: "Cashback reserved",
  cashback_release: "Cashback returned",
};

/** "+GH₵ 20.00" or "−GH₵ 0.50": money in, money out. */
function signedCedis(pesewas: number): string {
  return `${pesewas < 0 ? "−" : "+"}${formatCedis(Math.abs(pesewas))}`;
}

function EntryRow({ entry, adTitle }: { entry: WalletEntry; adTitle?: string }) {
  return (
    <li data-testid="wallet-entry" data-kind={entry.kind} className="py-3">
      <div className="flex items-baseline justify-between gap-3">
        <p className="font-semibold text-stone-900" data-testid="wallet-entry-kind">
          {entryLabels[entry.kind]}
        </p>
        <p
          data-testid="wallet-entry-amount"
          className={`shrink-0 font-bold tabular-nums ${entry.amountPesewas < 0 ? "text-stone-900" : "text-green-700"}`}
        >
          {signedCedis(entry.amountPesewas)}
        </p>
      </div>
      {adTitle && (
        <p className="text-sm break-words text-stone-600" data-testid="wallet-entry-ad">
          {adTitle}
        </p>
      )}
      <div className="flex flex-wrap justify-between gap-x-3 text-xs text-stone-500">
        <p>
          {formatAccraDateTime(entry.at)}
          {entry.paymentId !== undefined && (
            <>
              {" · "}
              <Link
                to={paymentReceiptPath(entry.paymentId)}
                className="font-semibold text-amber-800 underline"
              >
                Receipt
              </Link>
            </>
          )}
        </p>
        <p className="tabular-nums">Balance after {formatCedis(entry.balanceAfterPesewas)}</p>
      </div>
    </li>
  );
}

function WalletEntries({ companyId, pages }: { companyId: number; pages: WalletResponse[] }) {
  const campaigns = useCampaigns(companyId).data?.campaigns ?? [];
  const adTitleOf = (campaignId?: number) => campaigns.find((one) => one.id === campaignId)?.adTitle;
  const entries = pages.flatMap((page) => page.entries);
  if (entries.length === 0) {
    return (
      <p className="text-sm text-stone-600" data-testid="wallet-empty">
        No movements yet. A top-up shows here once it is paid.
      </p>
    );
  }
  return (
    <ul aria-label="Balance movements" className="divide-y divide-stone-100">
      {entries.map((entry) => (
        <EntryRow key={entry.id} entry={entry} adTitle={adTitleOf(entry.campaignId)} />
      ))}
    </ul>
  );
}

interface BalanceCardProps {
  companyId: number;
  /** The owner's way to add money (absent for an admin, who only reads). */
  topUp?: ReactNode;
}

/** The business's balance, what may add to it, and its movements newest first, 50 at a time. */
export function BalanceCard({ companyId, topUp }: BalanceCardProps) {
  const wallet = useWallet(companyId);
  return (
    <Card
      title="Balance"
      icon={<Wallet className="size-5" aria-hidden />}
      description="Your pay-per-view campaigns pay for each completed view from this balance, and your cashback ads set aside each reward they give."
      testId="wallet"
    >
      {wallet.isPending ? (
        <div role="status" aria-label="Loading the balance" className="space-y-2">
          <Skeleton className="h-10 w-40" />
          <Skeleton className="h-12" />
        </div>
      ) : wallet.isError ? (
        <LoadError onRetry={() => void wallet.refetch()} />
      ) : (
        <div className="space-y-4">
          <p className="text-3xl font-extrabold text-stone-900 tabular-nums" data-testid="wallet-balance">
            {formatCedis(wallet.data.pages[0]?.balancePesewas ?? 0)}
          </p>
          {(wallet.data.pages[0]?.cashbackReservedPesewas ?? 0) > 0 && (
            <p className="text-sm text-stone-600" data-testid="wallet-cashback-reserved">
              {formatCedis(wallet.data.pages[0]?.cashbackReservedPesewas ?? 0)} set aside for cashback members
              have not used yet: it comes back to the balance when a reward expires unused.
            </p>
          )}
          {topUp}
          <div>
            <h3 className="font-bold text-stone-900">Movements</h3>
            <WalletEntries companyId={companyId} pages={wallet.data.pages} />
            {wallet.hasNextPage && (
              <Button
                variant="secondary"
                className="mt-2 min-h-11 w-full"
                pending={wallet.isFetchingNextPage}
                pendingLabel="Loading…"
                onClick={() => void wallet.fetchNextPage()}
              >
                Load more
              </Button>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}
