import { useEffect } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { brand } from "../../shared/brand";
import { paths } from "../app/paths";
import { LanguageSwitch } from "../components/language-choice";
import { Card } from "../components/ui/card";
import { PageSpinner } from "../components/ui/page-spinner";
import { BusinessFrame } from "../features/company-account/business-frame";
import { useCounterSession } from "../features/counter/api";
import { MerchantLoginForm } from "../features/counter/merchant-login-form";
import { counterPageAfterSignIn } from "../features/counter/return-to-counter";
import { useT } from "../lib/i18n";

/**
 * `/merchant-login`: counter staff sign in on the shop's phone (business username, their name, PIN), then
 * go on to the counter page they opened signed out (`?next=`), else the counter's home.
 */
export default function MerchantLoginPage() {
  const session = useCounterSession({ checkNow: true });
  const navigate = useNavigate();
  const location = useLocation();
  const t = useT();
  // The counter page a signed-out visit asked for (only this site's counter pages), else the counter's home.
  const signedInGoesTo = () => counterPageAfterSignIn(location.search, window.location.origin);

  useEffect(() => {
    document.title = t("counter.login.docTitle", { brand: brand.name });
  }, [t]);

  // Only a fresh answer sends someone on: a cached one may be the session that just ended.
  if (session.isPending) return <PageSpinner />;
  if (session.actor && session.isChecked && !session.isOfflineCopy) {
    return <Navigate to={signedInGoesTo()} replace />;
  }

  return (
    <BusinessFrame>
      <h1 className="mb-1 text-2xl font-extrabold text-stone-950">{t("counter.login.title")}</h1>
      <p className="mb-4 text-stone-700">{t("counter.login.intro")}</p>
      <Card>
        <MerchantLoginForm onSignedIn={() => navigate(signedInGoesTo(), { replace: true })} />
      </Card>
      <Card className="mt-4">
        <LanguageSwitch />
      </Card>
      <p className="mt-5 text-center text-sm text-stone-600">
        {t("counter.login.owner")}{" "}
        <Link to={paths.company} className="font-semibold text-amber-800 underline underline-offset-2">
          {t("counter.login.ownerLink")}
        </Link>
      </p>
    </BusinessFrame>
  );
}
