import { KeyRound, Server, TriangleAlert } from "lucide-react";
import { useMemo, useState } from "react";
import type { GoogleOAuthConfig } from "../../../shared/contracts/oauth-config";
import { oauthConfigForm } from "../../../shared/forms/oauth-config";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { FormAlert } from "../../components/ui/form-alert";
import { Form, TextField } from "../../components/ui/form-field";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { formatAccraDateTime } from "../../lib/dates";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useOAuthConfig, useSaveOAuthConfig, useTestOAuthIssuer } from "./api";
import { IssuerTestResult } from "./issuer-test-result";

const sourceText: Record<GoogleOAuthConfig["source"], string> = {
  environment: "The server's environment (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)",
  database: "This screen (saved encrypted)",
  none: "Not configured: the Google button is hidden",
};

/** Where the settings in force come from, whether a secret is saved, and the redirect URI to register. */
function ConfigStatus({ google }: { google: GoogleOAuthConfig }) {
  return (
    <dl
      className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]"
      data-testid="oauth-config-status"
      data-source={google.source}
    >
      <dt className="font-medium text-stone-600">In force from</dt>
      <dd className="text-stone-900">{sourceText[google.source]}</dd>
      <dt className="font-medium text-stone-600">Client secret</dt>
      <dd className="text-stone-900" data-testid="oauth-config-has-secret">
        {google.hasSecret ? "Saved (never shown)" : "None saved"}
      </dd>
      {google.updatedAt && (
        <>
          <dt className="font-medium text-stone-600">Last saved</dt>
          <dd className="text-stone-900">
            <time dateTime={google.updatedAt}>{formatAccraDateTime(google.updatedAt)}</time>
          </dd>
        </>
      )}
      <dt className="font-medium text-stone-600">Redirect URI</dt>
      <dd className="break-all font-mono text-xs leading-5 text-stone-900">{google.redirectUri}</dd>
    </dl>
  );
}

function valuesOf(google: GoogleOAuthConfig) {
  return { clientId: google.clientId ?? "", clientSecret: "", issuer: google.issuer };
}

function GoogleOAuthConfigForm({ google }: { google: GoogleOAuthConfig }) {
  const save = useSaveOAuthConfig();
  const test = useTestOAuthIssuer();
  const [alert, setAlert] = useState<string | null>(null);
  const fromEnvironment = google.source === "environment";
  const schema = useMemo(() => oauthConfigForm(google.hasSecret), [google.hasSecret]);
  const form = useContractForm(schema, {
    values: valuesOf(google),
    resetOptions: { keepDirtyValues: true },
  });

  const runTest = async () => {
    if (!(await form.trigger("issuer"))) return;
    test.mutate(
      { issuer: form.getValues("issuer").trim() },
      {
        onError: (failure) => {
          const applied = applyServerErrors(form, failure);
          if (Object.keys(applied).length === 0) {
            toast({
              title: "Could not run the test",
              description: serverMessage(failure) ?? "Please try again.",
              variant: "destructive",
            });
          }
        },
      },
    );
  };

  return (
    <Form
      form={form}
      aria-label="Google sign-in settings"
      className="space-y-4"
      onValid={(body) => {
        setAlert(null);
        save.mutate(body, {
          onSuccess: (saved) => {
            form.reset(valuesOf(saved.google));
            toast({
              title: "Google sign-in saved",
              description: "The Google button uses these settings from the next sign-in.",
            });
          },
          onError: (failure) => {
            const applied = applyServerErrors(form, failure);
            if (Object.keys(applied).length === 0) {
              setAlert(serverMessage(failure) ?? "The settings could not be saved. Please try again.");
            }
          },
        });
      }}
    >
      {fromEnvironment && (
        <p
          className="flex gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="oauth-config-environment"
        >
          <Server className="mt-0.5 size-4 shrink-0" aria-hidden />
          The server's environment sets Google sign-in, and it wins over this screen. Change GOOGLE_CLIENT_ID,
          GOOGLE_CLIENT_SECRET and GOOGLE_ISSUER there, or unset them to manage it here.
        </p>
      )}
      <fieldset disabled={fromEnvironment} className="space-y-4">
        <TextField
          name="clientId"
          label="Client ID"
          hint="From Google Cloud console → APIs & Services → Credentials, e.g. 1234-abc.apps.googleusercontent.com"
          autoComplete="off"
          spellCheck={false}
          required
          maxLength={300}
        />
        <TextField
          name="clientSecret"
          label="Client secret"
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          maxLength={500}
          required={!google.hasSecret}
          hint={
            google.hasSecret
              ? "A secret is saved and never shown. Leave this empty to keep it; type a new one to replace it."
              : "Needed for the first save. It is stored encrypted and never shown again."
          }
        />
        <TextField
          name="issuer"
          label="Issuer"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          required
          maxLength={500}
          hint="https://accounts.google.com for Google. Test reads its /.well-known/openid-configuration."
        />
      </fieldset>
      {alert && <FormAlert>{alert}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        {!fromEnvironment && (
          <Button
            type="submit"
            className="min-h-11"
            pending={save.isPending}
            pendingLabel="Saving…"
            data-testid="oauth-config-save"
          >
            Save
          </Button>
        )}
        <Button
          variant="secondary"
          className="min-h-11"
          pending={test.isPending}
          pendingLabel="Testing…"
          onClick={() => void runTest()}
          data-testid="oauth-config-test"
        >
          Test the issuer
        </Button>
      </div>
      {test.data && <IssuerTestResult result={test.data} />}
    </Form>
  );
}

/** Admins: Google sign-in's client id, secret and issuer, set from the screen unless the environment sets them. */
export function GoogleOAuthConfigSection() {
  const query = useOAuthConfig();
  if (query.isPending) {
    return (
      <div className="space-y-3" role="status" aria-label="Loading the Google sign-in settings">
        <Skeleton className="h-24" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        message="We couldn't load the Google sign-in settings."
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { google } = query.data;
  return (
    <Card
      title="Google sign-in"
      description="The OAuth client members use to continue with Google."
      icon={<KeyRound className="size-5" aria-hidden />}
      testId="oauth-config"
    >
      <div className="space-y-5">
        <ConfigStatus google={google} />
        {google.problem && (
          <p
            role="alert"
            className="flex gap-2 rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-900 ring-1 ring-amber-200"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {google.problem}
          </p>
        )}
        <GoogleOAuthConfigForm google={google} />
      </div>
    </Card>
  );
}
