import { useState } from "react";
import { type CompanySummary, companySignInLinkRequest } from "../../../shared/contracts/companies";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { Form, TextField } from "../../components/ui/form-field";
import { PageSpinner } from "../../components/ui/page-spinner";
import { serverMessage } from "../../lib/api-errors";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useOncePer } from "../../lib/use-once";
import { useCompanySignInWithLink, useSendCompanySignInLink } from "./api";
import { fallbackMessage } from "./sign-in-form";

/** "Send me a sign-in link": always works for the owner, to the business's email (else its phone). */
export function CompanySignInLinkForm({ onBack }: { onBack(): void }) {
  const send = useSendCompanySignInLink();
  const form = useContractForm(companySignInLinkRequest, { defaultValues: { username: "" } });
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  const submit = ({ username }: { username: string }) =>
    send.mutate(username, {
      onSuccess: ({ message }) => setSentMessage(message),
      onError: (failure) => applyServerErrors(form, failure, { fallbackField: "username", fallbackMessage }),
    });

  if (sentMessage) return <CompanyLinkSent message={sentMessage} onBack={onBack} />;

  return (
    <Form form={form} onValid={submit} aria-label="Business sign-in link" className="space-y-4">
      <p className="text-sm text-stone-600">
        We'll send a link that opens your dashboard without your password, to your business email or phone.
      </p>
      <TextField
        name="username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      <Button type="submit" className="w-full" pending={send.isPending} pendingLabel="Sending…">
        Send me a sign-in link
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        Back to sign in
      </Button>
    </Form>
  );
}

/** The answer to a sign-in link request (the same whether or not the username exists). */
export function CompanyLinkSent({ message, onBack }: { message: string; onBack(): void }) {
  return (
    <div className="space-y-4" data-testid="company-link-sent">
      <p role="status" className="text-stone-700">
        {message} It works once, for 15 minutes.
      </p>
      <Button variant="secondary" className="w-full" onClick={onBack}>
        Back to sign in
      </Button>
    </div>
  );
}

/** Opens a business sign-in link once; says why when it no longer works. */
export function CompanySignInWithLink({
  token,
  onSignedIn,
  onAskAgain,
}: {
  token: string;
  onSignedIn(company: CompanySummary): void;
  onAskAgain(): void;
}) {
  const { mutate: signIn } = useCompanySignInWithLink();
  const [failure, setFailure] = useState<string | null>(null);

  useOncePer(token, (once) =>
    signIn(once, {
      onSuccess: (result) => {
        if (result.company) onSignedIn(result.company);
      },
      onError: (error) => setFailure(serverMessage(error) ?? fallbackMessage),
    }),
  );

  if (!failure) return <PageSpinner label="Signing you in…" />;
  return (
    <div className="space-y-4">
      <FormAlert>{failure}</FormAlert>
      <Button className="w-full" onClick={onAskAgain}>
        Send me a new link
      </Button>
    </div>
  );
}
