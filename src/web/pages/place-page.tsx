import { Gift, MapPin, MessageSquareText, Receipt, ScanLine, Stamp } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link, useLocation, useParams } from "react-router";
import { brand } from "../../shared/brand";
import { parsePlainId } from "../../shared/plain-id";
import { paths } from "../app/paths";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { LoadError } from "../components/ui/load-error";
import { OfflineNotice } from "../components/ui/offline-notice";
import { PageSpinner } from "../components/ui/page-spinner";
import { Skeleton } from "../components/ui/skeleton";
import { usePlace } from "../features/places/api";
import { LoyaltyCardProgress, PlaceOffers } from "../features/places/place-view";
import { usePublicCompany } from "../features/purchases/api";
import { BranchList, BusinessDetails } from "../features/purchases/business-details";
import { PlaceReviews } from "../features/purchases/place-reviews";
import { ReportPurchase } from "../features/purchases/report-purchase";
import { ApiError } from "../lib/api-client";
import { useAuth } from "../lib/auth";
import { useT } from "../lib/i18n";
import { isConnectionFailure } from "../lib/network-status";
import { rememberReturnTo } from "../lib/return-to";
import { slotMark, withSlots } from "../lib/rich-text";

function NotOnAnigye() {
  const t = useT();
  return (
    <div role="alert" className="py-10 text-center">
      <h1 className="text-xl font-bold text-stone-900">{t("place.notFound")}</h1>
      <p className="mt-2 text-stone-600">{t("place.notOnBrand", { brand: brand.name })}</p>
    </div>
  );
}

/** The loyalty card and offers come from the poster's read (places); looking never stamps. */
function LoyaltyAndOffers({ companyId, signedIn }: { companyId: number; signedIn: boolean }) {
  const place = usePlace(companyId);
  const t = useT();
  if (place.isPending) return <Skeleton className="h-40" />;
  if (place.isError) return <LoadError onRetry={() => void place.refetch()} />;
  return (
    <>
      <Card
        title={t("place.loyaltyCard")}
        icon={<Stamp className="size-5" aria-hidden />}
        testId="place-loyalty"
      >
        <LoyaltyCardProgress place={place.data} signedIn={signedIn} />
      </Card>
      <Card title={t("place.offers")} icon={<Gift className="size-5" aria-hidden />} testId="place-ads">
        <PlaceOffers place={place.data} />
      </Card>
    </>
  );
}

/**
 * `/places/:id`: a business's public page, opened from Discover, the viewer or its printed poster. Anyone
 * sees who and where it is, its loyalty card, its offers and its reviews; a member reports a purchase
 * here, and after staff verify it, reviews the business.
 */
export default function PlacePage() {
  const companyId = parsePlainId(useParams().id);
  const company = usePublicCompany(companyId);
  const { user } = useAuth();
  const location = useLocation();
  const signedIn = Boolean(user);
  const t = useT();

  useEffect(() => {
    if (company.data) document.title = `${company.data.name} · ${brand.name}`;
  }, [company.data]);

  // Signing in from here comes back to this business.
  useEffect(() => {
    if (!user) rememberReturnTo(location.pathname);
  }, [user, location.pathname]);

  let body: ReactNode;
  if (companyId === null) body = <NotOnAnigye />;
  else if (company.isPending) body = <PageSpinner label={t("place.opening")} />;
  else if (company.isError) {
    const error = company.error;
    if (error instanceof ApiError && error.status === 404) body = <NotOnAnigye />;
    else if (isConnectionFailure(error)) {
      body = (
        <OfflineNotice
          needsConnectionTo={t("place.needsConnection")}
          onRetry={() => void company.refetch()}
          retrying={company.isFetching}
          headingLevel={1}
        />
      );
    } else body = <LoadError onRetry={() => void company.refetch()} />;
  } else {
    const data = company.data;
    body = (
      <>
        <BusinessDetails company={data} />
        {data.branches.length > 0 && (
          <Card
            title={t("place.branches", { count: data.branches.length })}
            icon={<MapPin className="size-5" aria-hidden />}
            testId="place-branches-card"
          >
            <BranchList branches={data.branches} />
          </Card>
        )}
        <LoyaltyAndOffers companyId={data.id} signedIn={signedIn} />
        <Card
          title={t("reviews.heading")}
          icon={<MessageSquareText className="size-5" aria-hidden />}
          testId="place-reviews"
        >
          <PlaceReviews company={data} signedIn={signedIn} />
        </Card>
        <Card
          title={t("place.yourPurchases")}
          icon={<Receipt className="size-5" aria-hidden />}
          testId="place-purchases"
        >
          {signedIn ? (
            <ReportPurchase companyId={data.id} companyName={data.name} />
          ) : (
            <p className="text-sm text-stone-700">
              {withSlots(t("place.signInToReport", { signIn: slotMark("signIn"), company: data.name }), {
                signIn: (
                  <Link to={paths.login} className="font-semibold text-amber-800 underline">
                    {t("place.signIn")}
                  </Link>
                ),
              })}
            </p>
          )}
        </Card>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      {body}
      <Link to={paths.qrScanner} className={buttonClass("ghost", "min-h-12 w-full sm:w-auto")}>
        <ScanLine className="size-5" aria-hidden /> {t("posterScan.heading")}
      </Link>
    </div>
  );
}
