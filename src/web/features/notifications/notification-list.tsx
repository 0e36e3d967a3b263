import {
  Bell,
  CheckCheck,
  Coins,
  CreditCard,
  Gift,
  type LucideIcon,
  Share2,
  ShieldAlert,
  ShoppingBag,
  Stamp,
  Trophy,
  UserPlus,
} from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { NotificationItem, NotificationType } from "../../../shared/contracts/notifications";
import { Button } from "../../components/ui/button";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { formatAccraMoment } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { useMarkNotificationsRead, useNotificationPages } from "./api";

const icons: Record<NotificationType, LucideIcon> = {
  reward_earned: Gift,
  stamp_added: Stamp,
  card_completed: Stamp,
  draw_won: Trophy,
  draw_result: Trophy,
  share_verified: Share2,
  share_rejected: Share2,
  purchase_verified: ShoppingBag,
  purchase_rejected: ShoppingBag,
  referral_completed: UserPlus,
  payment: CreditCard,
  reward_expiring: Gift,
  account_warning: ShieldAlert,
  earnings_reversed: ShieldAlert,
  points_added: Coins,
};

/** The server takes at most 100 ids a call. */
const markBatch = 100;

function NotificationRow({ item, isNew }: { item: NotificationItem; isNew: boolean }) {
  const t = useT();
  const Icon = icons[item.type] ?? Bell;
  const body = (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800">
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-start justify-between gap-2">
          <span className="font-semibold text-stone-900">{item.title}</span>
          {isNew && (
            <span className="shrink-0 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
              {t("notifications.new")}
            </span>
          )}
        </span>
        <span className="mt-0.5 block text-sm text-stone-700">{item.message}</span>
        <span className="mt-1 block text-xs text-stone-600">
          {formatAccraMoment(Date.parse(item.createdAt))}
        </span>
      </span>
    </>
  );
  const rowClass = `flex gap-3 p-4 ${isNew ? "bg-amber-50" : "bg-white"}`;
  return (
    <li data-testid="notification-item" data-type={item.type}>
      {item.link?.startsWith("/") ? (
        <Link to={item.link} className={`${rowClass} hover:bg-stone-50`}>
          {body}
        </Link>
      ) : (
        <div className={rowClass}>{body}</div>
      )}
    </li>
  );
}

/**
 * The notification centre: newest first, "Load more" for older ones. What is shown is marked read (it
 * stays marked "New" for this visit, so the member sees what arrived since last time).
 */
export function NotificationList() {
  const t = useT();
  const query = useNotificationPages();
  const markRead = useMarkNotificationsRead();
  const sentRead = useRef(new Set<number>());
  const [allReadNow, setAllReadNow] = useState(false);

  const items = query.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unreadShown = items
    .filter((item) => !item.isRead && !sentRead.current.has(item.id))
    .map((item) => item.id);
  const unreadKey = unreadShown.join(",");
  const { mutate } = markRead;

  useEffect(() => {
    if (!unreadKey) return;
    const ids = unreadKey.split(",").map(Number);
    for (const id of ids) sentRead.current.add(id);
    for (let start = 0; start < ids.length; start += markBatch) mutate(ids.slice(start, start + markBatch));
  }, [unreadKey, mutate]);

  if (query.isPending) {
    return (
      <div className="space-y-2" role="status" aria-label={t("notifications.loading")}>
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  if (items.length === 0) {
    return (
      <p
        className="rounded-2xl bg-white p-6 text-center text-stone-600 ring-1 ring-stone-200"
        data-testid="notifications-empty"
      >
        {t("notifications.empty")}
      </p>
    );
  }

  const anyNew = !allReadNow && items.some((item) => !item.isRead);
  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <Button
          variant="secondary"
          className="min-h-11"
          pending={markRead.isPending && allReadNow}
          pendingLabel={t("notifications.marking")}
          disabled={!anyNew}
          onClick={() => {
            setAllReadNow(true);
            markRead.mutate(undefined, {
              onSuccess: () => toast({ title: t("notifications.allMarked") }),
              onError: () => {
                setAllReadNow(false);
                toast({
                  title: t("notifications.markFailed"),
                  description: t("notifications.tryAgain"),
                  variant: "destructive",
                });
              },
            });
          }}
        >
          <CheckCheck className="size-5" aria-hidden /> {t("notifications.markAll")}
        </Button>
      </div>
      <ul
        className="divide-y divide-stone-100 overflow-hidden rounded-2xl ring-1 ring-stone-200"
        aria-label={t("notifications.heading")}
      >
        {items.map((item) => (
          <NotificationRow key={item.id} item={item} isNew={!allReadNow && !item.isRead} />
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          variant="secondary"
          className="min-h-11 w-full"
          pending={query.isFetchingNextPage}
          pendingLabel={t("notifications.loadingMore")}
          onClick={() => void query.fetchNextPage()}
        >
          {t("notifications.loadMore")}
        </Button>
      )}
    </div>
  );
}
