import { Bell } from "lucide-react";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { useT } from "../../lib/i18n";
import { useUnreadNotifications } from "./api";

/** The top bar's bell for a signed-in member: the unread count, and the way to the notification centre. */
export function NotificationBell({ className = "" }: { className?: string }) {
  const t = useT();
  const { data } = useUnreadNotifications();
  const unread = data?.unread ?? 0;
  const label = unread > 0 ? t("nav.notificationsUnread", { count: unread }) : t("nav.notifications");
  return (
    <Link to={paths.notifications} aria-label={label} className={`relative ${className}`}>
      <Bell className="size-5 text-stone-700" aria-hidden />
      {unread > 0 && (
        <span
          data-testid="notifications-unread"
          aria-hidden
          className="absolute top-1 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-bold text-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </Link>
  );
}
