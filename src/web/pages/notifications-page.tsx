import { useEffect } from "react";
import { brand } from "../../shared/brand";
import { RequireAuth } from "../components/require-auth";
import { NotificationList } from "../features/notifications/notification-list";
import { useT } from "../lib/i18n";

/** `/notifications`: the member's notification centre, newest first. */
export default function NotificationsPage() {
  const t = useT();
  useEffect(() => {
    document.title = t("notifications.docTitle", { brand: brand.name });
  }, [t]);
  return (
    <RequireAuth>
      <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
        <h1 className="text-2xl font-extrabold text-stone-900">{t("notifications.heading")}</h1>
        <NotificationList />
      </div>
    </RequireAuth>
  );
}
