import { useEffect } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { paths } from "../app/paths";
import { NotAllowed } from "../components/not-allowed";
import { UssdPhone } from "../features/ussd-simulator/ussd-phone";
import { useAuth } from "../lib/auth";
import { useT } from "../lib/i18n";

/**
 * `/admin/ussd` (full page, admins only): the USSD menus as any number would see them, through the real
 * Hubtel route on the server. Each dial is in the audit log.
 */
export default function AdminUssdPage() {
  const { user, isAdmin } = useAuth();
  const t = useT();

  useEffect(() => {
    document.title = `${t("ussdSimulator.title")} · ${brand.name} admin`;
  }, [t]);

  if (!isAdmin) return <NotAllowed signedIn={user !== null} audience="platform admins" />;
  return (
    <div className="min-h-dvh bg-stone-50">
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-6">
        <header className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-3xl font-extrabold text-stone-900">{t("ussdSimulator.title")}</h1>
            <p className="text-stone-600">
              {t("ussdSimulator.intro", { brand: brand.name, code: brand.ussdDialCode })} Each dial is
              recorded in the audit log, since it acts as that number's member.
            </p>
          </div>
          <Link to={paths.admin} className="text-sm font-semibold text-amber-800 hover:underline">
            Back to admin
          </Link>
        </header>
        <UssdPhone audience="admin" />
      </div>
    </div>
  );
}
