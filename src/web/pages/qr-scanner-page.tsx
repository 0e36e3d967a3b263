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
import { useT } from "../lib/i18n";
import { shopIdFromPoster } from "../lib/shop-poster";

type T = ReturnType<typeof useT>;

/** What a scanned code that is not a poster is, in words for a customer. */
export function notAPoster(t: T, code: string): string {
  if (/^ANIGYE-[MR]/i.test(code.trim())) return t("posterScan.customerCode");
  return t("posterScan.notPoster", { brand: brand.name });
}

/** The number printed under the poster's QR, for when the camera can't be used. */
function ShopNumberForm({ onShop }: { onShop(companyId: number): void }) {
  const [text, setText] = useState("");
  const [invalid, setInvalid] = useState(false);
  const t = useT();
  const error = invalid ? t("posterScan.shopError") : undefined;
  const hint = t("posterScan.shopHint");
  const { inputId, hintId, errorId, controlProps } = useFieldIds("shop", hint, error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = parsePlainId(text.trim());
    if (id === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onShop(id);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t("posterScan.shopNumber")} className="space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-700">
        {t("posterScan.shopNumber")}
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
          {t("posterScan.open")}
        </Button>
      </div>
      <FieldHint id={hintId}>{hint}</FieldHint>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </form>
  );
}

function Scanner({ onShop }: { onShop(companyId: number): void }) {
  // The scanned code that is not a poster: its words follow the language chosen.
  const [notPoster, setNotPoster] = useState<string | null>(null);
  const t = useT();
  const problem = notPoster === null ? null : notAPoster(t, notPoster);
  return (
    <div className="mx-auto max-w-md space-y-4 px-4 py-6">
      <header>
        <h1 className="flex items-center gap-2 text-2xl font-extrabold text-stone-900">
          <ScanLine className="size-7 text-amber-700" aria-hidden /> {t("posterScan.heading")}
        </h1>
        <p className="mt-1 text-stone-600">{t("posterScan.intro", { brand: brand.name })}</p>
      </header>
      <QrCamera
        label={t("posterScan.cameraLabel")}
        fallbackHint={t("posterScan.cameraFallback")}
        onCode={(code) => {
          const shop = shopIdFromPoster(code);
          if (shop === null) setNotPoster(code);
          else {
            setNotPoster(null);
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
      <p className="text-sm text-stone-600">{t("posterScan.onlyOpens")}</p>
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
  const t = useT();

  useEffect(() => {
    if (companyId === null) document.title = t("posterScan.docTitle", { brand: brand.name });
  }, [companyId, t]);

  // A poster's QR (`/qr-scanner?shop=12`) lands on the business's public page.
  if (companyId !== null) return <Navigate to={placePath(companyId)} replace />;
  return <Scanner onShop={(shop) => navigate(placePath(shop))} />;
}
