import { useCallback, useEffect, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { brand } from "../../shared/brand";
import type { CompanySummary } from "../../shared/contracts/companies";
import { companyDashboardPath } from "../app/paths";
import { Card } from "../components/ui/card";
import { PageSpinner } from "../components/ui/page-spinner";
import { useCompanyMe } from "../features/company-account/api";
import { BusinessFrame } from "../features/company-account/business-frame";
import { CompanySetupForm, ResendSetupForm } from "../features/company-account/setup-forms";
import { CompanyLoginForm } from "../features/company-account/sign-in-form";
import {
  CompanyLinkSent,
  CompanySignInLinkForm,
  CompanySignInWithLink,
} from "../features/company-account/sign-in-link";
import { useAuth } from "../lib/auth";

function NewLinkDisclosure() {
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-5 border-t border-stone-200 pt-4">
      {open ? (
        <>
          <h2 className="mb-1 font-bold text-stone-900">Need a new setup link?</h2>
          <p className="mb-3 text-sm text-stone-600">
            Setup links work once and expire after 72 hours. We'll send a fresh one to your business contact.
          </p>
          <ResendSetupForm />
        </>
      ) : (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="text-sm font-semibold text-amber-700 hover:underline"
        >
          Setup link expired? Send me a new link
        </button>
      )}
    </div>
  );
}

/**
 * `/company`: the business owner's sign-in. With `?setup=<token>` (the link the
 * platform sends a newly registered business), the owner first chooses a username and password; with
 * `?signin=<token>` (a sign-in link asked for here), the owner is signed in.
 */
export default function CompanyPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const setupToken = searchParams.get("setup");
  // A sign-in link's token is kept in state and dropped from the address, so a reload can't reuse it.
  const [linkToken, setLinkToken] = useState(() => searchParams.get("signin"));
  const [askingForLink, setAskingForLink] = useState(false);
  // A link sent from the sign-in form's refusal (too many wrong passwords): its answer, shown instead.
  const [linkSent, setLinkSent] = useState<string | null>(null);
  const navigate = useNavigate();
  const { user, refreshUser } = useAuth();
  const me = useCompanyMe();

  useEffect(() => {
    document.title = `${setupToken === null ? "Business sign in" : "Set up your business"} · ${brand.name}`;
  }, [setupToken]);

  useEffect(() => {
    if (searchParams.has("signin")) setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);

  const onSignedIn = useCallback(
    (company: CompanySummary) => {
      // A business session replaces a consumer session on this device: let the app notice.
      if (user) void refreshUser();
      navigate(companyDashboardPath(company.id), { replace: true });
    },
    [user, refreshUser, navigate],
  );

  if (linkToken !== null) {
    return (
      <BusinessFrame>
        <Card title="Business sign in">
          <CompanySignInWithLink
            token={linkToken}
            onSignedIn={onSignedIn}
            onAskAgain={() => {
              // The link has been tried; going back to the sign-in form must not post it again.
              setLinkToken(null);
              setAskingForLink(true);
            }}
          />
        </Card>
      </BusinessFrame>
    );
  }

  if (setupToken !== null) {
    return (
      <BusinessFrame>
        <Card title="Set up your business account" description="Choose how you'll sign in to your dashboard.">
          <CompanySetupForm token={setupToken} onSignedIn={onSignedIn} />
          <NewLinkDisclosure />
        </Card>
      </BusinessFrame>
    );
  }

  if (me.isPending) return <PageSpinner />;
  if (me.data?.company) return <Navigate to={companyDashboardPath(me.data.company.id)} replace />;

  return (
    <BusinessFrame>
      <Card title="Business sign in" description="Manage your ads, plan and counter staff.">
        {linkSent !== null ? (
          <CompanyLinkSent message={linkSent} onBack={() => setLinkSent(null)} />
        ) : askingForLink ? (
          <CompanySignInLinkForm onBack={() => setAskingForLink(false)} />
        ) : (
          <>
            <CompanyLoginForm onSignedIn={onSignedIn} onLinkSent={setLinkSent} />
            <button
              type="button"
              onClick={() => setAskingForLink(true)}
              className="mt-3 min-h-11 w-full text-sm font-semibold text-amber-700 hover:underline"
            >
              Send me a sign-in link instead
            </button>
          </>
        )}
        <NewLinkDisclosure />
      </Card>
    </BusinessFrame>
  );
}
