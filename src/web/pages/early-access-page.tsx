import { useEffect } from "react";
import { brand } from "../../shared/brand";
import { hasLaunched } from "../../shared/launch";
import { SignupTabs } from "../features/coming-soon/signup-tabs";
import { useT } from "../lib/i18n";

export default function EarlyAccessPage() {
  const t = useT();
  useEffect(() => {
    document.title = `Early access · ${brand.name}`;
  }, []);
  const date = brand.launchDateLabel;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{t("earlyAccess.title")}</h1>
      <p className="mt-2 text-stone-600">
        {hasLaunched() ? t("earlyAccess.introLaunched", { date }) : t("earlyAccess.intro", { date })}
      </p>
      <div className="mt-6">
        <SignupTabs />
      </div>
    </div>
  );
}
