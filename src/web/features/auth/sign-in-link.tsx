import { useState } from "react";
import type { SessionUser } from "../../../shared/contracts/session";
import { newEmailLinkForm } from "../../../shared/forms/account";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { FormAlert } from "../../components/ui/form-alert";
import { TextField } from "../../components/ui/form-field";
import { PageSpinner } from "../../components/ui/page-spinner";
import { serverMessage } from "../../lib/api-errors";
import { useContractForm } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { useOncePer } from "../../lib/use-once";
import { useSendSignInLink, useSignInWithLink } from "./api";
import { WhereToSendStep } from "./auth-step";
import { CheckYourEmail } from "./check-your-email";

/**
 * "Email me a sign-in link": the way in that always works for the owner, whatever anyone typed as their
 * password (docs/product-rules.md#accounts-sign-in-links).
 */
export function SignInLinkForm({ email, onBack }: { email: string; onBack(): void }) {
  const send = useSendSignInLink();
  const t = useT();
  const form = useContractForm(newEmailLinkForm, { defaultValues: { email } });
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  if (sentMessage) return <CheckYourEmail message={sentMessage} testId="sign-in-link-sent" onBack={onBack} />;

  return (
    <WhereToSendStep
      text={{
        title: t("auth.link.title"),
        intro: t("auth.link.intro"),
        formLabel: t("auth.link.formLabel"),
        submit: t("auth.link.submit"),
      }}
      form={form}
      field="email"
      send={send}
      fallbackMessage={t("auth.link.sendFailed")}
      onSent={(_email, message) => setSentMessage(message)}
      onBack={onBack}
    >
      <TextField
        name="email"
        label={t("auth.email")}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
      />
    </WhereToSendStep>
  );
}

/** Opens a sign-in link: signs in once, or says why the link no longer works and offers a new one. */
export function SignInWithLink({
  token,
  onSignedIn,
  onAskAgain,
}: {
  token: string;
  onSignedIn(user: SessionUser): void;
  onAskAgain(): void;
}) {
  const { mutate: signInWithLink } = useSignInWithLink();
  const t = useT();
  const [failure, setFailure] = useState<string | null>(null);

  useOncePer(token, (once) =>
    signInWithLink(once, {
      onSuccess: ({ user }) => onSignedIn(user),
      onError: (error) => setFailure(serverMessage(error) ?? t("auth.link.connectionFailed")),
    }),
  );

  if (!failure) return <PageSpinner label={t("auth.link.signingIn")} />;
  return (
    <Card title={t("auth.link.failedTitle")}>
      <FormAlert>{failure}</FormAlert>
      <Button className="mt-4 w-full" onClick={onAskAgain}>
        {t("auth.link.askAgain")}
      </Button>
    </Card>
  );
}
