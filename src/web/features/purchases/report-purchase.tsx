import { Receipt } from "lucide-react";
import { useState } from "react";
import { z } from "zod";
import { requiredText } from "../../../shared/contracts/common";
import { type MyPurchase, purchaseDateProblem } from "../../../shared/contracts/purchases";
import { formatCedis } from "../../../shared/money";
import { ImageField } from "../../components/image-field";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Form, TextField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { accraDay, formatAccraDate } from "../../lib/dates";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useMyPurchases, useReportPurchase } from "./api";

/** Receipts keep more detail than screenshots: the numbers must stay readable. */
const receiptMaxSide = 1600;
const cedisPattern = /^\d{1,6}(\.\d{1,2})?$/;
const toPesewas = (cedis: string) => Math.round(Number(cedis) * 100);

/** The web form: amounts typed in GH₵, sent as pesewas. */
const purchaseForm = z
  .object({
    amount: z.string().trim().regex(cedisPattern, "Enter the amount in GH₵, e.g. 45.50"),
    discount: z
      .string()
      .trim()
      .refine((value) => value === "" || cedisPattern.test(value), "Enter the discount in GH₵, e.g. 5"),
    receiptNumber: requiredText("Receipt number", 60),
    purchaseDate: z.string(),
    receiptImage: z.string().min(1, "Add a photo of the receipt"),
  })
  .superRefine((values, ctx) => {
    if (cedisPattern.test(values.amount) && toPesewas(values.amount) < 1)
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter the amount you paid" });
    if (values.discount && toPesewas(values.discount) > toPesewas(values.amount))
      ctx.addIssue({
        code: "custom",
        path: ["discount"],
        message: "The discount can't be more than the amount",
      });
    const problem = purchaseDateProblem(values.purchaseDate, accraDay(new Date()));
    if (problem) ctx.addIssue({ code: "custom", path: ["purchaseDate"], message: problem });
  });

/** The dialogs of a business's page: reporting a purchase, writing a review. */
export interface CompanyDialogProps {
  companyId: number;
  companyName: string;
  onClose(): void;
}

function ReportPurchaseDialog({ companyId, companyName, onClose }: CompanyDialogProps) {
  const send = useReportPurchase(companyId);
  const form = useContractForm(purchaseForm, {
    defaultValues: {
      amount: "",
      discount: "",
      receiptNumber: "",
      purchaseDate: accraDay(new Date()),
      receiptImage: "",
    },
  });
  return (
    <Dialog open onClose={onClose} title={`Report a purchase at ${companyName}`}>
      <Form
        form={form}
        aria-label={`Report a purchase at ${companyName}`}
        className="space-y-3"
        onValid={(values) =>
          send.mutate(
            {
              companyId,
              purchaseAmountPesewas: toPesewas(values.amount),
              discountAmountPesewas: values.discount ? toPesewas(values.discount) : 0,
              receiptNumber: values.receiptNumber,
              receiptImage: values.receiptImage,
              purchaseDate: values.purchaseDate,
            },
            {
              onSuccess: () => {
                toast({
                  title: "Purchase sent",
                  description: "Our staff check the receipt, usually within a day. We'll let you know.",
                });
                onClose();
              },
              onError: (failure) => {
                const applied = applyServerErrors(form, failure, {
                  fieldFor: {
                    purchaseAmountPesewas: "amount",
                    discountAmountPesewas: "discount",
                  },
                });
                if (Object.keys(applied).length === 0) {
                  toast({
                    title: "Could not send the purchase",
                    description: serverMessage(failure) ?? "Please try again.",
                    variant: "destructive",
                  });
                }
              },
            },
          )
        }
      >
        <TextField
          name="amount"
          label="Amount on the receipt (GH₵)"
          required
          inputMode="decimal"
          placeholder="45.50"
        />
        <TextField
          name="discount"
          label="Discount you got (GH₵)"
          labelNote="optional"
          inputMode="decimal"
          placeholder="0"
        />
        <TextField name="receiptNumber" label="Receipt number" required maxLength={60} autoComplete="off" />
        <TextField
          name="purchaseDate"
          label="Date of the purchase"
          type="date"
          required
          max={accraDay(new Date())}
        />
        <ImageField
          name="receiptImage"
          label="Photo of the receipt"
          hint="The whole receipt, with its number and total readable. We shrink it on your phone first."
          capture="environment"
          maxSide={receiptMaxSide}
          preparingText="Preparing the photo…"
          previewAlt="Your receipt"
          previewMaxHeight="max-h-48"
        />
        <Button type="submit" className="min-h-12 w-full" pending={send.isPending} pendingLabel="Sending…">
          Send for checking
        </Button>
      </Form>
    </Dialog>
  );
}

const statusText: Record<MyPurchase["status"], string> = {
  pending: "Waiting for a check",
  verified: "Verified",
  rejected: "Not verified",
};

/** The member's purchases at this business, newest first, with their status. */
function MyPurchasesHere({ companyId }: { companyId: number }) {
  const mine = useMyPurchases();
  const here = mine.data?.purchases.filter((purchase) => purchase.company.id === companyId) ?? [];
  if (here.length === 0) return null;
  return (
    <ul className="space-y-2 text-sm" aria-label="Your purchases here" data-testid="my-purchases">
      {here.slice(0, 5).map((purchase) => (
        <li key={purchase.id} className="rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200">
          <p className="font-semibold text-stone-900">
            {formatCedis(purchase.finalAmountPesewas)} on {formatAccraDate(purchase.purchaseDate)} ·{" "}
            <span
              className={
                purchase.status === "verified"
                  ? "text-emerald-700"
                  : purchase.status === "rejected"
                    ? "text-red-700"
                    : "text-amber-800"
              }
            >
              {statusText[purchase.status]}
            </span>
          </p>
          <p className="text-stone-600">Receipt {purchase.receiptNumber}</p>
          {purchase.rejectionReason && <p className="text-stone-700">Why: {purchase.rejectionReason}</p>}
        </li>
      ))}
    </ul>
  );
}

/**
 * "Report a purchase": the member sends a receipt photo; once staff verify it, they may review the
 * business. Shows the member's purchases here and their status.
 */
export function ReportPurchase({ companyId, companyName }: { companyId: number; companyName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-700">
        Bought something at {companyName}? Send a photo of the receipt. Once our staff verify it, you can
        review {companyName}.
      </p>
      <Button variant="secondary" className="min-h-12 w-full sm:w-auto" onClick={() => setOpen(true)}>
        <Receipt className="size-5" aria-hidden /> Report a purchase
      </Button>
      <MyPurchasesHere companyId={companyId} />
      {open && (
        <ReportPurchaseDialog
          companyId={companyId}
          companyName={companyName}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
