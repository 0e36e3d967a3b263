import { useT } from "../../lib/i18n";
import { Button } from "./button";

/** A failed load with a retry, for pages that need data to show anything. */
export function LoadError({ onRetry, message }: { onRetry(): void; message?: string }) {
  const t = useT();
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-12 text-center">
      <h1 className="text-xl font-bold text-stone-900">{t("loadError.title")}</h1>
      <p className="mt-2 text-stone-600">{message ?? t("loadError.text")}</p>
      <Button className="mt-5" onClick={onRetry}>
        {t("offline.tryAgain")}
      </Button>
    </div>
  );
}
