import { Flag } from "lucide-react";
import { purchaseDecisionRequest, type StaffPurchase } from "../../../shared/contracts/purchases";
import { formatCedis } from "../../../shared/money";
import { DecisionActions } from "../../components/decision-actions";
import { PagedQueue } from "../../components/paged-queue";
import { ReviewItem } from "../../components/review-item";
import { formatAccraDate, formatAccraMoment } from "../../lib/dates";
import { useDecidePurchase, useStaffPurchases } from "./api";

const memberName = (purchase: StaffPurchase) => purchase.member?.displayName ?? "A former member";

function PurchaseRow({ purchase }: { purchase: StaffPurchase }) {
  const decide = useDecidePurchase(purchase.id);
  return (
    <ReviewItem
      testId="purchase-row"
      picture={
        purchase.receiptImageUrl
          ? { url: purchase.receiptImageUrl, alt: `Receipt sent by ${memberName(purchase)}`, shape: "tall" }
          : null
      }
      sender={purchase.member}
      actions={
        <DecisionActions
          decide={decide}
          verify={{
            decision: { status: "verified" },
            done: {
              title: "Purchase verified",
              description: `${memberName(purchase)} can now review ${purchase.company.name}.`,
            },
            failedTitle: "Could not verify the purchase",
          }}
          reject={{
            schema: purchaseDecisionRequest,
            defaultValues: { status: "rejected", reason: "" },
            formLabel: `Reject the purchase by ${memberName(purchase)}`,
            field: {
              name: "reason",
              label: "Reason (the member sees it)",
              placeholder: "The receipt's total doesn't match the amount",
            },
            done: { title: "Purchase rejected", description: `${memberName(purchase)} will be told why.` },
            failedTitle: "Could not reject the purchase",
          }}
        />
      }
    >
      <p className="text-stone-700">{purchase.company.name}</p>
      <p className="text-stone-900">
        <strong>{formatCedis(purchase.finalAmountPesewas)}</strong>
        {purchase.discountAmountPesewas > 0 &&
          ` (${formatCedis(purchase.purchaseAmountPesewas)} less ${formatCedis(purchase.discountAmountPesewas)} off)`}
      </p>
      <p className="text-stone-700">
        Receipt <span className="font-mono">{purchase.receiptNumber}</span> · bought{" "}
        {formatAccraDate(purchase.purchaseDate)} · sent {formatAccraMoment(Date.parse(purchase.createdAt))}
      </p>
      {purchase.flagged && (
        <p className="flex items-start gap-1 rounded-lg bg-amber-50 p-2 font-medium text-amber-900 ring-1 ring-amber-200">
          <Flag className="mt-0.5 size-4 shrink-0" aria-hidden /> Check carefully: {purchase.flagReason}
        </p>
      )}
    </ReviewItem>
  );
}

const usePendingPurchases = (before?: number) => useStaffPurchases("pending", before);

/**
 * Staff and admins: purchases members reported with a receipt, newest first. Verifying lets the member
 * review the business; rejecting needs a reason the member sees. Duplicates are flagged.
 */
export function PurchasesQueue() {
  return (
    <PagedQueue
      testId="purchases-queue"
      usePage={usePendingPurchases}
      itemsOf={(page) => page.purchases}
      keyOf={(purchase) => purchase.id}
      renderItem={(purchase) => <PurchaseRow purchase={purchase} />}
      skeletonClassName="h-32"
      text={{
        loading: "Loading purchases",
        loadError: "We couldn't load the purchases.",
        empty: "No purchases are waiting for a check.",
        list: "Purchases waiting",
        olderList: "Older purchases",
        loadOlder: "Load older purchases",
      }}
    />
  );
}
