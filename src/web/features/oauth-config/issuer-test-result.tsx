import { CircleCheck, CircleX } from "lucide-react";
import type { TestOAuthIssuerResponse } from "../../../shared/contracts/oauth-config";

/** What the Test button found: the issuer's endpoints, or why it could not be read. */
export function IssuerTestResult({ result }: { result: TestOAuthIssuerResponse }) {
  if (!result.ok) {
    return (
      <div
        role="alert"
        data-testid="issuer-test-failed"
        className="flex gap-2 rounded-xl bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200"
      >
        <CircleX className="mt-0.5 size-4 shrink-0" aria-hidden />
        <div>
          <p className="font-semibold">The issuer test failed</p>
          <p className="break-words">{result.message}</p>
        </div>
      </div>
    );
  }
  return (
    <div
      role="status"
      data-testid="issuer-test-ok"
      className="flex gap-2 rounded-xl bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-200"
    >
      <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0">
        <p className="font-semibold">The issuer answered: {result.issuer}</p>
        <dl className="mt-1 grid gap-x-3 gap-y-0.5 sm:grid-cols-[auto_1fr]">
          <dt className="text-green-800">Sign-in page</dt>
          <dd className="break-all font-mono text-xs leading-5">{result.authorizationEndpoint}</dd>
          <dt className="text-green-800">Token endpoint</dt>
          <dd className="break-all font-mono text-xs leading-5">{result.tokenEndpoint}</dd>
        </dl>
      </div>
    </div>
  );
}
