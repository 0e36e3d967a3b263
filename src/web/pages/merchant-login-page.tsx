import { useEffect } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { brand } from "../../shared/brand";
import { paths } from "../app/paths";
import { LanguageSwitch } from "../components/language-choice";
import { Card } from "../components/ui/card";
import { PageSpinner } from "../components/ui/page-spinner";
import { BusinessFrame } from "../features/company-account/business-frame";
import { useCounterSession } from "../features/counter/api";
import { MerchantLoginForm } from "../features/counter/merchant-login-form";
import { useT } from "../lib/i18n";

/** `/merchant-login`: counter staff sign in on the shop's phone (business username, their name, PIN). */
export default function MerchantLoginPage() {
  const session = useCounterSession({ checkNow: true });
  const navigate = useNavigate();
  const t = useT();

  useEffect(() => {
    document.title = t("counter.login.docTitle", { brand: brand.name });
  }, [t]);

  // Only a fresh answer sends someone on: a cached one may be the session that just ended.
  if (session.isPending) return <PageSpinner />;
  if (session.actor && session.isChecked && !session.isOfflineCopy) {
    return <Navigate to={paths.merchant} replace />;
  }

  return (
    <BusinessFrame>
      <h1 className="mb-1 text-2xl font-extrabold text-stone-950">{t("counter.login.title")}</h1>
      <p className="mb-4 text-stone-700">{t("counter.login.intro")}</p>
      <Card>
        <MerchantLoginForm onSignedIn={() => navigate(paths.merchant, { replace: true })} />
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
