import { type ReactNode, useEffect } from "react";
import { Link, useParams } from "react-router";
import { brand } from "../../shared/brand";
import type { PaymentDetail } from "../../shared/contracts/payments";
import { parsePlainId } from "../../shared/plain-id";
import { paths, subscriptionDetailsPath } from "../app/paths";
import { buttonClass } from "../components/ui/button";
import { LoadError } from "../components/ui/load-error";
import { PageSpinner } from "../components/ui/page-spinner";
import { useCompanyMe } from "../features/company-account/api";
import { usePayment } from "../features/payments/api";
import { PaymentReceipt, receiptHeading } from "../features/payments/payment-receipt";
import { ApiError } from "../lib/api-client";
import { useAuth } from "../lib/auth";
import { useT } from "../lib/i18n";
import type { UiKey } from "../lib/language";
import { rememberReturnTo } from "../lib/return-to";

function Problem({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-xl font-bold text-stone-900">{title}</h1>
      {children}
    </div>
  );
}

/** "Receipt · Anigye" only for a paid payment (docs/product-rules.md#payments-waiting-for-your-payment). */
function documentTitleKey(payment: PaymentDetail | undefined): UiKey {
  if (!payment || payment.status === "succeeded") return "payment.receiptPage.docTitle";
  return receiptHeading(payment) === "payment.receipt.waiting"
    ? "payment.receiptPage.docTitleWaiting"
    : "payment.receiptPage.docTitlePayment";
}

/** `/payments/:id`: a payment's printable receipt; while pending, what the payer still has to do. */
export default function PaymentReceiptPage() {
  const t = useT();
  const paymentId = parsePlainId(useParams().id);
  const query = usePayment(paymentId);
  const { isAdmin } = useAuth();
  const companyMe = useCompanyMe();

  const docTitle = t(documentTitleKey(query.data), { brand: brand.name });
  useEffect(() => {
    document.title = docTitle;
  }, [docTitle]);

  if (paymentId === null) return <Problem title={t("payment.receiptPage.notFound")} />;
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 401) {
      const here = `/payments/${paymentId}`;
      return (
        <Problem title={t("payment.receiptPage.signInTitle")}>
          <p className="mt-2 text-stone-600">
            {t("payment.receiptPage.signInText", { brand: brand.name, plus: brand.plusName })}
          </p>
          <div className="mt-5 flex flex-wrap justify-center gap-2">
            <Link to={paths.login} onClick={() => rememberReturnTo(here)} className={buttonClass("primary")}>
              {t("payment.receiptPage.signIn")}
            </Link>
            <Link to={paths.company} className={buttonClass("secondary")}>
              {t("payment.receiptPage.businessSignIn")}
            </Link>
          </div>
        </Problem>
      );
    }
    if (status === 404 || status === 403)
      return (
        <Problem title={t("payment.receiptPage.notFound")}>
          <p className="mt-2 text-stone-600">{t("payment.receiptPage.otherAccount")}</p>
          <Link to={paths.home} className={buttonClass("primary", "mt-5")}>
            {t("payment.receiptPage.goHome")}
          </Link>
        </Problem>
      );
    return <LoadError onRetry={() => void query.refetch()} />;
  }

  const payment = query.data;
  const ownCompany = companyMe.data?.company?.id;
  const isPayingCompany = payment.companyId !== null && payment.companyId === ownCompany;
  // An admin may read any payment, but only its payer acts on it.
  const readOnly = isAdmin && payment.purpose !== "plus" && !isPayingCompany;
  const back =
    payment.purpose === "plus"
      ? { to: paths.subscription, label: t("payment.receiptPage.backSubscription") }
      : payment.companyId !== null && (isPayingCompany || isAdmin)
        ? { to: subscriptionDetailsPath(payment.companyId), label: t("payment.receiptPage.backPlans") }
        : { to: paths.home, label: t("payment.receiptPage.backHome") };

  return (
    <div className="min-h-dvh bg-stone-50 print:bg-white">
      <div className="mx-auto max-w-2xl space-y-4 px-4 py-6 print:max-w-none print:p-0">
        <Link to={back.to} className="text-sm font-semibold text-amber-800 hover:underline print:hidden">
          ← {back.label}
        </Link>
        <PaymentReceipt payment={payment} readOnly={readOnly} />
        {isAdmin && (
          <Link
            to={paths.admin}
            className="text-sm font-semibold text-amber-800 hover:underline print:hidden"
          >
            {t("payment.receiptPage.adminQueue")}
          </Link>
        )}
      </div>
    </div>
  );
}
