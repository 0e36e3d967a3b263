import { ScanLine } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { brand } from "../../shared/brand";
import { parsePlainId } from "../../shared/plain-id";
import { placePath } from "../app/paths";
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

/**
 * `/qr-scanner`: a consumer scans a shop's printed poster (its QR is `/qr-scanner?shop=<id>`, so a
 * phone's own camera app lands here too) and opens that business's page. It never stamps or redeems.
 */
export default function QrScannerPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const companyId = parsePlainId(searchParams.get("shop") ?? undefined);

  useEffect(() => {
    if (companyId === null) document.title = `Scan a shop · ${brand.name}`;
  }, [companyId]);

  // A poster's QR (`/qr-scanner?shop=12`) lands on the business's public page.
  if (companyId !== null) return <Navigate to={placePath(companyId)} replace />;
  return <Scanner onShop={(shop) => navigate(placePath(shop))} />;
}
