import { Link } from "react-router";
import { paths } from "../../app/paths";
import { buttonClass } from "../../components/ui/button";
import { useT } from "../../lib/i18n";

/** The viewer's error state: the ad is gone, hidden, or could not be loaded. */
export function AdNotAvailable({ onRetry }: { onRetry?(): void }) {
  const t = useT();
  return (
    <div
      role="alert"
      className="fixed inset-0 flex flex-col items-center justify-center gap-4 bg-stone-950 px-6 text-center text-white"
    >
      <h1 className="text-xl font-bold">{t("viewer.notAvailable")}</h1>
      <p className="text-stone-300">{t("viewer.notAvailableText")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className={buttonClass("primary")}>
          {t("viewer.backToDiscover")}
        </Link>
        {onRetry && (
          <button type="button" onClick={onRetry} className={buttonClass("secondary")}>
            {t("viewer.tryAgain")}
          </button>
        )}
      </div>
    </div>
  );
}
