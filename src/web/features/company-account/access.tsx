import { ShieldAlert } from "lucide-react";
import { Link, Navigate } from "react-router";
import { parsePlainId } from "../../../shared/plain-id";
import { companyDashboardPath, paths } from "../../app/paths";
import { buttonClass } from "../../components/ui/button";
import { LoadError } from "../../components/ui/load-error";
import { ApiError } from "../../lib/api-client";
import { useAuth } from "../../lib/auth";
import { useCompanyMe } from "./api";

export const notYourBusinessMessage = "You can only manage your own business";

function NotYourBusiness() {
  const me = useCompanyMe();
  const own = me.data?.company;
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-16 text-center" data-testid="company-forbidden">
      <ShieldAlert className="mx-auto size-12 text-red-600" aria-hidden />
      <h1 className="mt-3 text-xl font-bold text-stone-900">{notYourBusinessMessage}</h1>
      <p className="mt-2 text-stone-600">
        {own ? `You're signed in as ${own.name}.` : "Sign in with your own business account."}
      </p>
      <Link
        to={own ? companyDashboardPath(own.id) : paths.company}
        className={buttonClass("primary", "mt-5")}
      >
        {own ? "Go to your dashboard" : "Business sign in"}
      </Link>
    </div>
  );
}

/**
 * What a business page shows when its data can't be read: no company session (401) goes to the
 * sign-in; another business (403) is told so; anything else can be retried.
 */
export function CompanyLoadProblem({ error, onRetry }: { error: unknown; onRetry(): void }) {
  if (error instanceof ApiError && error.status === 401) return <Navigate to={paths.company} replace />;
  if (error instanceof ApiError && error.status === 403) return <NotYourBusiness />;
  if (error instanceof ApiError && error.status === 404) {
    return (
      <div role="alert" className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-xl font-bold text-stone-900">Business not found</h1>
        <Link to={paths.company} className={buttonClass("primary", "mt-5")}>
          Business sign in
        </Link>
      </div>
    );
  }
  return <LoadError onRetry={onRetry} />;
}

export type CompanyPageAccess = "checking" | "allowed" | "signedOut";

/**
 * Who may open a business's page: a business signed in on this device, or a platform admin. A visitor
 * with neither goes to the business sign-in before any business data is asked for, so the browser never
 * logs a refused (401) request on the way.
 */
export function useCompanyPageAccess(): CompanyPageAccess {
  const me = useCompanyMe();
  const { isAdmin } = useAuth();
  if (isAdmin) return "allowed";
  if (me.isPending) return "checking";
  // A failed check is not a sign-out: the page's own request then says what went wrong.
  return me.isError || me.data?.company ? "allowed" : "signedOut";
}

/** The :id route parameter as a company id, or null when it isn't one (the server's rule for ids). */
export function companyIdParam(id: string | undefined): number | null {
  return parsePlainId(id);
}
