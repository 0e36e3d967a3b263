import { LogIn } from "lucide-react";
import { useState } from "react";
import {
  type CounterActor,
  type MerchantLoginRequest,
  merchantLoginRequest,
} from "../../../shared/contracts/counter";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { Form, TextField } from "../../components/ui/form-field";
import { serverMessage } from "../../lib/api-errors";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { useMerchantLogin } from "./api";

const lastUsernameKey = "anigye.counterUsername";

function lastUsername(): string {
  try {
    return localStorage.getItem(lastUsernameKey) ?? "";
  } catch {
    return "";
  }
}

/**
 * Counter staff sign in on the shop's phone with the business's username, their own name and their PIN.
 * The username is remembered on the phone (it is the shop's), the name and PIN never are.
 */
export function MerchantLoginForm({ onSignedIn }: { onSignedIn(actor: CounterActor): void }) {
  const t = useT();
  const login = useMerchantLogin();
  const form = useContractForm(merchantLoginRequest, {
    defaultValues: { username: lastUsername(), staffName: "", pin: "" },
  });
  const [alert, setAlert] = useState<string | null>(null);

  const submit = (credentials: MerchantLoginRequest) => {
    setAlert(null);
    login.mutate(credentials, {
      onSuccess: ({ actor }) => {
        try {
          localStorage.setItem(lastUsernameKey, credentials.username);
        } catch {
          // Not remembered; typed again next time.
        }
        onSignedIn(actor);
      },
      onError: (failure) => {
        applyServerErrors(form, failure);
        setAlert(serverMessage(failure) ?? t("counter.login.failed"));
        form.setValue("pin", "");
      },
    });
  };

  return (
    <Form form={form} onValid={submit} aria-label={t("counter.login.title")} className="space-y-4">
      {alert && <FormAlert testId="merchant-login-error">{alert}</FormAlert>}
      <TextField
        name="username"
        label={t("counter.login.username")}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextField name="staffName" label={t("counter.login.staffName")} autoComplete="name" />
      <TextField
        name="pin"
        label="PIN"
        type="password"
        inputMode="numeric"
        autoComplete="current-password"
        maxLength={6}
        hint={t("counter.login.pinHint")}
      />
      <Button
        type="submit"
        className="min-h-12 w-full"
        pending={login.isPending}
        pendingLabel={t("counter.login.submitting")}
      >
        <LogIn className="size-5" aria-hidden /> {t("counter.login.submit")}
      </Button>
    </Form>
  );
}
