import { useEffect } from "react";
import { brand } from "../../shared/brand";
import { UssdPhone } from "../features/ussd-simulator/ussd-phone";
import { useT } from "../lib/i18n";

/**
 * `/ussd`: the USSD simulator for anyone, in development and the demo (the server answers its calls only
 * there; elsewhere the phone says so). Admins have it at `/admin/ussd` everywhere.
 */
export default function UssdSimulatorPage() {
  const t = useT();
  useEffect(() => {
    document.title = `${t("ussdSimulator.title")} · ${brand.name}`;
  }, [t]);
  return (
    <div className="mx-auto max-w-md space-y-4 px-4 py-6">
      <header>
        <h1 className="text-2xl font-extrabold text-stone-900">{t("ussdSimulator.title")}</h1>
        <p className="text-stone-600">
          {t("ussdSimulator.intro", { brand: brand.name, code: brand.ussdDialCode })}
        </p>
      </header>
      <UssdPhone audience="open" />
    </div>
  );
}
