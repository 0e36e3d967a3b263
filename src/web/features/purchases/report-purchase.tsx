import { Receipt } from "lucide-react";
import { useState } from "react";
import { z } from "zod";
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
import { useT } from "../../lib/i18n";
import { translate, type UiKey } from "../../lib/language";
import { useMyPurchases, useReportPurchase } from "./api";
import { requiredTextIn } from "./form-texts";

/** Receipts keep more detail than screenshots: the numbers must stay readable. */
const receiptMaxSide = 1600;
const cedisPattern = /^\d{1,6}(\.\d{1,2})?$/;
const toPesewas = (cedis: string) => Math.round(Number(cedis) * 100);

/**
 * The web form: amounts typed in GH₵, sent as pesewas. Its own messages are the screen's (read when a
 * check fails, in the language of that moment); the contracts' messages follow the language by their English.
 */
const purchaseForm = z
  .object({
    amount: z
      .string()
      .trim()
      .regex(cedisPattern, { error: () => translate("purchase.amountFormat") }),
    discount: z
      .string()
      .trim()
      .refine((value) => value === "" || cedisPattern.test(value), {
        error: () => translate("purchase.discountFormat"),
      }),
    receiptNumber: requiredTextIn("purchase.receiptNumber", 60),
    purchaseDate: z.string(),
    receiptImage: z.string().min(1, { error: () => translate("purchase.addPhoto") }),
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

export function ReportPurchaseDialog({ companyId, companyName, onClose }: CompanyDialogProps) {
  const send = useReportPurchase(companyId);
  const t = useT();
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
    <Dialog open onClose={onClose} title={t("purchase.dialogTitle", { company: companyName })}>
      <Form
        form={form}
        aria-label={t("purchase.dialogTitle", { company: companyName })}
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
                  title: t("purchase.sent"),
                  description: t("purchase.sentText"),
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
                    title: t("purchase.sendFailed"),
                    description: serverMessage(failure) ?? t("purchase.tryAgain"),
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
          label={t("purchase.amount")}
          required
          inputMode="decimal"
          placeholder="45.50"
        />
        <TextField
          name="discount"
          label={t("purchase.discount")}
          labelNote={t("purchase.optional")}
          inputMode="decimal"
          placeholder="0"
        />
        <TextField
          name="receiptNumber"
          label={t("purchase.receiptNumber")}
          required
          maxLength={60}
          autoComplete="off"
        />
        <TextField
          name="purchaseDate"
          label={t("purchase.date")}
          type="date"
          required
          max={accraDay(new Date())}
        />
        <ImageField
          name="receiptImage"
          label={t("purchase.photo")}
          hint={t("purchase.photoHint")}
          capture="environment"
          maxSide={receiptMaxSide}
          preparingText={t("purchase.preparing")}
          previewAlt={t("purchase.previewAlt")}
          previewMaxHeight="max-h-48"
        />
        <Button
          type="submit"
          className="min-h-12 w-full"
          pending={send.isPending}
          pendingLabel={t("purchase.sending")}
        >
          {t("purchase.send")}
        </Button>
      </Form>
    </Dialog>
  );
}

const statusText = {
  pending: "purchase.status.pending",
  verified: "purchase.status.verified",
  rejected: "purchase.status.rejected",
} as const satisfies Record<MyPurchase["status"], UiKey>;

/** The member's purchases at this business, newest first, with their status. */
function MyPurchasesHere({ companyId }: { companyId: number }) {
  const mine = useMyPurchases();
  const t = useT();
  const here = mine.data?.purchases.filter((purchase) => purchase.company.id === companyId) ?? [];
  if (here.length === 0) return null;
  return (
    <ul className="space-y-2 text-sm" aria-label={t("purchase.mineLabel")} data-testid="my-purchases">
      {here.slice(0, 5).map((purchase) => (
        <li key={purchase.id} className="rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200">
          <p className="font-semibold text-stone-900">
            {t("purchase.amountOn", {
              amount: formatCedis(purchase.finalAmountPesewas),
              date: formatAccraDate(purchase.purchaseDate),
            })}{" "}
            ·{" "}
            <span
              className={
                purchase.status === "verified"
                  ? "text-emerald-700"
                  : purchase.status === "rejected"
                    ? "text-red-700"
                    : "text-amber-800"
              }
            >
              {t(statusText[purchase.status])}
            </span>
          </p>
          <p className="text-stone-600">{t("purchase.receipt", { number: purchase.receiptNumber })}</p>
          {purchase.rejectionReason && (
            <p className="text-stone-700">{t("purchase.why", { reason: purchase.rejectionReason })}</p>
          )}
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
  const t = useT();
  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-700">{t("purchase.intro", { company: companyName })}</p>
      <Button variant="secondary" className="min-h-12 w-full sm:w-auto" onClick={() => setOpen(true)}>
        <Receipt className="size-5" aria-hidden /> {t("purchase.report")}
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
