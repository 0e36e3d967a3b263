import { Building2, Smartphone } from "lucide-react";
import { useId, useState } from "react";
import { brand } from "../../../shared/brand";
import {
  type CreatePaymentRequest,
  createPaymentRequest,
  type PaymentMethod,
  type PaymentPurpose,
  type PaymentResponse,
  type PlansResponse,
} from "../../../shared/contracts/payments";
import { formatCedis } from "../../../shared/money";
import type { PlanId } from "../../../shared/plans";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { Form, TextField } from "../../components/ui/form-field";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import type { UiKey } from "../../lib/language";
import { paymentMethodsOf, paymentStartFailedText, useTellShowing } from "../../lib/payment-start";
import { useCreatePayment } from "./api";
import { NetworkField } from "./network-field";
import { PaymentProgress } from "./payment-progress";

/** What is being bought: a company's plan (by its owner) or Anigye+ (by a member). */
export type PaymentOrder =
  | { purpose: Extract<PaymentPurpose, "company_plan">; companyId: number; plan: PlanId }
  | { purpose: Extract<PaymentPurpose, "plus"> };

interface PayPanelProps {
  order: PaymentOrder;
  /** The price the server charges (pesewas), from GET /api/plans. */
  amountPesewas: number;
  /** The ways to pay, from GET /api/plans. */
  options: Pick<PlansResponse, "manualMomo" | "providerEnabled">;
  onSucceeded?(): void;
  /** Told which order this panel shows once started (null when none), so the page lists it once. */
  onShowing?(paymentId: number | null): void;
}

const methodText = {
  paystack: { title: "payment.method.paystack", text: "payment.method.paystackText" },
  momo_manual: { title: "payment.method.manual", text: "payment.method.manualText" },
} as const satisfies Record<PaymentMethod, { title: UiKey; text: UiKey }>;

/** The first step: the network and the MoMo number; the server then creates the order. */
function StartForm({
  order,
  method,
  amountPesewas,
  onStarted,
}: {
  order: PaymentOrder;
  method: PaymentMethod;
  amountPesewas: number;
  onStarted(answer: PaymentResponse): void;
}) {
  const t = useT();
  const create = useCreatePayment();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useContractForm(createPaymentRequest, {
    defaultValues: { ...order, method, paymentPhone: "" },
  });

  const submit = (body: CreatePaymentRequest) => {
    setAlert(null);
    create.mutate(body, {
      onSuccess: onStarted,
      onError: (failure) => {
        const applied = applyServerErrors(form, failure);
        if (Object.keys(applied).length === 0) setAlert(paymentStartFailedText(failure));
      },
    });
  };

  return (
    <Form
      form={form}
      onValid={submit}
      aria-label={t(method === "paystack" ? "payment.form.onPhone" : "payment.form.transfer")}
      className="space-y-4"
    >
      <NetworkField />
      <TextField
        name="paymentPhone"
        label={t(method === "paystack" ? "payment.form.momoNumber" : "payment.form.momoNumberFrom")}
        type="tel"
        autoComplete="tel"
        placeholder="024 123 4567"
        hint={t(method === "paystack" ? "payment.form.promptHint" : "payment.form.manualHint")}
      />
      {alert && <FormAlert testId="pay-alert">{alert}</FormAlert>}
      <Button type="submit" pending={create.isPending} pendingLabel={t("payment.form.starting")}>
        {method === "paystack"
          ? t("payment.form.pay", { amount: formatCedis(amountPesewas) })
          : t("payment.form.showDetails")}
      </Button>
    </Form>
  );
}

function MethodChoice({
  methods,
  value,
  onChange,
}: {
  methods: PaymentMethod[];
  value: PaymentMethod;
  onChange(method: PaymentMethod): void;
}) {
  const t = useT();
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-700">{t("payment.form.howToPay")}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {methods.map((method) => {
          const Icon = method === "paystack" ? Smartphone : Building2;
          const checked = method === value;
          return (
            <label
              key={method}
              className={`flex cursor-pointer items-start gap-3 rounded-xl p-3 ring-1 ${
                checked ? "bg-amber-50 ring-2 ring-amber-500" : "bg-white ring-stone-300 hover:bg-stone-50"
              }`}
            >
              <input
                type="radio"
                name={name}
                value={method}
                checked={checked}
                onChange={() => onChange(method)}
                className="mt-1 accent-amber-600"
              />
              <span>
                <span className="flex items-center gap-1.5 font-semibold text-stone-900">
                  <Icon className="size-4 text-amber-700" aria-hidden />
                  {t(methodText[method].title)}
                </span>
                <span className="mt-0.5 block text-xs text-stone-600">
                  {t(methodText[method].text, { brand: brand.name })}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * Paying by mobile money: the way to pay (approve a prompt on the phone when the provider is on, or a
 * manual MoMo transfer an admin checks), then each step until it is paid, with its receipt.
 */
export function PayPanel({ order, amountPesewas, options, onSucceeded, onShowing }: PayPanelProps) {
  const t = useT();
  const methods = paymentMethodsOf(options);
  const [method, setMethod] = useState<PaymentMethod | undefined>(methods[0]);
  const [started, setStarted] = useState<PaymentResponse | null>(null);
  const startedId = started?.id ?? null;
  useTellShowing(startedId, onShowing);

  if (started) {
    return (
      <PaymentProgress
        paymentId={started.id}
        initial={started}
        onRestart={() => setStarted(null)}
        onSucceeded={onSucceeded}
      />
    );
  }
  if (!method) {
    return (
      <FormAlert testId="pay-unavailable">
        {t("payment.unavailable", { phone: brand.supportPhone, email: brand.supportEmail })}
      </FormAlert>
    );
  }
  return (
    <div className="space-y-4" data-testid="pay-panel">
      {methods.length > 1 && <MethodChoice methods={methods} value={method} onChange={setMethod} />}
      <StartForm
        key={method}
        order={order}
        method={method}
        amountPesewas={amountPesewas}
        onStarted={setStarted}
      />
    </div>
  );
}
