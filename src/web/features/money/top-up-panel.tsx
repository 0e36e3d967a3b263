import { Plus } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { brand } from "../../../shared/brand";
import { momoNetworks, topUpMaxPesewas, topUpMinPesewas } from "../../../shared/contracts/money";
import type { PaymentMethod, PaymentResponse, PlansResponse } from "../../../shared/contracts/payments";
import { formatCedis } from "../../../shared/money";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { ChoiceGroupField, Form, SelectField, TextField } from "../../components/ui/form-field";
import { cedisToPesewas } from "../../lib/cedis";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { momoNetworkNames } from "../../lib/momo-networks";
import { paymentMethodsOf, paymentStartFailedText, useTellShowing } from "../../lib/payment-start";
import { useStartTopUp } from "./api";
import { topUpForm } from "./money-forms";

/** The ways to pay, from GET /api/plans (read by the page, as for a plan). */
type PayOptions = Pick<PlansResponse, "manualMomo" | "providerEnabled">;

/** The plans' read as the page holds it: the ways to pay once loaded, or a failure to retry. */
interface PayOptionsRead {
  data?: PayOptions;
  isError: boolean;
  refetch(): unknown;
}

/** The first step, as a plan's: the amount, how to pay, the network and the MoMo number. */
function TopUpForm({
  companyId,
  methods,
  onStarted,
}: {
  companyId: number;
  methods: PaymentMethod[];
  onStarted(payment: PaymentResponse): void;
}) {
  const t = useT();
  const start = useStartTopUp(companyId);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useContractForm(topUpForm, {
    defaultValues: { amount: "", method: methods[0], paymentPhone: "", network: "" },
  });
  const method = form.watch("method") as PaymentMethod;
  const typed = cedisToPesewas(form.watch("amount"));
  const onPhone = method === "paystack";

  return (
    <Form
      form={form}
      aria-label={t(onPhone ? "payment.form.onPhone" : "payment.form.transfer")}
      className="space-y-4"
      onValid={(body) => {
        setAlert(null);
        start.mutate(body, {
          onSuccess: onStarted,
          onError: (failure) => {
            const applied = applyServerErrors(form, failure, { fieldFor: { amountPesewas: "amount" } });
            if (Object.keys(applied).length === 0) setAlert(paymentStartFailedText(failure));
          },
        });
      }}
    >
      <TextField
        name="amount"
        label="Amount in GH₵"
        inputMode="decimal"
        autoComplete="off"
        placeholder="20"
        required
        hint={`From ${formatCedis(topUpMinPesewas)} to ${formatCedis(topUpMaxPesewas)} at a time.`}
      />
      {methods.length > 1 && (
        <ChoiceGroupField
          name="method"
          label={t("payment.form.howToPay")}
          options={methods.map((value) => ({
            value,
            label: t(value === "paystack" ? "payment.method.paystack" : "payment.method.manual"),
          }))}
          hint={t(onPhone ? "payment.method.paystackText" : "payment.method.manualText", {
            brand: brand.name,
          })}
        />
      )}
      <SelectField name="network" label={t("payment.form.network")} required>
        <option value="">{t("payment.form.chooseNetwork")}</option>
        {momoNetworks.map((network) => (
          <option key={network} value={network}>
            {momoNetworkNames[network]}
          </option>
        ))}
      </SelectField>
      <TextField
        name="paymentPhone"
        label={t(onPhone ? "payment.form.momoNumber" : "payment.form.momoNumberFrom")}
        type="tel"
        autoComplete="tel"
        placeholder="024 123 4567"
        hint={t(onPhone ? "payment.form.promptHint" : "payment.form.manualHint")}
      />
      {alert && <FormAlert testId="top-up-alert">{alert}</FormAlert>}
      <Button type="submit" pending={start.isPending} pendingLabel={t("payment.form.starting")}>
        {!onPhone
          ? t("payment.form.showDetails")
          : typed
            ? t("payment.form.pay", { amount: formatCedis(typed) })
            : "Pay"}
      </Button>
    </Form>
  );
}

/** Before the order exists: the form, once the ways to pay are known (or why it can't be shown). */
function StartStep({
  companyId,
  payOptions,
  onStarted,
}: {
  companyId: number;
  payOptions: PayOptionsRead;
  onStarted(payment: PaymentResponse): void;
}) {
  const t = useT();
  if (payOptions.isError) {
    return (
      <FormAlert>
        We couldn't load the ways to pay.{" "}
        <button type="button" className="font-semibold underline" onClick={() => void payOptions.refetch()}>
          {t("payment.tryAgain")}
        </button>
      </FormAlert>
    );
  }
  if (!payOptions.data) {
    return (
      <p role="status" className="text-sm text-stone-600">
        Loading the ways to pay…
      </p>
    );
  }
  const methods = paymentMethodsOf(payOptions.data);
  if (methods.length === 0) {
    return (
      <FormAlert testId="pay-unavailable">
        {t("payment.unavailable", { phone: brand.supportPhone, email: brand.supportEmail })}
      </FormAlert>
    );
  }
  return <TopUpForm companyId={companyId} methods={methods} onStarted={onStarted} />;
}

interface TopUpPanelProps {
  companyId: number;
  payOptions: PayOptionsRead;
  /** What follows once the payment exists: its next steps until paid (the payments' own screen). */
  renderProgress(payment: PaymentResponse, startAgain: () => void): ReactNode;
  /** Told which payment this panel shows (null when none), so the page lists it once. */
  onShowing?(paymentId: number | null): void;
}

/**
 * "Top up": money onto the balance, paid as a plan is (a prompt on the phone, or a manual MoMo transfer
 * an admin checks); the payments' own steps follow once the order is made.
 */
export function TopUpPanel({ companyId, payOptions, renderProgress, onShowing }: TopUpPanelProps) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [started, setStarted] = useState<PaymentResponse | null>(null);
  const startedId = started?.id ?? null;
  useTellShowing(startedId, onShowing);

  const close = () => {
    setOpen(false);
    setStarted(null);
  };
  if (!open) {
    return (
      <Button onClick={() => setOpen(true)}>
        <Plus className="size-4" aria-hidden /> Top up
      </Button>
    );
  }
  return (
    <section aria-labelledby={titleId} className="space-y-4 border-y border-stone-200 py-4">
      <h3 id={titleId} className="font-bold text-stone-900">
        Top up the balance
      </h3>
      {started ? (
        renderProgress(started, () => setStarted(null))
      ) : (
        <StartStep companyId={companyId} payOptions={payOptions} onStarted={setStarted} />
      )}
      <Button variant="secondary" onClick={close}>
        {started ? "Close" : "Cancel"}
      </Button>
    </section>
  );
}
