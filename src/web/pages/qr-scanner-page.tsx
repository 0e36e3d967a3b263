import { ScanLine } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { brand } from "../../shared/brand";
import { parsePlainId } from "../../shared/plain-id";
import { QrCamera } from "../components/qr-camera";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import {
  FieldError,
  FieldHint,
  inputClass,
  inputStateClass,
  useFieldIds,
} from "../components/ui/field-parts";
import { LoadError } from "../components/ui/load-error";
import { OfflineNotice } from "../components/ui/offline-notice";
import { PageSpinner } from "../components/ui/page-spinner";
import { usePlace } from "../features/places/api";
import { PlaceView } from "../features/places/place-view";
import { ApiError } from "../lib/api-client";
import { useAuth } from "../lib/auth";
import { isConnectionFailure } from "../lib/network-status";
import { rememberReturnTo } from "../lib/return-to";
import { shopIdFromPoster } from "../lib/shop-poster";

/** What a scanned code that is not a poster is, in words for a customer. */
function notAPoster(code: string): string {
  if (/^ANIGYE-[MR]/i.test(code.trim())) {
    return "That's a customer's code: staff scan it at the counter. Scan the shop's poster instead.";
  }
  return `That code isn't a ${brand.name} shop poster. Look for the poster with the ${brand.name} name at the counter.`;
}

/** The number printed under the poster's QR, for when the camera can't be used. */
function ShopNumberForm({ onShop }: { onShop(companyId: number): void }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const hint = "It's printed under the QR, at the end of the web address (…?shop=12).";
  const { inputId, hintId, errorId, controlProps } = useFieldIds("shop", hint, error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = parsePlainId(text.trim());
    if (id === null) {
      setError("Enter the shop number, e.g. 12");
      return;
    }
    setError(undefined);
    onShop(id);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Shop number" className="space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-700">
        Shop number
      </label>
      <div className="flex gap-2">
        <input
          {...controlProps}
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={`${inputClass} mt-0 ${inputStateClass(Boolean(error))}`}
        />
        <Button type="submit" className="shrink-0">
          Open
        </Button>
      </div>
      <FieldHint id={hintId}>{hint}</FieldHint>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </form>
  );
}

function Scanner({ onShop }: { onShop(companyId: number): void }) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="mx-auto max-w-md space-y-4 px-4 py-6">
      <header>
        <h1 className="flex items-center gap-2 text-2xl font-extrabold text-stone-900">
          <ScanLine className="size-7 text-amber-700" aria-hidden /> Scan a shop's poster
        </h1>
        <p className="mt-1 text-stone-600">
          Point your camera at the {brand.name} poster in a shop to see its loyalty card, offers and
          directions.
        </p>
      </header>
      <QrCamera
        label="Camera: hold the shop's poster QR inside the square"
        fallbackHint="Type the shop number from the poster below instead."
        onCode={(code) => {
          const shop = shopIdFromPoster(code);
          if (shop === null) setProblem(notAPoster(code));
          else {
            setProblem(null);
            onShop(shop);
          }
        }}
      />
      {problem && (
        <p
          role="alert"
          className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200"
        >
          {problem}
        </p>
      )}
      <Card>
        <ShopNumberForm onShop={onShop} />
      </Card>
      <p className="text-sm text-stone-600">
        Scanning a poster only opens the shop's page. To collect a stamp, show your own QR to the staff at the
        counter.
      </p>
    </div>
  );
}

function Place({ companyId, onScanAnother }: { companyId: number; onScanAnother(): void }) {
  const place = usePlace(companyId);
  const { user } = useAuth();
  const location = useLocation();

  useEffect(() => {
    if (place.data) document.title = `${place.data.companyName} · ${brand.name}`;
  }, [place.data]);

  // Signing in from here comes back to this shop.
  useEffect(() => {
    if (!user) rememberReturnTo(location.pathname + location.search);
  }, [user, location.pathname, location.search]);

  let body: ReactNode;
  if (place.isPending) body = <PageSpinner label="Opening the shop" />;
  else if (place.isError) {
    const error = place.error;
    if (error instanceof ApiError && error.status === 404) {
      body = (
        <div role="alert" className="py-10 text-center">
          <h1 className="text-xl font-bold text-stone-900">Shop not found</h1>
          <p className="mt-2 text-stone-600">This poster's shop isn't on {brand.name} any more.</p>
        </div>
      );
    } else if (isConnectionFailure(error)) {
      body = (
        <OfflineNotice
          needsConnectionTo="open this shop"
          onRetry={() => void place.refetch()}
          retrying={place.isFetching}
          headingLevel={1}
        />
      );
    } else body = <LoadError onRetry={() => void place.refetch()} />;
  } else body = <PlaceView place={place.data} signedIn={Boolean(user)} />;

  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      {body}
      <Button variant="secondary" className="min-h-12 w-full sm:w-auto" onClick={onScanAnother}>
        <ScanLine className="size-5" aria-hidden /> Scan another poster
      </Button>
    </div>
  );
}

/**
 * `/qr-scanner`: a consumer scans a shop's printed poster (its QR is `/qr-scanner?shop=<id>`, so a
 * phone's own camera app lands here too) and sees that business. It never stamps or redeems.
 */
export default function QrScannerPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const companyId = parsePlainId(searchParams.get("shop") ?? undefined);

  useEffect(() => {
    if (companyId === null) document.title = `Scan a shop · ${brand.name}`;
  }, [companyId]);

  if (companyId !== null) {
    return <Place companyId={companyId} onScanAnother={() => setSearchParams({})} />;
  }
  return <Scanner onShop={(shop) => setSearchParams({ shop: String(shop) })} />;
}
