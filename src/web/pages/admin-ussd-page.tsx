import { brand } from "../../shared/brand";
import { AdminFullPage } from "../components/admin-full-page";
import { UssdPhone } from "../features/ussd-simulator/ussd-phone";
import { useT } from "../lib/i18n";

/**
 * `/admin/ussd` (full page, admins only): the USSD menus as any number would see them, through the real
 * Hubtel route on the server. Each dial is in the audit log.
 */
export default function AdminUssdPage() {
  const t = useT();
  return (
    <AdminFullPage
      title={t("ussdSimulator.title")}
      intro={
        <>
          {t("ussdSimulator.intro", { brand: brand.name, code: brand.ussdDialCode })} Each dial is recorded in
          the audit log, since it acts as that number's member.
        </>
      }
      columnClass="max-w-3xl space-y-4"
    >
      <UssdPhone audience="admin" />
    </AdminFullPage>
  );
}
