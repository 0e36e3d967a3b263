import { LogOut, Shield, Star } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { brand } from "../../../shared/brand";
import { tierLabel } from "../../../shared/tiers";
import { NotificationBell } from "../../features/notifications/notification-bell";
import { useAuth } from "../../lib/auth";
import { initialsOf } from "../../lib/format";
import { useT } from "../../lib/i18n";
import { paths } from "../paths";

/** Every control in the bar is at least 44 px square, whatever it draws inside. */
const tapTarget = "flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg";

/**
 * The top bar: brand, and for a member their XP and tier (to My Rewards), initials and name (to the
 * profile) and Logout. On a 360 px phone the wordmark, the tier and Logout's icon give way and a long
 * name is cut with an ellipsis, so all of them stay on one line.
 */
export function TopNav() {
  const { user, isAdmin, logout } = useAuth();
  // Staff open /admin too: it shows them the proof queues only.
  const seesAdmin = isAdmin || user?.role === "staff";
  const navigate = useNavigate();
  const t = useT();
  const xp = user ? t("nav.xp", { xp: user.xpPoints }) : "";

  // Leave the page first: a signed-in-only page would otherwise send the signed-out visitor to /login.
  const signOut = async () => {
    navigate(paths.home);
    await logout();
  };

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <nav
        className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-1 px-2 sm:gap-3 sm:px-4"
        aria-label={t("nav.main")}
      >
        <Link
          to={paths.home}
          aria-label={t("nav.homeLink", { brand: brand.name })}
          className={`${tapTarget} gap-2 font-extrabold text-stone-900`}
        >
          <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
          <span className={`text-lg ${user ? "hidden min-[420px]:inline" : ""}`}>{brand.name}</span>
        </Link>
        {user ? (
          <div className="flex min-w-0 items-center gap-0 sm:gap-2">
            {seesAdmin && (
              <Link
                to={paths.admin}
                className={`${tapTarget} gap-1 px-1 text-sm font-medium text-stone-700 hover:bg-stone-100`}
              >
                <Shield className="size-4" aria-hidden />
                <span className="sr-only sm:not-sr-only">{t("nav.admin")}</span>
              </Link>
            )}
            <NotificationBell className={`${tapTarget} hover:bg-stone-100`} />
            <Link
              to={paths.rewards}
              data-testid="nav-xp"
              aria-label={t("nav.xpLabel", { xp: user.xpPoints, tier: tierLabel(user.tier) })}
              className={tapTarget}
            >
              <span className="flex items-center gap-1 rounded-full bg-amber-50 px-1.5 py-1 text-xs font-bold whitespace-nowrap text-amber-900 ring-1 ring-amber-200 sm:px-2">
                <Star
                  className="hidden size-3.5 fill-amber-500 text-amber-500 min-[400px]:block"
                  aria-hidden
                />
                {xp}
                <span className="hidden font-semibold sm:inline">· {tierLabel(user.tier)}</span>
              </span>
            </Link>
            <Link
              to={paths.profile}
              className="flex min-h-11 min-w-0 items-center gap-1.5 rounded-lg pr-1 hover:bg-stone-100"
            >
              <span
                aria-hidden
                data-testid="nav-avatar"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-amber-100 text-xs font-bold text-amber-800"
              >
                {initialsOf(user.displayName)}
              </span>
              <span className="min-w-0 truncate text-sm font-medium text-stone-800">{user.displayName}</span>
            </Link>
            <button
              type="button"
              onClick={signOut}
              className={`${tapTarget} gap-1 px-1.5 text-sm text-stone-600 hover:bg-stone-100`}
            >
              <LogOut className="hidden size-4 min-[400px]:block" aria-hidden />
              {t("nav.logout")}
            </button>
          </div>
        ) : (
          <div className="flex items-center gap-2">
            <Link
              to={paths.login}
              className="flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-stone-700 hover:bg-stone-100"
            >
              {t("nav.login")}
            </Link>
            <Link
              to={paths.register}
              className="flex min-h-11 items-center rounded-lg bg-amber-700 px-3 text-sm font-semibold text-white hover:bg-amber-800"
            >
              {t("nav.join")}
            </Link>
          </div>
        )}
      </nav>
    </header>
  );
}
