import { useId, useRef, useState } from "react";
import type { z } from "zod";
import {
  type MyCashback,
  type PayoutAccountRequest,
  payoutAccountRequest,
} from "../../../shared/contracts/cashback";
import { momoNetworks } from "../../../shared/contracts/money";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { CodeField, Form, SelectField, TextField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { useAuth } from "../../lib/auth";
import { formatAccraDateTime } from "../../lib/dates";
import { formatPhone } from "../../lib/format";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { momoNetworkNames } from "../../lib/momo-networks";
import { useSetPayoutAccount } from "./api";
import { payoutCodeForm } from "./cashback-forms";

type PayoutAccount = NonNullable<MyCashback["payoutAccount"]>;

/** The wallet was saved: she is told where her cashback now goes. */
function announceSaved(account: PayoutAccount, t: ReturnType<typeof useT>) {
  toast({
    title: t("cashback.wallet.saved"),
    description: t("cashback.wallet.savedText", { phone: formatPhone(account.phoneNumber) }),
  });
}

/** A failure no field message explains: the server's own words, or that it never answered. */
function failureText(failure: unknown, t: ReturnType<typeof useT>): string {
  return serverMessage(failure) ?? t("cashback.wallet.failed");
}

interface DetailsStepProps {
  account: PayoutAccount | null;
  onCodeSent(request: PayoutAccountRequest, phoneNumber: string): void;
  onSaved(account: PayoutAccount): void;
  onCancel(): void;
}

/** The number, its network and the name on it; her verified phone is saved at once, another gets a code. */
function WalletDetailsStep({ account, onCodeSent, onSaved, onCancel }: DetailsStepProps) {
  const t = useT();
  const { user } = useAuth();
  const save = useSetPayoutAccount();
  const [alert, setAlert] = useState<string | null>(null);
  const startingNumber = account?.phoneNumber ?? user?.phoneNumber;
  const form = useContractForm(payoutAccountRequest, {
    defaultValues: {
      phoneNumber: startingNumber ? formatPhone(startingNumber) : "",
      network: account?.network,
      accountName: account?.accountName ?? "",
    },
  });
  return (
    <Form
      form={form}
      aria-label={t("cashback.wallet.formLabel")}
      data-testid="payout-account-form"
      className="space-y-3"
      onValid={(request) => {
        setAlert(null);
        save.mutate(request, {
          onSuccess: (answer) =>
            "saved" in answer ? onSaved(answer.saved) : onCodeSent(request, answer.codeSentTo),
          onError: (failure) => {
            const applied = applyServerErrors(form, failure);
            if (Object.keys(applied).length === 0) setAlert(failureText(failure, t));
          },
        });
      }}
    >
      <TextField
        name="phoneNumber"
        label={t("cashback.wallet.number")}
        type="tel"
        autoComplete="tel"
        placeholder="024 123 4567"
        required
      />
      <SelectField name="network" label={t("payment.form.network")} required>
        <option value="">{t("payment.form.chooseNetwork")}</option>
        {momoNetworks.map((network) => (
          <option key={network} value={network}>
            {momoNetworkNames[network]}
          </option>
        ))}
      </SelectField>
      <TextField
        name="accountName"
        label={t("cashback.wallet.name")}
        labelNote={t("cashback.optional")}
        autoComplete="name"
        maxLength={100}
        hint={t("cashback.wallet.nameHint")}
      />
      {alert && <FormAlert testId="payout-account-alert">{alert}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          className="min-h-11"
          pending={save.isPending}
          pendingLabel={t("cashback.wallet.saving")}
        >
          {t("cashback.wallet.save")}
        </Button>
        <Button variant="ghost" className="min-h-11" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
      </div>
    </Form>
  );
}

interface CodeStepProps {
  /** The details as first sent: sent again with the code, or alone for a new code. */
  request: PayoutAccountRequest;
  phoneNumber: string;
  onSaved(account: PayoutAccount): void;
  onOtherNumber(): void;
}

/** After a 202: the 6-digit code texted to the new number, sent back with the same details to save them. */
function WalletCodeStep({ request, phoneNumber, onSaved, onOtherNumber }: CodeStepProps) {
  const t = useT();
  const confirm = useSetPayoutAccount();
  const resend = useSetPayoutAccount();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useContractForm(payoutCodeForm, { defaultValues: { verificationCode: "" } });
  const inFlight = useRef(false);

  const send = ({ verificationCode }: z.output<typeof payoutCodeForm>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setAlert(null);
    confirm.mutate(
      { ...request, verificationCode },
      {
        onSuccess: (answer) => {
          if ("saved" in answer) onSaved(answer.saved);
        },
        onError: (failure) => {
          form.setValue("verificationCode", "");
          const applied = applyServerErrors(form, failure, {
            fallbackField: serverMessage(failure) ? "verificationCode" : undefined,
          });
          if (Object.keys(applied).length === 0) setAlert(failureText(failure, t));
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };
  const sendNewCode = () =>
    resend.mutate(request, {
      onSuccess: () => toast({ title: t("cashback.wallet.codeSent", { phone: formatPhone(phoneNumber) }) }),
      onError: (failure) => setAlert(failureText(failure, t)),
    });

  return (
    <Form
      form={form}
      aria-label={t("cashback.wallet.codeFormLabel")}
      data-testid="payout-code-form"
      className="space-y-3"
      onValid={send}
    >
      <CodeField
        name="verificationCode"
        label={t("auth.codeLabel")}
        hint={t("cashback.wallet.codeSent", { phone: formatPhone(phoneNumber) })}
        onComplete={() => void form.handleSubmit(send)()}
        autoFocus
      />
      {alert && <FormAlert testId="payout-code-alert">{alert}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          className="min-h-11"
          pending={confirm.isPending}
          pendingLabel={t("cashback.wallet.confirming")}
        >
          {t("cashback.wallet.confirm")}
        </Button>
        <Button variant="secondary" className="min-h-11" onClick={sendNewCode} pending={resend.isPending}>
          {t("cashback.wallet.resend")}
        </Button>
        <Button variant="ghost" className="min-h-11" onClick={onOtherNumber}>
          {t("cashback.wallet.otherNumber")}
        </Button>
      </div>
    </Form>
  );
}

/** Setting or changing the wallet: its details, then (for a number not yet verified) the texted code. */
function PayoutAccountForm({
  account,
  onSaved,
  onCancel,
}: {
  account: PayoutAccount | null;
  onSaved(account: PayoutAccount): void;
  onCancel(): void;
}) {
  const [codeSent, setCodeSent] = useState<{ request: PayoutAccountRequest; phoneNumber: string } | null>(
    null,
  );
  if (codeSent) {
    return (
      <WalletCodeStep
        request={codeSent.request}
        phoneNumber={codeSent.phoneNumber}
        onSaved={onSaved}
        onOtherNumber={() => setCodeSent(null)}
      />
    );
  }
  return (
    <WalletDetailsStep
      account={account}
      onCodeSent={(request, phoneNumber) => setCodeSent({ request, phoneNumber })}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}

function SavedWallet({ account, onChange }: { account: PayoutAccount; onChange(): void }) {
  const t = useT();
  const held = account.holdUntil !== null && new Date(account.holdUntil).getTime() > Date.now();
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="font-semibold text-stone-900 tabular-nums" data-testid="payout-number">
          {formatPhone(account.phoneNumber)}
        </p>
        <p className="text-sm break-words text-stone-600" data-testid="payout-network">
          {[momoNetworkNames[account.network], account.accountName].filter(Boolean).join(" · ")}
        </p>
        {held && (
          <p className="text-xs text-stone-600" data-testid="payout-held">
            {t("cashback.wallet.heldUntil", { time: formatAccraDateTime(account.holdUntil!) })}
          </p>
        )}
      </div>
      <Button variant="secondary" className="min-h-11 px-4" onClick={onChange}>
        {t("cashback.wallet.change")}
      </Button>
    </div>
  );
}

/** Where her withdrawals go: the saved wallet with "Change", or a way to add one. */
export function PayoutAccountSection({ account }: { account: PayoutAccount | null }) {
  const t = useT();
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const saved = (updated: PayoutAccount) => {
    announceSaved(updated, t);
    setEditing(false);
  };
  let body = (
    <div className="space-y-2">
      <p className="text-sm text-stone-600">{t("cashback.wallet.none")}</p>
      <Button variant="secondary" className="min-h-11" onClick={() => setEditing(true)}>
        {t("cashback.wallet.add")}
      </Button>
    </div>
  );
  if (editing) {
    body = <PayoutAccountForm account={account} onSaved={saved} onCancel={() => setEditing(false)} />;
  } else if (account) {
    body = <SavedWallet account={account} onChange={() => setEditing(true)} />;
  }
  return (
    <section aria-labelledby={titleId} className="space-y-2" data-testid="payout-account">
      <h3 id={titleId} className="font-bold text-stone-900">
        {t("cashback.wallet.title")}
      </h3>
      {body}
    </section>
  );
}
